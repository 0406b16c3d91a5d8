package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractStressProfileIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

/** The memo's cassandra-stress profile through the engine with the cassandra-cql binding, on a real Cassandra. */
class CassandraStressProfileIT extends AbstractStressProfileIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }
}
