package site.ycsb.db.scylla;

import site.ycsb.db.cql.driver.AbstractLostRequestIT;

/** The scylla driver made to lose requests, against the real Cassandra test server. */
class ScyllaLostRequestIT extends AbstractLostRequestIT {
  @Override
  protected String keyspace() {
    return "ycsb_scylla";
  }
}
