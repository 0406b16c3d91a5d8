package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractLocalDcIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

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
