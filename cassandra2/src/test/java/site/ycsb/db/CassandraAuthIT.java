package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractAuthIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

class CassandraAuthIT extends AbstractAuthIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_cassandra";
  }
}
