package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractYcsbRunIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

/**
 * The scylla binding (ScyllaDB's driver) tested for workloads A–F through the engine, and the drop-in into YCSB
 * 0.17.0 against the real Cassandra test server, which speaks the same CQL; {@code ScyllaContainerIT} runs against
 * a real ScyllaDB where Docker exists.
 */
class ScyllaYcsbRunIT extends AbstractYcsbRunIT {
  @Override
  protected BindingUnderTest binding() {
    return ScyllaBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_scylla";
  }
}
