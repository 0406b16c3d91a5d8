package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CassandraTestServerTest {

  @Test
  void should_generate_ycsb_table_with_numbered_varchar_fields() {
    assertEquals("CREATE TABLE IF NOT EXISTS ks.usertable (y_id varchar PRIMARY KEY, f0 varchar, f1 varchar,"
        + " f2 varchar)", CassandraTestServer.createTableCql("ks", "usertable", 3, "f"));
    assertEquals("CREATE TABLE IF NOT EXISTS ks.t (y_id varchar PRIMARY KEY)",
        CassandraTestServer.createTableCql("ks", "t", 0, "field"));
  }

  @Test
  void should_use_simple_strategy_rf_1_for_keyspace() {
    assertEquals("CREATE KEYSPACE IF NOT EXISTS ycsb WITH replication = {'class': 'SimpleStrategy',"
        + " 'replication_factor': 1}", CassandraTestServer.createKeyspaceCql("ycsb"));
  }
}
