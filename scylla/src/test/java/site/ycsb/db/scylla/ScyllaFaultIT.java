package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractFaultIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

class ScyllaFaultIT extends AbstractFaultIT {
  @Override
  protected BindingUnderTest binding() {
    return ScyllaBinding.INSTANCE;
  }

  @Override
  protected String keyspace() {
    return "ycsb_scylla";
  }
}
