package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractAuthIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

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
