package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractAsyncOperationsIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

class CassandraAsyncOperationsIT extends AbstractAsyncOperationsIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_cassandra";
  }
}
