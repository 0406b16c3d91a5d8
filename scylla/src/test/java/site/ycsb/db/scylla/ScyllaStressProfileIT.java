package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractStressProfileIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

/**
 * The memo's cassandra-stress profile through the engine with the scylla binding (ScyllaDB's own driver). It runs
 * against the project's local Apache Cassandra (cassandra-testserver), which speaks the same CQL — not against a
 * ScyllaDB server: there is no ScyllaDB here without Docker ({@code ScyllaContainerIT} covers a real one where Docker
 * exists).
 */
class ScyllaStressProfileIT extends AbstractStressProfileIT {
  @Override
  protected BindingUnderTest binding() {
    return ScyllaBinding.INSTANCE;
  }
}
