package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractLocalDcIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

/**
 * The scylla binding (ScyllaDB's driver) tested for local-datacenter routing against the real Cassandra test
 * server, which speaks the same CQL; {@code ScyllaContainerIT} runs against a real ScyllaDB where Docker exists.
 */
class ScyllaLocalDcIT extends AbstractLocalDcIT {
  @Override
  protected BindingUnderTest binding() {
    return ScyllaBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_scylla";
  }
}
