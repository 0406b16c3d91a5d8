package site.ycsb.db.griddb;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Unit tests of the binding's operation logic through {@link GridDBClient}, against {@link FakeStore}, a test double
 * of GridDB (not an integration test: no server is involved).
 */
class GridDBClientTest {
  private FakeStore store;
  private FakeConnector connector;

  @BeforeEach
  void setUp() {
    TableLayouts.reset();
    ClusterHealth.reset();
    GridDBClient.forgetRun();
    store = new FakeStore(16);
    connector = new FakeConnector(store);
  }

  @org.junit.jupiter.api.AfterEach
  void forgetHealth() {
    ClusterHealth.reset();
  }

  private static Properties props() {
    Properties p = new Properties();
    p.setProperty("griddb.notificationMember", "127.0.0.1:10001");
    p.setProperty("griddb.clusterName", "unit");
    p.setProperty("griddb.user", "admin");
    p.setProperty("griddb.password", "s3cret");
    p.setProperty("fieldcount", "3");
    p.setProperty("griddb.retrybackoffms", "0");
    return p;
  }

  private GridDBClient client(Properties p) throws DBException {
    GridDBClient c = new GridDBClient(connector);
    c.setProperties(p);
    c.init();
    return c;
  }

  @Test
  void should_create_containers_once_per_process_when_many_threads_init() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<GridDBClient>> clients = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      clients.add(pool.submit(() -> client(props())));
    }
    for (Future<GridDBClient> f : clients) {
      f.get(10, TimeUnit.SECONDS).cleanup();
    }
    pool.shutdown();
    // A new table has the rows layout: 8 data containers per node (one node here) and the layout record.
    assertEquals(TableLayouts.DEFAULT_ROWS_CONTAINERS_PER_NODE + 1, store.creates.get());
    assertEquals(8, connector.opened.get());
    assertEquals(8, store.sessionsClosed.get());
    assertEquals(8, dataPartitions().size(), "each container on a partition of its own");
  }

  private Set<Integer> dataPartitions() {
    Set<Integer> partitions = new HashSet<>();
    for (String name : store.schemas.keySet()) {
      if (!name.endsWith("_layout") && !name.contains("_scan_")) {
        partitions.add(store.partitionOfName(name));
      }
    }
    return partitions;
  }

  @Test
  void should_default_to_eight_containers_per_node_capped_by_the_partitions_when_the_layout_is_rows()
      throws Exception {
    store.nodes = 3;
    client(props()).cleanup();
    assertEquals(16, dataPartitions().size(), "min(16 partitions, 8 x 3 nodes), one per partition");
  }

  @Test
  void should_spread_containers_evenly_over_nodes_and_keep_them_when_partitions_move_later() throws Exception {
    store = new FakeStore(64);
    connector = new FakeConnector(store);
    store.nodes = 3;
    GridDBClient c = client(props());
    for (int i = 0; i < 300; i++) {
      assertEquals(Status.OK, c.insert("usertable", "user" + i, values("field0", "v" + i)));
    }
    c.cleanup();
    Map<Integer, Integer> perNode = new HashMap<>();
    for (int p : dataPartitions()) {
      perNode.merge(p % 3, 1, Integer::sum);
    }
    assertEquals(24, dataPartitions().size(), "8 per node on distinct partitions");
    assertEquals(3, perNode.size());
    assertTrue(perNode.values().stream().allMatch(n -> n == 8), "8 on each node: " + perNode);
    assertNotNull(store.data.get("usertable_layout").get(TableLayouts.NAMES_ROW), "the choice is recorded");
    // A failover moves partitions: a later run must find the same containers, not choose again.
    store.nodes = 2;
    TableLayouts.reset();
    GridDBClient later = client(props());
    for (int i = 0; i < 300; i++) {
      assertEquals(Status.OK, later.read("usertable", "user" + i, null, new HashMap<>()), "user" + i);
    }
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, later.scan("usertable", "user", 300, null, out));
    assertEquals(300, out.size());
  }

  @Test
  void should_fail_init_with_one_line_when_the_recorded_container_list_is_damaged() throws Exception {
    store = new FakeStore(64);
    connector = new FakeConnector(store);
    client(props()).cleanup();
    TreeMap<String, String[]> layout = store.data.get("usertable_layout");
    for (String bad : new String[] {"1,2,x", "1,2,3"}) {
      layout.put(TableLayouts.NAMES_ROW, new String[] {TableLayouts.NAMES_ROW, bad});
      TableLayouts.reset();
      DBException e = assertThrows(DBException.class, () -> client(props()));
      assertTrue(e.getMessage().startsWith("GridDB: usertable_layout ") && !e.getMessage().contains("\n"),
          e.getMessage());
    }
  }

  @Test
  void should_default_to_one_container_per_partition_when_the_layout_is_index_or_sql() throws Exception {
    client(indexScans()).cleanup();
    assertEquals(16 + TableLayouts.DEFAULT_SCAN_INDEX + 1, store.creates.get());
    assertEquals(16, dataPartitions().size());
  }

  @Test
  void should_give_the_rows_layout_an_indexed_order_column_and_no_scan_index() throws Exception {
    GridDBClient c = client(props());
    c.insert("usertable", "k1", values("field0", "a"));
    c.cleanup();
    for (Map.Entry<String, ContainerSchema> e : store.schemas.entrySet()) {
      if (!e.getKey().endsWith("_layout")) {
        assertEquals(Arrays.asList("ycsb_key", "field0", "field1", "field2", "ycsb_ord"),
            e.getValue().getColumnNames(), e.getKey());
        assertEquals("LONG", e.getValue().getColumnTypes().get(4));
      }
    }
    assertEquals(0, store.indexPuts.get());
    assertEquals("rows", store.data.get("usertable_layout").get(TableLayouts.LAYOUT_ROW)[1]);
  }

  @Test
  void should_refuse_a_scan_layout_that_differs_from_the_recorded_one() throws Exception {
    client(props()).cleanup();
    TableLayouts.reset();
    DBException e = assertThrows(DBException.class, () -> client(indexScans()));
    assertEquals("GridDB: table usertable was created with griddb.scanlayout=rows but griddb.scanlayout=index; drop"
        + " its containers or use that layout (or leave griddb.scanlayout unset)", e.getMessage());
  }

  @Test
  void should_scan_through_the_index_when_the_table_was_recorded_with_one_before_layouts_existed()
      throws Exception {
    scanOneRowOfATableRecordedWithout(indexScans(), TableLayouts.LAYOUT_ROW);
    assertTrue(store.indexReads.get() > 0);
    assertEquals(0, connector.readersOpened.get());
  }

  @Test
  void should_use_the_configured_container_count_when_set() throws Exception {
    Properties p = props();
    p.setProperty("griddb.containercount", "40");
    p.setProperty("griddb.scanlayout", "index");
    p.setProperty("griddb.scanindexcount", "3");
    client(p).cleanup();
    assertEquals(40 + 3 + 1, store.creates.get());
  }

  @Test
  void should_route_with_the_recorded_count_when_a_later_run_leaves_the_count_unset() throws Exception {
    Properties p = props();
    p.setProperty("griddb.containercount", "5");
    GridDBClient loader = client(p);
    for (int i = 0; i < 50; i++) {
      assertEquals(Status.OK, loader.insert("usertable", "user" + i, values("field0", "v" + i)));
    }
    loader.cleanup();
    TableLayouts.reset();
    GridDBClient runner = client(props());
    for (int i = 0; i < 50; i++) {
      assertEquals(Status.OK, runner.read("usertable", "user" + i, null, new HashMap<>()), "user" + i);
    }
  }

  @Test
  void should_fail_init_when_the_count_disagrees_with_the_recorded_one() throws Exception {
    Properties p = props();
    p.setProperty("griddb.containercount", "5");
    client(p).cleanup();
    TableLayouts.reset();
    p.setProperty("griddb.containercount", "6");
    DBException e = assertThrows(DBException.class, () -> client(p));
    assertTrue(e.getMessage().contains("created with 5 containers") && e.getMessage().contains("=6"),
        e.getMessage());
  }

  @Test
  void should_fail_init_naming_the_layout_row_when_a_recorded_count_is_unreadable() throws Exception {
    client(indexScans()).cleanup();
    for (String row : new String[] {TableLayouts.COUNT_ROW, TableLayouts.INDEX_ROW, TableLayouts.LAYOUT_ROW}) {
      TreeMap<String, String[]> layout = store.data.get("usertable_layout");
      String[] saved = layout.get(row);
      layout.put(row, new String[] {row, "12x"});
      TableLayouts.reset();
      DBException e = assertThrows(DBException.class, () -> client(props()));
      String what = row.equals(TableLayouts.COUNT_ROW) ? "container count"
          : row.equals(TableLayouts.INDEX_ROW) ? "scan index count" : "scan layout";
      assertEquals("GridDB: usertable_layout holds an unreadable " + what + " '12x'", e.getMessage());
      layout.put(row, saved);
    }
  }

  @Test
  void should_fail_init_with_a_clear_message_when_a_container_has_another_schema() throws Exception {
    client(props()).cleanup();
    TableLayouts.reset();
    Properties p = props();
    p.setProperty("fieldcount", "4");
    DBException e = assertThrows(DBException.class, () -> client(p));
    assertTrue(e.getMessage().contains("already exists with another schema")
        && e.getMessage().contains("field3 STRING"), e.getMessage());
  }

  @Test
  void should_fail_init_naming_method_members_and_cluster_but_not_password_when_connection_fails() {
    connector.connectFailure = new StoreException(10053, "[10053:TXN_CLUSTER_NAME_INVALID] Cluster name invalid",
        false, false);
    DBException e = assertThrows(DBException.class, () -> client(props()));
    String m = e.getMessage();
    assertTrue(m.contains("fixed list") && m.contains("127.0.0.1:10001") && m.contains("'unit'")
        && m.contains("10053") && m.contains("cluster name"), m);
    assertFalse(m.contains("s3cret") || m.contains("\n"), m);
  }

  @Test
  void should_return_exactly_the_requested_fields_when_reading() throws Exception {
    GridDBClient c = client(props());
    assertEquals(Status.OK, c.insert("usertable", "k1", values("field0", "a", "field1", "b", "field2", "c")));
    Map<String, ByteIterator> all = new HashMap<>();
    assertEquals(Status.OK, c.read("usertable", "k1", null, all));
    assertEquals(expect("field0", "a", "field1", "b", "field2", "c"), strings(all));
    Map<String, ByteIterator> one = new HashMap<>();
    assertEquals(Status.OK, c.read("usertable", "k1", new HashSet<>(Arrays.asList("field1")), one));
    assertEquals(expect("field1", "b"), strings(one));
    Map<String, ByteIterator> two = new HashMap<>();
    assertEquals(Status.OK, c.read("usertable", "k1", new HashSet<>(Arrays.asList("field0", "field2")), two));
    assertEquals(expect("field0", "a", "field2", "c"), strings(two));
  }

  @Test
  void should_keep_non_latin1_text_when_reading_back() throws Exception {
    GridDBClient c = client(props());
    Map<String, ByteIterator> v = new HashMap<>();
    v.put("field0", new site.ycsb.ByteArrayByteIterator("grüße 東京".getBytes("UTF-8")));
    c.insert("usertable", "k1", v);
    Map<String, ByteIterator> r = new HashMap<>();
    c.read("usertable", "k1", null, r);
    assertEquals("grüße 東京", r.get("field0").toString());
  }

  @Test
  void should_return_not_found_when_the_row_is_missing() throws Exception {
    GridDBClient c = client(props());
    Map<String, ByteIterator> r = new HashMap<>();
    assertEquals(Status.NOT_FOUND, c.read("usertable", "nope", null, r));
    assertTrue(r.isEmpty());
    assertEquals(Status.NOT_FOUND, c.delete("usertable", "nope"));
    assertEquals(Status.NOT_FOUND, c.update("usertable", "nope", values("field0", "x")));
    assertNull(store.allRows("usertable").get("nope"), "a partial update must not create the row");
  }

  @Test
  void should_omit_fields_without_value_when_a_row_was_inserted_with_fewer_fields() throws Exception {
    GridDBClient c = client(props());
    assertEquals(Status.OK, c.insert("usertable", "k1", values("field1", "b")));
    Map<String, ByteIterator> r = new HashMap<>();
    assertEquals(Status.OK, c.read("usertable", "k1", null, r));
    assertEquals(expect("field1", "b"), strings(r));
  }

  @Test
  void should_return_bad_request_when_a_field_is_unknown() throws Exception {
    GridDBClient c = client(props());
    assertEquals(Status.BAD_REQUEST, c.insert("usertable", "k1", values("field9", "x")));
    assertEquals(Status.BAD_REQUEST, c.read("usertable", "k1", new HashSet<>(Arrays.asList("nope")),
        new HashMap<>()));
    assertEquals(Status.BAD_REQUEST, c.update("usertable", "k1", values("nope", "x")));
    assertEquals(Status.BAD_REQUEST, c.scan("usertable", "k", 5, new HashSet<>(Arrays.asList("nope")),
        new Vector<>()));
  }

  @Test
  void should_write_once_without_reading_when_all_fields_are_updated() throws Exception {
    GridDBClient c = client(props());
    c.insert("usertable", "k1", values("field0", "a", "field1", "b", "field2", "c"));
    int puts = store.puts.get();
    int gets = store.gets.get() + store.lockedGets.get();
    assertEquals(Status.OK, c.update("usertable", "k1", values("field0", "x", "field1", "y", "field2", "z")));
    assertEquals(puts + 1, store.puts.get());
    assertEquals(gets, store.gets.get() + store.lockedGets.get());
    Map<String, ByteIterator> r = new HashMap<>();
    c.read("usertable", "k1", null, r);
    assertEquals(expect("field0", "x", "field1", "y", "field2", "z"), strings(r));
  }

  @Test
  void should_read_under_a_row_lock_and_keep_other_fields_when_some_fields_are_updated() throws Exception {
    GridDBClient c = client(props());
    c.insert("usertable", "k1", values("field0", "a", "field1", "b", "field2", "c"));
    assertEquals(Status.OK, c.update("usertable", "k1", values("field1", "B")));
    assertEquals(1, store.lockedGets.get());
    Map<String, ByteIterator> r = new HashMap<>();
    c.read("usertable", "k1", null, r);
    assertEquals(expect("field0", "a", "field1", "B", "field2", "c"), strings(r));
  }

  @Test
  void should_lose_no_update_when_threads_update_different_fields_of_one_row() throws Exception {
    Properties p = props();
    p.setProperty("fieldcount", "4");
    GridDBClient setup = client(p);
    setup.insert("usertable", "hot", values("field0", "0", "field1", "0", "field2", "0", "field3", "0"));
    int threads = 4;
    int rounds = 300;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      String field = "field" + t;
      done.add(pool.submit(() -> {
        GridDBClient c = client(p);
        start.await();
        for (int i = 1; i <= rounds; i++) {
          // Read-increment-write of the thread's own field, through partial updates of the shared row.
          Map<String, ByteIterator> cur = new HashMap<>();
          assertEquals(Status.OK, c.read("usertable", "hot", null, cur));
          assertEquals(Status.OK, c.update("usertable", "hot", values(field, Integer.toString(i))));
        }
        c.cleanup();
        return null;
      }));
    }
    start.countDown();
    for (Future<?> f : done) {
      f.get(60, TimeUnit.SECONDS);
    }
    pool.shutdown();
    Map<String, ByteIterator> r = new HashMap<>();
    setup.read("usertable", "hot", null, r);
    String n = Integer.toString(rounds);
    assertEquals(expect("field0", n, "field1", n, "field2", n, "field3", n), strings(r));
  }

  @Test
  void should_delete_the_row_when_it_exists() throws Exception {
    GridDBClient c = client(props());
    c.insert("usertable", "k1", values("field0", "a"));
    assertEquals(Status.OK, c.delete("usertable", "k1"));
    assertEquals(Status.NOT_FOUND, c.read("usertable", "k1", null, new HashMap<>()));
  }

  private static Properties sqlScans() {
    Properties p = props();
    p.setProperty("griddb.scanlayout", "sql");
    return p;
  }

  private static Properties indexScans() {
    Properties p = props();
    p.setProperty("griddb.scanlayout", "index");
    return p;
  }

  /** Inserts 200 rows, then checks a scan in the middle (one field) and one past the end (all fields). */
  private static void assertScansInKeyOrderAcrossContainers(GridDBClient c) {
    for (int i = 0; i < 200; i++) {
      String key = String.format("user%03d", i);
      c.insert("usertable", key, values("field0", "v" + i, "field1", "w" + i, "field2", "x" + i));
    }
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, c.scan("usertable", "user050", 30, new HashSet<>(Arrays.asList("field1")), out));
    assertEquals(30, out.size());
    for (int i = 0; i < 30; i++) {
      assertEquals(expect("field1", "w" + (50 + i)), strings(out.get(i)));
    }
    Vector<HashMap<String, ByteIterator>> tail = new Vector<>();
    assertEquals(Status.OK, c.scan("usertable", "user195", 30, null, tail));
    assertEquals(5, tail.size());
    assertEquals(expect("field0", "v195", "field1", "w195", "field2", "x195"), strings(tail.get(0)));
  }

  @Test
  void should_return_rows_in_key_order_across_containers_when_scanning_through_sql() throws Exception {
    GridDBClient c = client(sqlScans());
    assertScansInKeyOrderAcrossContainers(c);
    assertEquals(1, connector.readersOpened.get(), "one SQL connection per thread, opened lazily");
  }

  @Test
  void should_not_open_a_sql_connection_when_no_scan_runs() throws Exception {
    GridDBClient c = client(props());
    c.insert("usertable", "k", values("field0", "a"));
    c.cleanup();
    assertEquals(0, connector.readersOpened.get());
  }

  @Test
  void should_use_the_table_argument_when_it_differs_from_the_property() throws Exception {
    GridDBClient c = client(props());
    assertEquals(Status.OK, c.insert("othertable", "k1", values("field0", "a")));
    assertEquals(1, store.allRows("othertable").size());
    assertEquals(0, store.allRows("usertable").size());
  }

  @Test
  void should_buffer_inserts_and_flush_with_one_multi_put_when_batching() throws Exception {
    Properties p = props();
    p.setProperty("griddb.insertbatchsize", "10");
    GridDBClient c = client(p);
    for (int i = 0; i < 9; i++) {
      assertSame(Status.BATCHED_OK, c.insert("usertable", "user" + i, values("field0", "v")));
    }
    assertEquals(0, store.allRows("usertable").size());
    assertSame(Status.OK, c.insert("usertable", "user9", values("field0", "v")));
    assertEquals(10, store.allRows("usertable").size());
    assertEquals(1, store.multiPuts.get());
    for (int i = 10; i < 13; i++) {
      assertSame(Status.BATCHED_OK, c.insert("usertable", "user" + i, values("field0", "v")));
    }
    c.cleanup();
    assertEquals(13, store.allRows("usertable").size(), "cleanup flushes the rest");
    assertEquals(2, store.multiPuts.get());
  }

  @Test
  void should_fail_cleanup_naming_lost_rows_when_the_final_flush_fails() throws Exception {
    Properties p = props();
    p.setProperty("griddb.insertbatchsize", "10");
    p.setProperty("griddb.retries", "0");
    GridDBClient c = client(p);
    c.insert("usertable", "a", values("field0", "v"));
    c.insert("usertable", "b", values("field0", "v"));
    store.failNext.add(new StoreException(60001, "disk full", false, false));
    DBException e = assertThrows(DBException.class, c::cleanup);
    assertTrue(e.getMessage().contains("2 inserts") && e.getMessage().contains("60001"), e.getMessage());
    assertEquals(1, store.sessionsClosed.get(), "the connection is closed anyway");
  }

  /** A failure as GridStoreSession converts the one a real client threw (see ErrorKindTest for the pairs). */
  private static StoreException recorded(com.toshiba.mwcloud.gs.GSException e, boolean idempotent) {
    return GridStoreSession.convert(e, idempotent);
  }

  private static StoreException closedHandle() {
    return recorded(new com.toshiba.mwcloud.gs.GSException(145038, "[145038:JC_CONTAINER_CLOSED] Already closed"),
        true);
  }

  @Test
  void should_retry_and_succeed_when_an_error_is_recoverable() throws Exception {
    GridDBClient c = client(props());
    store.failNext.add(closedHandle());
    store.failNext.add(recorded(new com.toshiba.mwcloud.gs.GSRecoverableException(1234, "try again"), true));
    assertEquals(Status.OK, c.insert("usertable", "k", values("field0", "a")));
    assertEquals(1, store.allRows("usertable").size());
  }

  @Test
  void should_give_up_after_the_retry_limit_when_errors_persist() throws Exception {
    Properties p = props();
    p.setProperty("griddb.retries", "2");
    GridDBClient c = client(p);
    for (int i = 0; i < 3; i++) {
      store.failNext.add(closedHandle());
    }
    assertEquals(Status.SERVICE_UNAVAILABLE, c.read("usertable", "k", null, new HashMap<>()));
    assertTrue(store.failNext.isEmpty(), "1 try + 2 retries");
  }

  @Test
  void should_print_the_retries_per_operation_once_when_the_last_client_cleans_up() throws Exception {
    Properties p = props();
    p.setProperty("griddb.retries", "1");
    GridDBClient first = client(p);
    GridDBClient second = client(p);
    store.failNext.add(new StoreException(145028, "connection reset", true, false));
    assertEquals(Status.OK, first.insert("usertable", "k", values("field0", "a")));
    store.failNext.add(new StoreException(145028, "connection reset", true, false));
    store.failNext.add(new StoreException(145028, "connection reset", true, false));
    assertEquals(Status.SERVICE_UNAVAILABLE, second.read("usertable", "k", null, new HashMap<>()));
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.PrintStream stdout = System.out;
    System.setOut(new java.io.PrintStream(out, true));
    try {
      first.cleanup();
      assertEquals("", out.toString(), "printed at the last cleanup only");
      second.cleanup();
    } finally {
      System.setOut(stdout);
    }
    assertEquals("[GRIDDB-RETRIES], READ, 1\n[GRIDDB-RETRIES], SCAN, 0\n[GRIDDB-RETRIES], UPDATE, 0\n"
        + "[GRIDDB-RETRIES], INSERT, 1\n[GRIDDB-RETRIES], DELETE, 0\n[GRIDDB-RETRIES], TOTAL, 2\n"
        + "[GRIDDB-RETRIES], READ-GAVE-UP, 1\n", out.toString().replace(System.lineSeparator(), "\n"));
  }

  @Test
  void should_map_errors_without_retry_when_they_are_not_recoverable() throws Exception {
    GridDBClient c = client(props());
    store.failNext.add(new StoreException(150018, "type error", false, false));
    store.failNext.add(new StoreException(0, "never thrown", false, false));
    assertEquals(Status.ERROR, c.read("usertable", "k", null, new HashMap<>()));
    assertEquals(1, store.failNext.size(), "no retry");
    store.failNext.clear();
    store.failNext.add(new StoreException(10005, "auth", false, false));
    assertEquals(Status.FORBIDDEN, c.delete("usertable", "k"));
    store.failNext.add(recorded(new com.toshiba.mwcloud.gs.GSTimeoutException(145028,
        "[145028:JC_BAD_CONNECTION] Failover timed out"), true));
    store.failNext.add(new StoreException(0, "never thrown", false, false));
    assertEquals(Status.SERVICE_UNAVAILABLE, c.update("usertable", "k", values("field0", "x")));
    assertEquals(1, store.failNext.size(), "timeouts are not retried");
  }

  @Test
  void should_not_retry_a_partial_update_when_its_commit_may_have_been_applied() throws Exception {
    GridDBClient c = client(props());
    c.insert("usertable", "k", values("field0", "a", "field1", "b"));
    store.failCommit.add(recorded(new com.toshiba.mwcloud.gs.GSRecoverableException(1234, "try again"), false));
    // Last: it marks the cluster unreachable, after which operations fail without calling it.
    store.failCommit.add(recorded(new com.toshiba.mwcloud.gs.common.GSConnectionException(145029,
        "[145029:JC_CONNECTION_TIMEOUT] Connection timed out on receiving"), false));
    int before = store.lockedGets.get();
    assertEquals(Status.SERVICE_UNAVAILABLE, c.update("usertable", "k", values("field0", "x")));
    assertEquals(before + 1, store.lockedGets.get(), "a recoverable commit failure may have been applied");
    before = store.lockedGets.get();
    assertEquals(Status.SERVICE_UNAVAILABLE, c.update("usertable", "k", values("field0", "x")));
    assertEquals(before + 1, store.lockedGets.get(), "a commit of unknown outcome is not repeated");
    assertTrue(store.failCommit.isEmpty());
  }

  @Test
  void should_retry_a_partial_update_when_the_node_rolled_its_transaction_back() throws Exception {
    GridDBClient c = client(props());
    c.insert("usertable", "k", values("field0", "a", "field1", "b"));
    store.failCommit.add(recorded(new com.toshiba.mwcloud.gs.common.GSStatementException(110005,
        "[110005:TM_TRANSACTION_NOT_FOUND]"), false));
    int before = store.lockedGets.get();
    assertEquals(Status.OK, c.update("usertable", "k", values("field0", "x")));
    assertEquals(before + 2, store.lockedGets.get(), "repeated once");
    Map<String, ByteIterator> row = new HashMap<>();
    assertEquals(Status.OK, c.read("usertable", "k", null, row));
    assertEquals("x", row.get("field0").toString());
    assertEquals("b", row.get("field1").toString());
  }

  @Test
  void should_report_ok_when_a_retried_delete_finds_the_row_gone_after_an_attempt_that_may_have_removed_it()
      throws Exception {
    GridDBClient c = client(props());
    c.insert("usertable", "k", values("field0", "a"));
    store.failAfterApplying.add(recorded(new com.toshiba.mwcloud.gs.GSRecoverableException(1234, "try again"), true));
    assertEquals(Status.OK, c.delete("usertable", "k"));
    assertTrue(store.allRows("usertable").isEmpty());
    // A retry after a failure that certainly changed nothing keeps NOT_FOUND honest.
    store.failNext.add(closedHandle());
    assertEquals(Status.NOT_FOUND, c.delete("usertable", "k"));
  }

  @Test
  void should_release_the_row_lock_when_a_locked_update_fails() throws Exception {
    Properties p = props();
    p.setProperty("griddb.retries", "0");
    GridDBClient c = client(p);
    c.insert("usertable", "k", values("field0", "a"));
    // Fail the locked read once, then check another thread can still lock the row.
    store.failNext.add(new StoreException(1, "boom", false, false));
    assertEquals(Status.ERROR, c.update("usertable", "k", values("field0", "b")));
    ExecutorService other = Executors.newSingleThreadExecutor();
    Future<Status> s = other.submit(() -> {
      GridDBClient c2 = client(p);
      return c2.update("usertable", "k", values("field0", "c"));
    });
    assertEquals(Status.OK, s.get(10, TimeUnit.SECONDS));
    other.shutdown();
  }

  @Test
  void should_reopen_the_sql_connection_when_a_scan_failed() throws Exception {
    Properties p = sqlScans();
    p.setProperty("griddb.retries", "0");
    GridDBClient c = client(p);
    c.insert("usertable", "k", values("field0", "a"));
    assertEquals(Status.OK, c.scan("usertable", "k", 1, null, new Vector<>()));
    store.failNext.add(new StoreException(0, "connection closed", false, false));
    assertEquals(Status.ERROR, c.scan("usertable", "k", 1, null, new Vector<>()));
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, c.scan("usertable", "k", 1, null, out));
    assertEquals(1, out.size());
    assertEquals(2, connector.readersOpened.get());
  }

  @Test
  void should_open_the_sql_connection_during_init_when_the_workload_scans() throws Exception {
    Properties p = sqlScans();
    p.setProperty("scanproportion", "0.95");
    GridDBClient c = client(p);
    assertEquals(1, connector.readersOpened.get(), "opened by init, before any scan");
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, c.scan("usertable", "k", 1, null, out));
    assertEquals(1, connector.readersOpened.get(), "the scan reuses it");
    c.cleanup();
  }

  @Test
  void should_fail_init_with_one_line_when_the_sql_connection_cannot_open() {
    Properties p = sqlScans();
    p.setProperty("scanproportion", "0.5");
    connector.readerFailure = new StoreException(0, "cannot open GridDB SQL connection jdbc:gs:///c/public"
        + "?notificationMember=127.0.0.1:20999: Connection refused\n\tat somewhere", false, false);
    DBException e = assertThrows(DBException.class, () -> client(p));
    assertTrue(e.getMessage().startsWith("GridDB: cannot open the SQL connection for scans ("), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertFalse(e.getCause() instanceof IllegalArgumentException, "a connection failure is not exit 2");
  }

  @Test
  void should_return_rows_in_key_order_across_containers_when_scanning_through_the_index() throws Exception {
    GridDBClient c = client(indexScans());
    assertScansInKeyOrderAcrossContainers(c);
    assertEquals(0, connector.readersOpened.get(), "no SQL connection");
    assertTrue(store.indexReads.get() > 0 && store.multiGets.get() > 0);
    assertEquals(2, store.fetchAlls.get(), "one batched first round of index reads per scan");
  }

  @Test
  void should_return_rows_in_key_order_across_containers_when_scanning_the_rows_layout() throws Exception {
    GridDBClient c = client(props());
    assertScansInKeyOrderAcrossContainers(c);
    assertEquals(0, connector.readersOpened.get(), "no SQL connection");
    assertTrue(store.orderedReads.get() > 0);
    assertEquals(0, store.multiGets.get(), "rows come with the ordered reads");
    assertEquals(0, store.indexReads.get());
    assertEquals(2, store.fetchAlls.get(), "one batched first round of reads per scan");
  }

  @Test
  void should_read_about_a_containers_share_of_rows_when_scanning_the_rows_layout() throws Exception {
    GridDBClient c = client(props());
    java.util.Random r = new java.util.Random(11);
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      String k = "user" + Math.abs(r.nextLong());
      keys.add(k);
      c.insert("usertable", k, values("field0", "v"));
    }
    keys.sort(KeyOrder.BY_CODE_POINT);
    store.rowsReturned.set(0);
    int scans = 200;
    for (int t = 0; t < scans; t++) {
      Vector<HashMap<String, ByteIterator>> out = new Vector<>();
      assertEquals(Status.OK, c.scan("usertable", keys.get(r.nextInt(1500)), 50, null, out));
      assertEquals(50, out.size());
    }
    // 8 containers, n = 50: a first batch of ceil(6.25 + 1.5 * 2.5) + 1 = 11 (+1 slack) each, 96 rows, and rare
    // follow-ups; the index layout's sizing (2 * 7 + 4 + 8 = 26 each) would read 208.
    double perScan = store.rowsReturned.get() / (double) scans;
    assertTrue(perScan < 110, "rows read per scan of 50: " + perScan);
  }

  @Test
  void should_repeat_unsettled_reads_together_when_groups_of_equal_numbers_are_cut() throws Exception {
    GridDBClient c = client(props());
    // 400 keys in 4 groups of equal order number ("user1234" + one more character): ~12 per container and group.
    for (int i = 0; i < 400; i++) {
      c.insert("usertable", "user1234" + i % 4 + String.format("%03d", i), values("field0", "v"));
    }
    store.fetchAlls.set(0);
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, c.scan("usertable", "user1234", 10, null, out));
    assertEquals(10, out.size());
    assertEquals(0, store.singleOrderedReads.get(), "no container asked on its own");
    // A first batch of 5 rows per container settles nothing (groups of ~12); 10 neither; 20 does.
    assertEquals(3, store.fetchAlls.get(), "one request per round");
  }

  @ParameterizedTest
  @ValueSource(strings = {"rows", "index"})
  void should_match_a_sorted_list_when_many_keys_share_their_first_nine_characters(String layout)
      throws Exception {
    Properties p = props();
    p.setProperty("griddb.scanlayout", layout);
    if (layout.equals("index")) {
      p.setProperty("griddb.scanindexcount", "3");
    }
    GridDBClient c = client(p);
    List<String> keys = new ArrayList<>();
    java.util.Random r = new java.util.Random(7);
    for (int i = 0; i < 400; i++) {
      // Long runs of equal ords (the prefix "user1234"), non-ASCII keys (which saturate) and short keys.
      String k = i % 4 == 0 ? "user1234" + r.nextInt(1000) : i % 4 == 1 ? "us\u00e9r" + r.nextInt(100)
          : i % 4 == 2 ? "u" + r.nextInt(50) : "user" + r.nextInt(1_000_000);
      if (!keys.contains(k)) {
        keys.add(k);
        assertEquals(Status.OK, c.insert("usertable", k, values("field0", "v" + k)));
      }
    }
    keys.sort(KeyOrder.BY_CODE_POINT);
    for (int t = 0; t < 300; t++) {
      String start = t % 3 == 0 ? keys.get(r.nextInt(keys.size())) : "user1234" + r.nextInt(1000);
      int n = 1 + r.nextInt(60);
      Vector<HashMap<String, ByteIterator>> out = new Vector<>();
      assertEquals(Status.OK, c.scan("usertable", start, n, null, out));
      List<String> expected = new ArrayList<>();
      for (String k : keys) {
        if (KeyOrder.compare(k, start) >= 0 && expected.size() < n) {
          expected.add("v" + k);
        }
      }
      List<String> got = new ArrayList<>();
      for (HashMap<String, ByteIterator> row : out) {
        got.add(row.get("field0").toString());
      }
      assertEquals(expected, got, "scan from " + start + " n=" + n);
    }
  }

  @Test
  void should_skip_an_index_entry_without_row_and_still_return_the_count_asked() throws Exception {
    GridDBClient c = client(indexScans());
    for (int i = 0; i < 20; i++) {
      c.insert("usertable", String.format("user%02d", i), values("field0", "v" + i));
    }
    // A row gone while its entry stays (an interrupted delete): the scan skips it and reads one more.
    for (Map.Entry<String, TreeMap<String, String[]>> e : store.data.entrySet()) {
      if (!e.getKey().contains("_scan_")) {
        e.getValue().remove("user05");
      }
    }
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, c.scan("usertable", "user03", 5, null, out));
    List<String> got = new ArrayList<>();
    for (HashMap<String, ByteIterator> row : out) {
      got.add(row.get("field0").toString());
    }
    assertEquals(Arrays.asList("v3", "v4", "v6", "v7", "v8"), got);
  }

  @Test
  void should_remove_the_index_entry_when_a_row_is_deleted() throws Exception {
    GridDBClient c = client(indexScans());
    c.insert("usertable", "k1", values("field0", "a"));
    c.insert("usertable", "k2", values("field0", "b"));
    assertEquals(Status.OK, c.delete("usertable", "k1"));
    int entries = 0;
    for (Map.Entry<String, TreeMap<String, String[]>> e : store.data.entrySet()) {
      if (e.getKey().contains("_scan_")) {
        entries += e.getValue().size();
      }
    }
    assertEquals(1, entries);
  }

  @Test
  void should_write_index_entries_before_rows_when_batching() throws Exception {
    Properties p = indexScans();
    p.setProperty("griddb.insertbatchsize", "4");
    GridDBClient c = client(p);
    for (int i = 0; i < 4; i++) {
      c.insert("usertable", "user" + i, values("field0", "v"));
    }
    assertEquals(1, store.indexPuts.get());
    assertEquals(1, store.multiPuts.get());
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, c.scan("usertable", "user", 10, null, out));
    assertEquals(4, out.size());
  }

  @Test
  void should_scan_through_sql_when_the_table_was_created_without_an_index() throws Exception {
    // A table created by an earlier binding: its layout records only the container count.
    scanOneRowOfATableRecordedWithout(sqlScans(), TableLayouts.INDEX_ROW, TableLayouts.LAYOUT_ROW);
    assertEquals(1, connector.readersOpened.get());
  }

  /**
   * Creates the table with {@code created}, removes {@code rows} from its layout record (as an earlier binding would
   * have left it), then inserts and scans one row with the layout left unset.
   */
  private void scanOneRowOfATableRecordedWithout(Properties created, String... rows) throws Exception {
    client(created).cleanup();
    for (String row : rows) {
      store.data.get("usertable_layout").remove(row);
    }
    TableLayouts.reset();
    GridDBClient c = client(props());
    c.insert("usertable", "k", values("field0", "a"));
    Vector<HashMap<String, ByteIterator>> out = new Vector<>();
    assertEquals(Status.OK, c.scan("usertable", "k", 1, null, out));
    assertEquals(1, out.size());
  }

  @Test
  void should_refuse_a_scan_index_count_that_differs_from_the_recorded_one() throws Exception {
    client(indexScans()).cleanup();
    TableLayouts.reset();
    Properties p = indexScans();
    p.setProperty("griddb.scanindexcount", "2");
    DBException e = assertThrows(DBException.class, () -> client(p));
    assertTrue(e.getMessage().contains("griddb.scanindexcount=2"), e.getMessage());
  }

  @Test
  void should_fail_at_once_without_calling_the_cluster_when_it_was_found_unreachable() throws Exception {
    // The health record's clock stands still unless the test moves it: no probe falls due on a slow machine.
    java.util.concurrent.atomic.AtomicLong nowMs = new java.util.concurrent.atomic.AtomicLong(1_000_000);
    ClusterHealth.reset(nowMs::get);
    Properties p = props();
    p.setProperty("griddb.retries", "0");
    GridDBClient c = client(p);
    c.insert("usertable", "k", values("field0", "a"));
    store.failNext.add(new StoreException(145028, "[145028:JC_BAD_CONNECTION] Failover timed out", false, true));
    assertEquals(Status.SERVICE_UNAVAILABLE, c.read("usertable", "k", null, new HashMap<>()));
    int gets = store.gets.get();
    GridDBClient other = client(p);
    for (int i = 0; i < 100; i++) {
      assertEquals(Status.SERVICE_UNAVAILABLE, other.read("usertable", "k", null, new HashMap<>()));
    }
    assertEquals(gets, store.gets.get(), "no call to the cluster before the probe interval has passed");
    nowMs.addAndGet(ClusterHealth.PROBE_INTERVAL_MS);
    assertEquals(Status.OK, other.read("usertable", "k", null, new HashMap<>()), "the probe, answered");
    assertEquals(gets + 1, store.gets.get());
    assertEquals(Status.OK, c.read("usertable", "k", null, new HashMap<>()), "the cluster is up again");
  }

  @Test
  void should_name_the_member_once_in_a_node_event_when_the_cluster_stops_answering_and_answers_again()
      throws Exception {
    java.util.concurrent.atomic.AtomicLong nowMs = new java.util.concurrent.atomic.AtomicLong(1_000_000);
    ClusterHealth.reset(nowMs::get);
    Properties p = props();
    p.setProperty("griddb.retries", "0");
    try (RecordedEvents recorded = RecordedEvents.listen()) {
      GridDBClient c = client(p);
      GridDBClient other = client(p);
      c.insert("usertable", "k", values("field0", "a"));
      String silent = "[145029:JC_CONNECTION_TIMEOUT] Failover timed out (reason=Connection timed out by statement"
          + " timeout (address=/127.0.0.1:10001))";
      store.failNext.add(new StoreException(145029, silent, false, true));
      store.failNext.add(new StoreException(145029, silent, false, true));
      assertEquals(Status.SERVICE_UNAVAILABLE, c.read("usertable", "k", null, new HashMap<>()));
      nowMs.addAndGet(ClusterHealth.PROBE_INTERVAL_MS);
      assertEquals(Status.SERVICE_UNAVAILABLE, other.read("usertable", "k", null, new HashMap<>()), "a probe");
      nowMs.addAndGet(ClusterHealth.PROBE_INTERVAL_MS);
      assertEquals(Status.OK, other.read("usertable", "k", null, new HashMap<>()), "the probe, answered");
      assertEquals(Status.OK, c.read("usertable", "k", null, new HashMap<>()));
      List<String> lines = recorded.lines();
      assertEquals(2, lines.size(), lines.toString());
      assertTrue(lines.get(0).startsWith("griddb: node 127.0.0.1:10001 stopped answering ("), lines.toString());
      assertTrue(lines.get(1).startsWith("griddb: node 127.0.0.1:10001 answered again (an operation succeeded, 2.0 s"),
          lines.toString());
      c.cleanup();
      other.cleanup();
    }
  }

  @Test
  void should_abort_a_transaction_the_silence_broke_only_once_the_cluster_answers_again() throws Exception {
    java.util.concurrent.atomic.AtomicLong nowMs = new java.util.concurrent.atomic.AtomicLong(1_000_000);
    ClusterHealth.reset(nowMs::get);
    Properties p = props();
    p.setProperty("griddb.retries", "0");
    GridDBClient c = client(p);
    c.insert("usertable", "k", values("field0", "a", "field1", "b", "field2", "c"));
    int aborts = store.aborts.get();
    store.failNext.add(new StoreException(145029, "[145029:JC_CONNECTION_TIMEOUT] Connection timed out by statement"
        + " timeout", false, true));
    assertEquals(Status.SERVICE_UNAVAILABLE, c.update("usertable", "k", values("field0", "x")));
    assertEquals(aborts, store.aborts.get(), "no abort sent to a node that does not answer");
    assertEquals(Status.SERVICE_UNAVAILABLE, c.read("usertable", "k", null, new HashMap<>()), "failing fast");
    assertEquals(aborts, store.aborts.get());
    nowMs.addAndGet(ClusterHealth.PROBE_INTERVAL_MS);
    assertEquals(Status.OK, c.read("usertable", "k", null, new HashMap<>()), "the probe, answered");
    assertEquals(aborts, store.aborts.get(), "the probe itself does not wait for an abort");
    assertEquals(Status.OK, c.read("usertable", "k", null, new HashMap<>()));
    assertEquals(aborts + 1, store.aborts.get(), "aborted once the cluster answers");
    assertEquals(Status.OK, c.update("usertable", "k", values("field0", "y")));
    assertEquals(aborts + 1, store.aborts.get(), "and only once");
    c.cleanup();
  }

  @Test
  void should_not_mark_the_cluster_down_when_an_operation_fails_for_another_reason() throws Exception {
    Properties p = props();
    p.setProperty("griddb.retries", "0");
    GridDBClient c = client(p);
    c.insert("usertable", "k", values("field0", "a"));
    store.failNext.add(new StoreException(150018, "type error", false, false));
    assertEquals(Status.ERROR, c.read("usertable", "k", null, new HashMap<>()));
    assertEquals(Status.OK, c.read("usertable", "k", null, new HashMap<>()));
  }

  @Test
  void should_report_buffered_inserts_lost_at_once_when_the_cluster_is_down_at_cleanup() throws Exception {
    Properties p = props();
    p.setProperty("griddb.insertbatchsize", "10");
    p.setProperty("griddb.retries", "0");
    GridDBClient c = client(p);
    c.insert("usertable", "a", values("field0", "v"));
    store.failNext.add(new StoreException(145028, "Failover timed out", false, true));
    assertEquals(Status.SERVICE_UNAVAILABLE, c.read("usertable", "a", null, new HashMap<>()));
    int multiPuts = store.multiPuts.get();
    DBException e = assertThrows(DBException.class, c::cleanup);
    assertTrue(e.getMessage().contains("1 inserts not written") && e.getMessage().contains("unreachable"),
        e.getMessage());
    assertEquals(multiPuts, store.multiPuts.get(), "no write attempted");
  }

  @Test
  void should_not_wait_for_a_close_that_hangs() {
    StoreSession hanging = (StoreSession) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {StoreSession.class}, (proxy, method, args) -> {
          Thread.sleep(60_000);
          return null;
        });
    long start = System.nanoTime();
    assertNull(GridDBClient.closeBounded(hanging, 200));
    assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "bounded");
  }
}
