package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractLocalDcIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

class CassandraLocalDcIT extends AbstractLocalDcIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_cassandra";
  }
}
