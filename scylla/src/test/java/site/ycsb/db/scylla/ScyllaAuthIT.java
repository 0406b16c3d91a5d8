package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractAuthIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

/**
 * The scylla binding (ScyllaDB's driver) tested for authentication (user, password, wrong password) against the
 * real Cassandra test server, which speaks the same CQL; {@code ScyllaContainerIT} runs against a real ScyllaDB
 * where Docker exists.
 */
class ScyllaAuthIT extends AbstractAuthIT {
  @Override
  protected BindingUnderTest binding() {
    return ScyllaBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_scylla";
  }
}
