package site.ycsb.db.scylla;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.db.cql.CqlStatus;
import site.ycsb.db.cql.driver.ItSupport;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/** scylla.lwt on and off against the real (CQL-compatible) Cassandra test server. */
class ScyllaLwtIT {
  private static final String KEYSPACE = "ycsb_scylla";
  private static final String TABLE = "lwttable";

  @BeforeAll
  static void schema() {
    CassandraTestServer server = CassandraTestServer.shared();
    server.createYcsbSchema(KEYSPACE, TABLE, 10, "field");
    server.execute("TRUNCATE " + KEYSPACE + "." + TABLE);
  }

  private static DB open(boolean lwt) throws DBException {
    Properties props = ScyllaBinding.INSTANCE.connection(CassandraTestServer.shared(), KEYSPACE);
    props.setProperty(ScyllaConfig.LWT, String.valueOf(lwt));
    return ItSupport.open(ScyllaBinding.INSTANCE, props);
  }

  private static Map<String, ByteIterator> value(String v) {
    Map<String, String> m = new HashMap<>();
    m.put("field0", v);
    return StringByteIterator.getByteIteratorMap(m);
  }

  private static String read(DB db, String key) {
    Map<String, ByteIterator> result = new HashMap<>();
    Status status = db.read(TABLE, key, null, result);
    return status == Status.OK ? result.get("field0").toString() : status.getName();
  }

  @Test
  void should_report_not_applied_writes_when_lwt_is_on() throws DBException {
    DB db = open(true);
    try {
      assertEquals(Status.OK, db.insert(TABLE, "lwt-1", value("first")));
      assertEquals(CqlStatus.NOT_APPLIED, db.insert(TABLE, "lwt-1", value("second")));
      assertEquals("first", read(db, "lwt-1"));
      assertEquals(CqlStatus.NOT_APPLIED, db.update(TABLE, "lwt-missing", value("x")));
      assertEquals("NOT_FOUND", read(db, "lwt-missing"));
      assertEquals(Status.OK, db.update(TABLE, "lwt-1", value("updated")));
      assertEquals("updated", read(db, "lwt-1"));
      assertEquals(CqlStatus.NOT_APPLIED, db.delete(TABLE, "lwt-missing"));
      assertEquals(Status.OK, db.delete(TABLE, "lwt-1"));
      assertEquals("NOT_FOUND", read(db, "lwt-1"));
    } finally {
      db.cleanup();
    }
  }

  @Test
  void should_upsert_unconditionally_when_lwt_is_off() throws DBException {
    DB db = open(false);
    try {
      assertEquals(Status.OK, db.insert(TABLE, "plain-1", value("first")));
      assertEquals(Status.OK, db.insert(TABLE, "plain-1", value("second")));
      assertEquals("second", read(db, "plain-1"));
      // Without a condition an update of a missing row creates it (CQL upsert semantics).
      assertEquals(Status.OK, db.update(TABLE, "plain-missing", value("x")));
      assertEquals("x", read(db, "plain-missing"));
    } finally {
      db.cleanup();
    }
  }
}
