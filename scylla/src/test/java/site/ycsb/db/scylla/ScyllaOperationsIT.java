package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractOperationsIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

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
