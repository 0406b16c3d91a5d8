package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractTracingIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

class CassandraTracingIT extends AbstractTracingIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_cassandra";
  }

  @Override
  protected String tracingProperty() {
    return CassandraConfig.TRACING;
  }

  @Override
  protected String tracingFractionProperty() {
    return CassandraConfig.TRACING_FRACTION;
  }
}
