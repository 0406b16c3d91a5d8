package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractTracingIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

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
