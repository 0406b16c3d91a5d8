package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractAsyncOperationsIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

/** The scylla binding (ScyllaDB driver) against the real Cassandra test server, which speaks the same CQL. */
class ScyllaAsyncOperationsIT extends AbstractAsyncOperationsIT {
  @Override
  protected BindingUnderTest binding() {
    return ScyllaBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_scylla";
  }
}
