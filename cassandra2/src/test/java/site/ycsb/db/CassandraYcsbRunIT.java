package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractYcsbRunIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

class CassandraYcsbRunIT extends AbstractYcsbRunIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_cassandra";
  }
}
