package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.Container;
import com.toshiba.mwcloud.gs.ContainerInfo;
import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GSRecoverableException;
import com.toshiba.mwcloud.gs.common.GSConnectionException;
import com.toshiba.mwcloud.gs.common.GSStatementException;
import com.toshiba.mwcloud.gs.GridStore;
import com.toshiba.mwcloud.gs.GridStoreFactory;
import com.toshiba.mwcloud.gs.PartitionController;
import com.toshiba.mwcloud.gs.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Unit tests of the adapter over GridDB's client interfaces. {@code GridStore}, {@code Container} and
 * {@code PartitionController} are test doubles (dynamic proxies recording calls); the {@code Row}s are the real
 * client's, made by a GridStore that is never connected ({@code createRow} needs no server).
 */
class GridStoreSessionTest {
  private static GridStore offline;

  private final Map<String, ContainerInfo> infos = new HashMap<>();
  private final Map<String, TreeMap<String, Row>> rows = new HashMap<>();
  private final List<String> calls = new ArrayList<>();
  /** Thrown by the next call of that name on any container double, when set. */
  private final Map<String, GSException> failNext = new HashMap<>();
  private GridStoreSession session;

  @BeforeAll
  static void offlineStore() throws GSException {
    Properties p = new Properties();
    p.setProperty("notificationMember", "127.0.0.1:1");
    p.setProperty("clusterName", "none");
    p.setProperty("user", "u");
    p.setProperty("password", "p");
    offline = GridStoreFactory.getInstance().getGridStore(p);
  }

  @AfterAll
  static void closeOffline() throws GSException {
    offline.close();
  }

  @BeforeEach
  void newSession() {
    session = new GridStoreSession(storeDouble());
  }

  @SuppressWarnings("unchecked")
  private <T> T proxy(Class<T> type, java.lang.reflect.InvocationHandler h) {
    return (T) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, (p, m, a) -> {
      try {
        return h.invoke(p, m, a);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    });
  }

  private GridStore storeDouble() {
    return proxy(GridStore.class, (p, m, a) -> {
      String name = m.getName();
      calls.add("store." + name);
      switch (name) {
      case "getContainerInfo":
        return infos.get((String) a[0]);
      case "putContainer":
        infos.put((String) a[0], (ContainerInfo) a[1]);
        rows.put((String) a[0], new TreeMap<>());
        return containerDouble((String) a[0]);
      case "getContainer":
        return infos.containsKey((String) a[0]) ? containerDouble((String) a[0]) : null;
      case "getPartitionController":
        return proxy(PartitionController.class, (pp, mm, aa) -> {
          calls.add("partitions." + mm.getName());
          if (mm.getName().equals("getPartitionCount")) {
            return 8;
          }
          if (mm.getName().equals("getPartitionIndexOfContainer")) {
            return Math.floorMod(((String) aa[0]).hashCode(), 8);
          }
          return null;
        });
      case "multiPut":
        for (Map.Entry<String, List<Row>> e : ((Map<String, List<Row>>) a[0]).entrySet()) {
          for (Row r : e.getValue()) {
            rows.get(e.getKey()).put(r.getString(0), r);
          }
        }
        return null;
      default:
        return null;
      }
    });
  }

  private Container<String, Row> containerDouble(String container) {
    @SuppressWarnings("unchecked")
    Container<String, Row> c = proxy(Container.class, (p, m, a) -> {
      String name = m.getName();
      calls.add(container + "." + name + (a == null ? "" : Arrays.toString(a)));
      TreeMap<String, Row> t = rows.get(container);
      GSException failure = failNext.remove(name);
      if (failure != null) {
        throw failure;
      }
      switch (name) {
      case "createRow":
        return offline.createRow(infos.get(container));
      case "get":
        return t.get((String) a[0]);
      case "put":
        Row r = (Row) a[0];
        t.put(r.getString(0), r);
        return true;
      case "remove":
        return t.remove((String) a[0]) != null;
      default:
        return null;
      }
    });
    return c;
  }

  private static TableSchema schema() {
    return new TableSchema(2, "field");
  }

