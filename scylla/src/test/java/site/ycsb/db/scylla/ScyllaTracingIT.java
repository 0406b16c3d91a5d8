package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractTracingIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

/**
 * The scylla binding (ScyllaDB's driver) tested for request tracing sampling against the real Cassandra test
 * server, which speaks the same CQL; {@code ScyllaContainerIT} runs against a real ScyllaDB where Docker exists.
 */
class ScyllaTracingIT extends AbstractTracingIT {
  @Override
  protected BindingUnderTest binding() {
    return ScyllaBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_scylla";
  }

  @Override
  protected String tracingProperty() {
    return ScyllaConfig.TRACING;
  }

  @Override
  protected String tracingFractionProperty() {
    return ScyllaConfig.TRACING_FRACTION;
  }
}
