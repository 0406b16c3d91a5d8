package site.ycsb.db;

import site.ycsb.db.cql.driver.AbstractLostRequestIT;

class CassandraLostRequestIT extends AbstractLostRequestIT {
  @Override
  protected String keyspace() {
    return "ycsb_cassandra";
  }
}
