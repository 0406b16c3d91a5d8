package site.ycsb.db.griddb;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static site.ycsb.db.griddb.Rows.expect;
import static site.ycsb.db.griddb.Rows.strings;
import static site.ycsb.db.griddb.Rows.values;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Integration tests of every operation of {@link GridDBClient} against a real GridDB (see {@link GridDBTarget}). */
class GridDBBindingIT {
  private static GridDBTarget target;
  private String table;
  private final List<GridDBClient> open = new ArrayList<>();

  @BeforeAll
  static void findServer() {
    target = GridDBTarget.get();
  }

  @BeforeEach
  void newTable() {
    assumeTrue(target != null, GridDBTarget.HOW_TO_ENABLE);
    table = "ycsbit" + Long.toHexString(System.nanoTime());
  }

  @AfterEach
  void dropTable() throws Exception {
    if (target == null) {
      return;
    }
    for (GridDBClient c : open) {
      try {
        c.cleanup();
      } catch (DBException e) {
        // Already cleaned up by the test.
      }
    }
    target.dropTable(table);
  }

  private GridDBClient client(String... kv) throws DBException {
    Properties p = target.with(kv);
    p.setProperty("table", table);
    p.putIfAbsent("fieldcount", "4");
    GridDBClient c = new GridDBClient();
    c.setProperties(p);
    c.init();
    open.add(c);
    return c;
  }

  @Test
  void should_insert_read_update_and_delete_when_the_server_is_real() throws Exception {
    GridDBClient c = client();
    assertSame(Status.OK, c.insert(table, "user1", values("field0", "a", "field1", "b", "field2", "c",
        "field3", "d")));
    Map<String, ByteIterator> r = new HashMap<>();
    assertSame(Status.OK, c.read(table, "user1", null, r));
    assertEquals(expect("field0", "a", "field1", "b", "field2", "c", "field3", "d"), strings(r));

    Map<String, ByteIterator> some = new HashMap<>();
    assertSame(Status.OK, c.read(table, "user1", new HashSet<>(Arrays.asList("field1", "field3")), some));
    assertEquals(expect("field1", "b", "field3", "d"), strings(some));

    assertSame(Status.OK, c.update(table, "user1", values("field2", "C")));
    assertSame(Status.OK, c.update(table, "user1", values("field0", "w", "field1", "x", "field2", "y",
        "field3", "z")));
    r.clear();
    c.read(table, "user1", null, r);
    assertEquals(expect("field0", "w", "field1", "x", "field2", "y", "field3", "z"), strings(r));

    assertSame(Status.OK, c.delete(table, "user1"));
    assertSame(Status.NOT_FOUND, c.read(table, "user1", null, new HashMap<>()));
    assertSame(Status.NOT_FOUND, c.delete(table, "user1"));
    assertSame(Status.NOT_FOUND, c.update(table, "user1", values("field0", "q")));
  }

  @Test
  void should_return_the_smallest_keys_in_order_across_containers_when_scanning_through_sql() throws Exception {
    smallestKeysInOrder(client("griddb.scanlayout", "sql"));
  }

  @Test
  void should_return_the_smallest_keys_in_order_across_containers_when_scanning_through_the_index()
      throws Exception {
    smallestKeysInOrder(client("griddb.scanlayout", "index"));
  }

  @Test
  void should_return_the_smallest_keys_in_order_across_containers_when_scanning_the_rows_layout()
      throws Exception {
    smallestKeysInOrder(client());
  }

  private void smallestKeysInOrder(GridDBClient c) throws Exception {
    TreeSet<String> keys = new TreeSet<>(KeyOrder.BY_CODE_POINT);
    Random rnd = new Random(1);
    for (int i = 0; i < 1000; i++) {
      String key = "user" + Math.abs(rnd.nextLong());
      keys.add(key);
      assertSame(Status.OK, c.insert(table, key, values("field0", "v" + key, "field1", "w" + key,
          "field2", "x", "field3", "y")));
    }
    String[] sorted = keys.toArray(new String[0]);
    for (String start : new String[] {"user", sorted[500], sorted[990], sorted[500] + "0", "zzzz"}) {
      for (int n : new int[] {1, 10, 100}) {
        List<String> expected = new ArrayList<>();
        for (String k : keys.tailSet(start, true)) {
          if (expected.size() == n) {
            break;
          }
          expected.add(k);
        }
        Vector<HashMap<String, ByteIterator>> out = new Vector<>();
        assertSame(Status.OK, c.scan(table, start, n, new HashSet<>(Arrays.asList("field1")), out));
        assertEquals(expected.size(), out.size(), "start=" + start + " n=" + n);
        for (int i = 0; i < out.size(); i++) {
          assertEquals(expect("field1", "w" + expected.get(i)), strings(out.get(i)), "start=" + start + " i=" + i);
        }
      }
    }
  }

