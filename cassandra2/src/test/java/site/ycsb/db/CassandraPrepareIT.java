package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractPrepareIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

class CassandraPrepareIT extends AbstractPrepareIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_cassandra";
  }
}