  @Test
  void should_create_a_collection_with_a_string_row_key_and_nullable_fields() throws Exception {
    session.createContainer("t_1", schema());
    ContainerInfo info = infos.get("t_1");
    assertEquals("t_1", info.getName());
    assertEquals("COLLECTION", String.valueOf(info.getType()));
    assertTrue(info.isRowKeyAssigned());
    assertEquals(3, info.getColumnCount());
    assertEquals("ycsb_key", info.getColumnInfo(0).getName());
    assertEquals(Boolean.FALSE, info.getColumnInfo(0).getNullable());
    assertEquals("field1", info.getColumnInfo(2).getName());
    assertEquals("STRING", String.valueOf(info.getColumnInfo(2).getType()));
    assertEquals(Boolean.TRUE, info.getColumnInfo(2).getNullable());
    assertTrue(calls.contains("store.putContainer"));
  }

  @Test
  void should_describe_existing_containers_and_report_missing_ones_as_null() throws Exception {
    assertNull(session.schemaOf("t_1"));
    session.createContainer("t_1", schema());
    ContainerSchema s = session.schemaOf("t_1");
    assertEquals("COLLECTION", s.getType());
    assertTrue(s.hasRowKey());
    assertEquals(Arrays.asList("ycsb_key", "field0", "field1"), s.getColumnNames());
    assertEquals(Collections.nCopies(3, "STRING"), s.getColumnTypes());
    assertNull(schema().mismatch(s));
  }

  @Test
  void should_write_and_read_rows_with_nulls_when_fields_are_missing() throws Exception {
    session.createContainer("t_1", schema());
    session.put("t_1", new String[] {"k1", "a", null});
    assertArrayEquals(new String[] {"k1", "a", null}, session.get("t_1", "k1"));
    assertTrue(rows.get("t_1").get("k1").isNull(2));
    assertNull(session.get("t_1", "nope"));
    assertTrue(session.remove("t_1", "k1"));
    assertFalse(session.remove("t_1", "k1"));
  }

  @Test
  void should_put_rows_of_many_containers_in_one_multi_put() throws Exception {
    session.createContainer("t_1", schema());
    session.createContainer("t_2", schema());
    Map<String, List<String[]>> batch = new LinkedHashMap<>();
    batch.put("t_1", Arrays.asList(new String[] {"a", "1", "2"}, new String[] {"b", "3", "4"}));
    batch.put("t_2", Collections.singletonList(new String[] {"c", "5", null}));
    session.multiPut(batch);
    assertEquals(1, calls.stream().filter("store.multiPut"::equals).count());
    assertArrayEquals(new String[] {"b", "3", "4"}, session.get("t_1", "b"));
    assertArrayEquals(new String[] {"c", "5", null}, session.get("t_2", "c"));
  }

  @Test
  void should_lock_with_get_for_update_on_a_manual_commit_handle_when_updating_in_a_transaction() throws Exception {
    session.createContainer("t_1", schema());
    session.put("t_1", new String[] {"k", "a", "b"});
    calls.clear();
    RowTransaction tx = session.beginTransaction("t_1");
    String[] row = tx.getForUpdate("k");
    row[2] = "B";
    tx.put(row);
    tx.commit();
    assertEquals(Arrays.asList("store.getContainer", "t_1.setAutoCommit[false]", "t_1.get[k, true]",
        "t_1.createRow", "t_1.put", "t_1.commit"), strip(calls));
    assertArrayEquals(new String[] {"k", "a", "B"}, session.get("t_1", "k"));
    calls.clear();
    session.beginTransaction("t_1").abort();
    assertEquals(Arrays.asList("t_1.abort"), strip(calls), "the manual-commit handle is reused");
  }

  /** Drops argument lists of put (they print Row objects). */
  private static List<String> strip(List<String> calls) {
    List<String> out = new ArrayList<>();
    for (String c : calls) {
      out.add(c.contains(".put[") ? c.substring(0, c.indexOf('[')) : c);
    }
    return out;
  }

  @Test
  void should_ask_the_partition_controller_for_count_and_placement() throws Exception {
    assertEquals(8, session.partitionCount());
    assertEquals(Math.floorMod("t_5".hashCode(), 8), session.partitionOf("t_5"));
    assertEquals(1, calls.stream().filter("store.getPartitionController"::equals).count(), "controller reused");
  }