  /**
   * Ordered scans (the scan index, and the rows layout's ordered data containers) against a brute-force sort: keys
   * built to collide on their order number (shared 9-character prefixes, non-ASCII keys that saturate it, keys
   * shorter than 9 bytes), loaded with batched and single inserts, some deleted, some updated (whole and partial),
   * then random scans (start keys present and absent, counts 1..120, projections) compared with the sorted list of
   * the keys that exist.
   */
  @ParameterizedTest
  @ValueSource(strings = {"index", "rows"})
  void should_match_a_brute_force_sort_of_all_keys_when_scanning_an_ordered_layout(String layout)
      throws Exception {
    String[] layoutProps = layout.equals("index")
        ? new String[] {"griddb.scanlayout", "index", "griddb.scanindexcount", "3"}
        : new String[] {"griddb.scanlayout", "rows"};
    GridDBClient loader = client(concat(layoutProps, "griddb.insertbatchsize", "50", "griddb.containercount", "7"));
    TreeSet<String> keys = new TreeSet<>(KeyOrder.BY_CODE_POINT);
    Random rnd = new Random(3);
    while (keys.size() < 1500) {
      int kind = rnd.nextInt(5);
      String key = kind == 0 ? "user1234" + rnd.nextInt(3000) : kind == 1 ? "us\u00e9r\u4e16" + rnd.nextInt(500)
          : kind == 2 ? "u" + rnd.nextInt(100) : "user" + Math.abs(rnd.nextLong());
      if (keys.add(key)) {
        loader.insert(table, key, values("field0", "a" + key, "field1", "b" + key, "field2", "c", "field3", "d"));
      }
    }
    loader.cleanup();
    GridDBClient c = client(layoutProps);
    List<String> all = new ArrayList<>(keys);
    for (int i = 0; i < 100; i++) {
      String gone = all.get(rnd.nextInt(all.size()));
      if (keys.remove(gone)) {
        assertSame(Status.OK, c.delete(table, gone));
      }
    }
    java.util.Set<String> twoFields = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      String key = "user1234" + (3000 + i);
      keys.add(key);
      twoFields.add(key);
      assertSame(Status.OK, c.insert(table, key, values("field0", "a" + key, "field1", "b" + key)));
    }
    // Partial updates rewrite a row under a lock: it must stay where ordered scans find it.
    java.util.Set<String> updated = new HashSet<>();
    all = new ArrayList<>(keys);
    for (int i = 0; i < 40; i++) {
      String key = all.get(rnd.nextInt(all.size()));
      if (!twoFields.contains(key) && updated.add(key)) {
        assertSame(Status.OK, c.update(table, key, values("field2", "C" + key)));
      }
    }
    for (int t = 0; t < 250; t++) {
      int kind = rnd.nextInt(4);
      String start = kind == 0 ? all.get(rnd.nextInt(all.size())) : kind == 1 ? "user1234" + rnd.nextInt(4000)
          : kind == 2 ? "us\u00e9r" : "user" + rnd.nextInt(1000);
      int n = 1 + rnd.nextInt(120);
      boolean projected = rnd.nextBoolean();
      List<String> expected = new ArrayList<>();
      for (String k : keys.tailSet(start, true)) {
        if (expected.size() == n) {
          break;
        }
        expected.add(k);
      }
      Vector<HashMap<String, ByteIterator>> out = new Vector<>();
      assertSame(Status.OK, c.scan(table, start, n, projected ? new HashSet<>(Arrays.asList("field1")) : null, out));
      assertEquals(expected.size(), out.size(), "start=" + start + " n=" + n);
      for (int i = 0; i < out.size(); i++) {
        String k = expected.get(i);
        Map<String, String> got = strings(out.get(i));
        Map<String, String> want = projected ? expect("field1", "b" + k)
            : twoFields.contains(k) ? expect("field0", "a" + k, "field1", "b" + k)
            : expect("field0", "a" + k, "field1", "b" + k, "field2", updated.contains(k) ? "C" + k : "c",
                "field3", "d");
        assertEquals(want, got, "start=" + start + " i=" + i);
      }
    }
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void should_lose_no_update_when_threads_update_fields_of_one_row_concurrently() throws Exception {
    client().insert(table, "hot", values("field0", "0", "field1", "0", "field2", "0", "field3", "0"));
    int rounds = 200;
    ExecutorService pool = Executors.newFixedThreadPool(4);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      String field = "field" + t;
      GridDBClient c = client();
      done.add(pool.submit(() -> {
        go.await();
        for (int i = 1; i <= rounds; i++) {
          assertSame(Status.OK, c.update(table, "hot", values(field, Integer.toString(i))));
        }
        return null;
      }));
    }
    go.countDown();
    for (Future<?> f : done) {
      f.get(5, TimeUnit.MINUTES);
    }
    pool.shutdown();
    Map<String, ByteIterator> r = new HashMap<>();
    client().read(table, "hot", null, r);
    String n = Integer.toString(rounds);
    assertEquals(expect("field0", n, "field1", n, "field2", n, "field3", n), strings(r));
  }

  @Test
  void should_write_batched_inserts_with_multi_put_and_flush_at_cleanup() throws Exception {
    GridDBClient c = client("griddb.insertbatchsize", "100");
    for (int i = 0; i < 250; i++) {
      Status s = c.insert(table, "user" + i, values("field0", "v" + i));
      assertSame((i + 1) % 100 == 0 ? Status.OK : Status.BATCHED_OK, s, "insert " + i);
    }
    c.cleanup();
    open.remove(c);
    GridDBClient reader = client();
    for (int i = 0; i < 250; i++) {
      Map<String, ByteIterator> r = new HashMap<>();
      assertSame(Status.OK, reader.read(table, "user" + i, null, r), "user" + i);
      assertEquals("v" + i, r.get("field0").toString());
    }
  }

  @Test
  void should_work_with_any_fieldcount_and_prefix() throws Exception {
    GridDBClient c = client("fieldcount", "25", "fieldnameprefix", "col_");
    Map<String, ByteIterator> v = new HashMap<>();
    for (int i = 0; i < 25; i++) {
      v.put("col_" + i, new StringByteIterator(new String(new char[1000]).replace('\0', (char) ('a' + i % 26))));
    }
    assertSame(Status.OK, c.insert(table, "k", v));
    Map<String, ByteIterator> r = new HashMap<>();
    assertSame(Status.OK, c.read(table, "k", null, r));
    assertEquals(25, r.size());
    assertEquals(1000, r.get("col_24").toString().length());
  }

  @Test
  void should_fail_init_clearly_when_the_table_exists_with_another_schema() throws Exception {
    client().cleanup();
    TableLayouts.reset();
    DBException e = assertThrows(DBException.class, () -> client("fieldcount", "5"));
    assertTrue(e.getMessage().contains("another schema"), e.getMessage());
  }

  @Test
  void should_fail_init_with_the_auth_code_in_one_line_without_the_password_when_the_password_is_wrong() {
    String secret = "Wr0ngPassw0rd-" + Long.toHexString(System.nanoTime());
    DBException e = assertThrows(DBException.class,
        () -> client("griddb.password", secret, "griddb.failovertimeoutseconds", "3"));
    String m = e.getMessage();
    assertTrue(m.contains("10005") && m.contains("check user and password") && !m.contains("\n"), m);
    assertTrue(!m.contains(secret) && m.length() < 400, m);
  }

  @Test
  void should_fail_init_in_seconds_naming_the_cluster_when_the_cluster_name_is_wrong() {
    DBException e = assertThrows(DBException.class,
        () -> client("griddb.clustername", "noSuchCluster", "griddb.failovertimeoutseconds", "3"));
    assertTrue(e.getMessage().contains("'noSuchCluster'") && !e.getMessage().contains("\n"), e.getMessage());
  }
}
