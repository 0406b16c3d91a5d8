package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractYcsbRunIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

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