  @Test
  void should_close_containers_controller_and_store_when_closed() throws Exception {
    session.createContainer("t_1", schema());
    session.get("t_1", "x");
    session.beginTransaction("t_1");
    session.partitionCount();
    calls.clear();
    session.close();
    assertEquals(2, calls.stream().filter("t_1.close"::equals).count());
    assertTrue(calls.contains("partitions.close"));
    assertTrue(calls.contains("store.close"));
  }

  @Test
  void should_close_its_own_client_factory_after_the_store_when_it_has_one() throws Exception {
    GridStoreFactory own = new GridStoreFactory() {
      @Override
      public GridStore getGridStore(Properties properties) {
        throw new UnsupportedOperationException();
      }

      @Override
      public void setProperties(Properties properties) {
      }

      @Override
      public void close() {
        calls.add("factory.close");
      }
    };
    GridStoreSession withFactory = new GridStoreSession(storeDouble(), own);
    withFactory.close();
    assertEquals(java.util.Arrays.asList("store.close", "factory.close"),
        calls.subList(calls.size() - 2, calls.size()));
    calls.clear();
    session.close();
    assertFalse(calls.contains("factory.close"), "a shared factory stays open: " + calls);
  }

  @Test
  void should_fail_clearly_when_a_container_does_not_exist() {
    StoreException e = org.junit.jupiter.api.Assertions.assertThrows(StoreException.class,
        () -> session.get("missing_1", "k"));
    assertTrue(e.getMessage().contains("missing_1"));
  }

  @Test
  void should_not_retry_a_commit_whose_outcome_is_unknown_but_retry_the_steps_before_it() throws Exception {
    session.createContainer("t_1", schema());
    session.put("t_1", new String[] {"k", "a", "b"});
    // Recorded against a real node: a connection that timed out (paused node) and a commit of a transaction the
    // node had already rolled back (its transactionTimeout expired).
    failNext.put("commit", new GSConnectionException(145029, "[145029:JC_CONNECTION_TIMEOUT] Connection timed out"));
    StoreException unknown = assertThrows(StoreException.class, () -> updateInTransaction("t_1"));
    assertEquals(ErrorKind.UNREACHABLE, unknown.kind());
    assertFalse(unknown.isRetryable());
    failNext.put("commit", new GSRecoverableException(1234, "recoverable"));
    assertFalse(assertThrows(StoreException.class, () -> updateInTransaction("t_1")).isRetryable(),
        "a commit that may have been applied is never retried");
    failNext.put("commit", new GSStatementException(110005, "[110005:TM_TRANSACTION_NOT_FOUND]"));
    StoreException rolledBack = assertThrows(StoreException.class, () -> updateInTransaction("t_1"));
    assertEquals(ErrorKind.TRANSACTION_ABORTED, rolledBack.kind());
    assertTrue(rolledBack.isRetryable(), "nothing of a rolled-back transaction was applied");
    failNext.put("get", new GSRecoverableException(1234, "recoverable"));
    assertTrue(assertThrows(StoreException.class, () -> updateInTransaction("t_1")).isRetryable(),
        "a failure before the commit aborts the transaction, which is then safe to repeat");
  }

  @Test
  void should_fetch_a_new_handle_after_a_failure_when_the_client_closed_the_old_one() throws Exception {
    session.createContainer("t_1", schema());
    session.beginTransaction("t_1");
    failNext.put("get", new GSException(145038, "[145038:JC_CONTAINER_CLOSED] Already closed"));
    StoreException closed = assertThrows(StoreException.class, () -> updateInTransaction("t_1"));
    assertEquals(ErrorKind.STALE_HANDLE, closed.kind());
    assertTrue(closed.isRetryable());
    calls.clear();
    session.beginTransaction("t_1");
    assertTrue(calls.contains("store.getContainer"), "the closed manual-commit handle is not reused: " + calls);
    session.get("t_1", "k");
    failNext.put("get", new GSException(145038, "[145038:JC_CONTAINER_CLOSED] Already closed"));
    assertTrue(assertThrows(StoreException.class, () -> session.get("t_1", "k")).isRetryable());
    calls.clear();
    session.get("t_1", "k");
    assertTrue(calls.contains("store.getContainer"), "the closed handle is not reused: " + calls);
  }

  private void updateInTransaction(String container) throws StoreException {
    RowTransaction tx = session.beginTransaction(container);
    String[] row = tx.getForUpdate("k");
    tx.put(row);
    tx.commit();
  }
}
