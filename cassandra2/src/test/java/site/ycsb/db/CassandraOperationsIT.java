package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractOperationsIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

class CassandraOperationsIT extends AbstractOperationsIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_cassandra";
  }
}
