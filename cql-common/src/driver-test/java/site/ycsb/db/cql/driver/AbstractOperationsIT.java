package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Vector;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/** Every operation against the real server through the binding's DB class (one client for the class). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class AbstractOperationsIT {
  protected static final String TABLE = "optable";

  protected CassandraTestServer server;
  protected DB db;

  protected abstract BindingUnderTest binding();

  protected abstract String keyspace();

  @BeforeAll
  void connect() throws Exception {
    server = CassandraTestServer.shared();
    server.createYcsbSchema(keyspace(), TABLE, 10, "field");
    server.execute("TRUNCATE " + keyspace() + "." + TABLE);
    db = ItSupport.open(binding(), binding().connection(server, keyspace()));
  }

  @AfterAll
  void disconnect() throws Exception {
    if (db != null) {
      db.cleanup();
    }
  }

  protected static Map<String, ByteIterator> values(String... pairs) {
    Map<String, String> strings = new HashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      strings.put(pairs[i], pairs[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(strings);
  }

  private static Map<String, String> strings(Map<String, ByteIterator> result) {
    return StringByteIterator.getStringMap(result);
  }

  @Test
  void should_read_back_all_fields_without_the_key_column_when_inserted() {
    assertEquals(Status.OK, db.insert(TABLE, "k-all", values("field0", "a", "field1", "b", "field9", "z")));
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "k-all", null, result));
    Map<String, String> expected = new HashMap<>();
    expected.put("field0", "a");
    expected.put("field1", "b");
    expected.put("field9", "z");
    assertEquals(expected, strings(result));
  }

  @Test
  void should_return_not_found_when_the_row_is_missing() {
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "no-such-key", null, result));
    assertTrue(result.isEmpty());
  }

  @Test
  void should_return_only_the_requested_fields_when_projecting() {
    assertEquals(Status.OK, db.insert(TABLE, "k-proj", values("field0", "a", "field1", "b", "field2", "c")));
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "k-proj", new HashSet<>(Arrays.asList("field2", "field0")), result));
    Map<String, String> expected = new HashMap<>();
    expected.put("field0", "a");
    expected.put("field2", "c");
    assertEquals(expected, strings(result));
  }

  @Test
  void should_leave_out_null_columns_when_reading() {
    assertEquals(Status.OK, db.insert(TABLE, "k-null", values("field3", "only")));
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "k-null", null, result));
    assertEquals(Collections.singletonMap("field3", "only"), strings(result));
    result.clear();
    assertEquals(Status.OK, db.read(TABLE, "k-null", new HashSet<>(Arrays.asList("field3", "field4")), result));
    assertEquals(Collections.singletonMap("field3", "only"), strings(result));
  }

  @Test
  void should_change_only_the_given_fields_when_updating() {
    assertEquals(Status.OK, db.insert(TABLE, "k-upd", values("field0", "old0", "field1", "old1")));
    assertEquals(Status.OK, db.update(TABLE, "k-upd", values("field1", "new1")));
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "k-upd", null, result));
    Map<String, String> expected = new HashMap<>();
    expected.put("field0", "old0");
    expected.put("field1", "new1");
    assertEquals(expected, strings(result));
  }

  @Test
  void should_make_the_row_unreadable_when_deleted() {
    assertEquals(Status.OK, db.insert(TABLE, "k-del", values("field0", "x")));
    assertEquals(Status.OK, db.delete(TABLE, "k-del"));
    assertEquals(Status.NOT_FOUND, db.read(TABLE, "k-del", null, new HashMap<>()));
  }

  @Test
  void should_store_non_ascii_text_exactly_when_round_tripping() {
    Map<String, ByteIterator> in = new HashMap<>();
    byte[] utf8 = "żółw €".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    in.put("field5", new site.ycsb.ByteArrayByteIterator(utf8));
    assertEquals(Status.OK, db.insert(TABLE, "k-utf8", in));
    Map<String, ByteIterator> result = new HashMap<>();
    assertEquals(Status.OK, db.read(TABLE, "k-utf8", null, result));
    assertEquals("żółw €", new String(result.get("field5").toArray(), java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void should_return_rows_in_token_order_from_the_start_key_when_scanning() {
    for (int i = 0; i < 30; i++) {
      assertEquals(Status.OK, db.insert(TABLE, "scan" + i, values("field0", "v" + i, "field1", "w" + i)));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "scan7", 5, new HashSet<>(Collections.singletonList("field0")), rows));
    assertEquals(5, rows.size());
    // The first row is the start key itself (token(k) >= token(k)); each row has only the projected field.
    assertEquals("v7", rows.get(0).get("field0").toString());
    for (HashMap<String, ByteIterator> row : rows) {
      assertEquals(Collections.singleton("field0"), row.keySet());
    }
    Vector<HashMap<String, ByteIterator>> all = new Vector<>();
    assertEquals(Status.OK, db.scan(TABLE, "scan7", 1000, null, all));
    assertFalse(all.isEmpty());
    assertTrue(all.size() < 1000);
  }

  @Test
  void should_reject_an_unusable_field_name_when_writing() {
    assertEquals(Status.BAD_REQUEST, db.insert(TABLE, "k-bad", values("field0); DROP TABLE x; --", "v")));
    assertEquals(Status.ERROR, db.insert(TABLE, "k-bad", values("nosuchcolumn", "v")));
  }
}
