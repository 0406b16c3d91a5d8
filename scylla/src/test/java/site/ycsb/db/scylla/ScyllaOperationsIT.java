package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractOperationsIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

/**
 * The scylla binding (ScyllaDB's driver) tested for every operation against the real Cassandra test server, which
 * speaks the same CQL; {@code ScyllaContainerIT} runs against a real ScyllaDB where Docker exists.
 */
class ScyllaOperationsIT extends AbstractOperationsIT {
  @Override
  protected BindingUnderTest binding() {
    return ScyllaBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_scylla";
  }
}
