package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractFaultIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

class CassandraFaultIT extends AbstractFaultIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_cassandra";
  }
}
