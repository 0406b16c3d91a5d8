package site.ycsb.db.griddb;

import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.support.RateLimitedLog;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;

/**
 * The YCSB operations of one client thread, written against {@link StoreSession} and {@link RangeReader} so that
 * their logic is testable without a server. Never returns null and never throws for a per-operation failure.
 *
 * <p>Not thread-safe: one per client thread, used on that thread; what it shares with the other threads (the routers
 * source, the retry counters and the error log) is thread-safe.
 */
public final class GridDBOperations {
  /** Gives the router of a table (creating its containers once per process). */
  public interface RouterSource {
    ContainerRouter routerFor(String table) throws StoreException, DBException;
  }

  /** Gives the thread's range reader, opened on first use (only scans need it). */
  public interface ReaderSource {
    RangeReader get() throws StoreException;

    /** Closes the reader after a failure, so that the next scan opens a fresh connection. */
    void discard();
  }

  private final StoreSession session;
  private final ReaderSource readers;
  private final RouterSource routers;
  private final TableSchema schema;
  private final Retrier retrier;
  private final RateLimitedLog log;
  private final ClusterHealth health;
  private final int batchSize;
  /**
   * Transactions whose step failed because the cluster did not answer, not aborted yet: an abort sent to a node that
   * does not answer waits as long as the failed step did (a partial update on a frozen node then took 40 s where every
   * other operation ended within 22 s, measured), so they are aborted by this thread's first operation once the cluster
   * answers again. Until then no client can reach the row they lock either.
   */
  private final List<RowTransaction> unaborted = new ArrayList<>();
  private final Map<String, List<String[]>> pending = new LinkedHashMap<>();
  private final Map<String, List<String[]>> pendingIndex = new LinkedHashMap<>();
  private int pendingCount;

  public GridDBOperations(StoreSession session, ReaderSource readers, RouterSource routers, TableSchema schema,
                          Retrier retrier, RateLimitedLog log, int batchSize, ClusterHealth health) {
    this.health = health;
    this.session = session;
    this.readers = readers;
    this.routers = routers;
    this.schema = schema;
    this.retrier = retrier;
    this.log = log;
    this.batchSize = batchSize;
  }

  /** Reads the requested fields (all if null); NOT_FOUND if the row is missing. */
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (skipCluster()) {
      return unavailable("read");
    }
    return outcome(doRead(table, key, fields, result));
  }

  private Status doRead(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    int[] columns = columnsOf(fields);
    if (columns == null) {
      return badField("read", fields);
    }
    String container = null;
    try {
      container = routers.routerFor(table).containerOf(key);
      final String c = container;
      String[] row = retrier.call("READ", () -> session.get(c, key));
      if (row == null) {
        return Status.NOT_FOUND;
      }
      for (int col : columns) {
        if (row[col] != null) {
          result.put(schema.columns().get(col), bytes(row[col]));
        }
      }
      return Status.OK;
    } catch (StoreException e) {
      return failed("read", container, e);
    } catch (DBException e) {
      return failedLayout("read", e);
    }
  }

  /** The {@code count} rows with the smallest keys {@code >= startKey}, in key order. */
  public Status scan(String table, String startKey, int count, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    if (skipCluster()) {
      return unavailable("scan");
    }
    return outcome(doScan(table, startKey, count, fields, result));
  }

  private Status doScan(String table, String startKey, int count, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    int[] columns = columnsOf(fields);
    if (columns == null) {
      return badField("scan", fields);
    }
    try {
      ContainerRouter router = routers.routerFor(table);
      List<String> containers = router.names();
      List<String[]> rows;
      switch (router.layout()) {
        case ROWS:
          ScanMerger merger = new ScanMerger(OrderedRangeReader.ofRows(session));
          rows = retrier.call("SCAN", () -> merger.scan(containers, startKey, count, columns));
          break;
        case INDEX:
          rows = retrier.call("SCAN", () -> indexedScan(router, startKey, count, columns));
          break;
        default:
          RangeReader reader = readers.get();
          rows = retrier.call("SCAN", () -> new ScanMerger(reader).scan(containers, startKey, count, columns));
      }
      for (String[] row : rows) {
        HashMap<String, ByteIterator> values = new HashMap<>();
        for (int i = 0; i < columns.length; i++) {
          if (row[i + 1] != null) {
            values.put(schema.columns().get(columns[i]), bytes(row[i + 1]));
          }
        }
        result.add(values);
      }
      return Status.OK;
    } catch (StoreException e) {
      readers.discard();
      return failed("scan", table, e);
    } catch (DBException e) {
      return failedLayout("scan", e);
    }
  }

  /**
   * A scan through the table's scan index: the n smallest keys {@code >= startKey} from the index containers
   * (merged), then their rows in one multi-container get. An index entry without a row (an insert that failed
   * half-way, or a delete in progress) is skipped and the scan continues after it, so the count stays exact.
   */
  private List<String[]> indexedScan(ContainerRouter router, String startKey, int count, int[] columns)
      throws StoreException {
    List<String[]> out = new ArrayList<>();
    ScanMerger merger = new ScanMerger(OrderedRangeReader.ofIndex(session));
    String from = startKey;
    boolean inclusive = true;
    while (out.size() < count) {
      int want = count - out.size();
      List<String[]> keys = inclusive ? merger.scan(router.scanIndex(), from, want, new int[0])
          : merger.scanAfter(router.scanIndex(), from, want, new int[0]);
      if (keys.isEmpty()) {
        break;
      }
      Map<String, List<String>> byContainer = new HashMap<>();
      for (String[] k : keys) {
        byContainer.computeIfAbsent(router.containerOf(k[0]), x -> new ArrayList<>()).add(k[0]);
      }
      Map<String, String[]> found = session.multiGet(byContainer);
      for (String[] k : keys) {
        String[] row = found.get(k[0]);
        if (row != null) {
          String[] projected = new String[columns.length + 1];
          projected[0] = k[0];
          for (int i = 0; i < columns.length; i++) {
            projected[i + 1] = columns[i] < row.length ? row[columns[i]] : null;
          }
          out.add(projected);
        }
      }
      if (keys.size() < want) {
        break;
      }
      from = keys.get(keys.size() - 1)[0];
      inclusive = false;
    }
    return out;
  }

  /**
   * Updates fields. All fields: one write (a row is always written whole). Some fields: read with a row lock,
   * change, write, commit, so that concurrent updates of other fields of the row are not lost.
   */
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    if (skipCluster()) {
      return unavailable("update");
    }
    return outcome(doUpdate(table, key, values));
  }

  private Status doUpdate(String table, String key, Map<String, ByteIterator> values) {
    String[] changes = rowOf(key, values);
    if (changes == null) {
      return badField("update", values.keySet());
    }
    String container = null;
    try {
      ContainerRouter router = routers.routerFor(table);
      container = router.containerOf(key);
      final String c = container;
      if (values.size() == schema.columnCount() - 1) {
        retrier.call("UPDATE", () -> {
          // A whole-row put creates a missing row: its index entry goes first, as for an insert.
          putIndexEntry(router, key);
          session.put(c, changes);
          return null;
        });
        return Status.OK;
      }
      boolean found = retrier.call("UPDATE", () -> lockedUpdate(c, key, changes));
      return found ? Status.OK : Status.NOT_FOUND;
    } catch (StoreException e) {
      return failed("update", container, e);
    } catch (DBException e) {
      return failedLayout("update", e);
    }
  }

  /**
   * Whether an operation fails without calling the cluster ({@link ClusterHealth#failFast()}); one that calls it first
   * aborts the transactions a silence left ({@link #unaborted}), once the cluster answers.
   */
  private boolean skipCluster() {
    if (health.failFast()) {
      return true;
    }
    if (!unaborted.isEmpty() && !health.isDown()) {
      for (RowTransaction tx : unaborted) {
        tx.abort();
      }
      unaborted.clear();
    }
    return false;
  }

  /** Transactions left unaborted by a silence (unit tests). */
  int unabortedTransactions() {
    return unaborted.size();
  }

  private boolean lockedUpdate(String container, String key, String[] changes) throws StoreException {
    RowTransaction tx = session.beginTransaction(container);
    try {
      String[] row = tx.getForUpdate(key);
      if (row == null) {
        tx.abort();
        return false;
      }
      for (int i = 1; i < changes.length; i++) {
        if (changes[i] != null) {
          row[i] = changes[i];
        }
      }
      tx.put(row);
      tx.commit();
      return true;
    } catch (StoreException e) {
      if (ClusterHealth.isUnreachable(e)) {
        unaborted.add(tx);
      } else {
        tx.abort();
      }
      throw e;
    } catch (RuntimeException e) {
      tx.abort();
      throw e;
    }
  }

  /** Inserts (one write), or buffers it when {@code griddb.insertbatchsize > 1} (BATCHED_OK). */
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (skipCluster()) {
      return unavailable("insert");
    }
    return outcome(doInsert(table, key, values));
  }

  private Status doInsert(String table, String key, Map<String, ByteIterator> values) {
    String[] row = rowOf(key, values);
    if (row == null) {
      return badField("insert", values.keySet());
    }
    String container = null;
    try {
      ContainerRouter router = routers.routerFor(table);
      container = router.containerOf(key);
      final String c = container;
      if (batchSize <= 1) {
        retrier.call("INSERT", () -> {
          putIndexEntry(router, key);
          session.put(c, row);
          return null;
        });
        return Status.OK;
      }
      if (!router.scanIndex().isEmpty()) {
        pendingIndex.computeIfAbsent(router.indexContainerOf(key), x -> new ArrayList<>()).add(new String[] {key});
      }
      pending.computeIfAbsent(container, x -> new ArrayList<>()).add(row);
      pendingCount++;
      if (pendingCount < batchSize) {
        return Status.BATCHED_OK;
      }
      flush();
      return Status.OK;
    } catch (StoreException e) {
      return failed("insert", container, e);
    } catch (DBException e) {
      return failedLayout("insert", e);
    }
  }

  /** Deletes a row; NOT_FOUND if it did not exist. */
  public Status delete(String table, String key) {
    if (skipCluster()) {
      return unavailable("delete");
    }
    return outcome(doDelete(table, key));
  }

  private Status doDelete(String table, String key) {
    String container = null;
    try {
      ContainerRouter router = routers.routerFor(table);
      container = router.containerOf(key);
      final String c = container;
      // The row first, then its index entry: a failure in between leaves an entry that scans skip, never a row
      // that scans cannot see.
      // A retried remove that finds no row may follow a first attempt that removed it: then the row existed.
      boolean[] mayHaveRemoved = {false};
      boolean existed = retrier.call("DELETE", () -> {
        try {
          return session.remove(c, key);
        } catch (StoreException e) {
          mayHaveRemoved[0] |= !e.kind().certainlyNotApplied();
          throw e;
        }
      });
      if (!router.scanIndex().isEmpty()) {
        String ic = router.indexContainerOf(key);
        retrier.call("DELETE", () -> session.remove(ic, key));
      }
      return existed || mayHaveRemoved[0] ? Status.OK : Status.NOT_FOUND;
    } catch (StoreException e) {
      return failed("delete", container, e);
    } catch (DBException e) {
      return failedLayout("delete", e);
    }
  }

  /** Writes the index entry of a key before its row (no-op without a scan index). */
  private void putIndexEntry(ContainerRouter router, String key) throws StoreException {
    if (!router.scanIndex().isEmpty()) {
      session.multiPut(Collections.singletonMap(router.indexContainerOf(key),
          Collections.singletonList(new String[] {key})));
    }
  }

  /** Rows buffered by batching and not yet written. */
  public int pendingRows() {
    return pendingCount;
  }

  /**
   * Writes the buffered inserts with one multi-container put. The buffer is emptied even if the write fails (the
   * failure is reported once, with the number of rows lost).
   */
  public void flush() throws StoreException {
    if (pendingCount == 0) {
      return;
    }
    Map<String, List<String[]>> batch = new LinkedHashMap<>(pending);
    Map<String, List<String[]>> index = new LinkedHashMap<>(pendingIndex);
    int rows = pendingCount;
    pending.clear();
    pendingIndex.clear();
    pendingCount = 0;
    if (health.isDown()) {
      throw new StoreException(0, "batch of " + rows + " inserts not written: the cluster is unreachable ("
          + health.reason() + ")", false, true);
    }
    try {
      retrier.call("INSERT", () -> {
        // Index entries first (see delete): a batch that fails between the two leaves entries scans skip.
        if (!index.isEmpty()) {
          session.multiPut(index);
        }
        session.multiPut(batch);
        return null;
      });
    } catch (StoreException e) {
      throw e.withMessage("batch of " + rows + " inserts not written: " + e.oneLine());
    }
  }

  /** Column indexes of the requested fields (all fields if null); null if a field is unknown. */
  private int[] columnsOf(Set<String> fields) {
    if (fields == null) {
      int[] all = new int[schema.columnCount() - 1];
      for (int i = 0; i < all.length; i++) {
        all[i] = i + 1;
      }
      return all;
    }
    int[] cols = new int[fields.size()];
    int i = 0;
    for (String f : fields) {
      int idx = schema.indexOf(f);
      if (idx < 0) {
        return null;
      }
      cols[i++] = idx;
    }
    return cols;
  }

  /** A row holding the key and the given values (null elsewhere); null if a field is unknown. */
  private String[] rowOf(String key, Map<String, ByteIterator> values) {
    String[] row = schema.newRow(key);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      int idx = schema.indexOf(e.getKey());
      if (idx < 0) {
        return null;
      }
      row[idx] = e.getValue() == null ? null : e.getValue().toString();
    }
    return row;
  }

  private static ByteIterator bytes(String value) {
    return new ByteArrayByteIterator(value.getBytes(StandardCharsets.UTF_8));
  }

  private Status badField(String op, Iterable<String> fields) {
    List<String> unknown = new ArrayList<>();
    for (String f : fields) {
      if (schema.indexOf(f) < 0) {
        unknown.add(f);
      }
    }
    log.log(op + ":badfield", "GridDB " + op + " rejected (BAD_REQUEST): unknown field(s) " + unknown
        + "; the table has " + schema.columns().subList(1, schema.columnCount()).size() + " fields named "
        + schema.columns().get(1) + ".. (check fieldcount/fieldnameprefix)");
    return Status.BAD_REQUEST;
  }

  /** Records a success (the cluster answers) and passes the status on. */
  private Status outcome(Status s) {
    if (s.isOk() || s == Status.NOT_FOUND) {
      long downMs = health.succeeded();
      if (downMs >= 0) {
        log.log("cluster:up", String.format("GridDB cluster answers again, after %.1f s unreachable: operations call "
            + "it again", downMs / 1000.0));
      }
    }
    return s;
  }

  private Status unavailable(String op) {
    log.log(op + ":down", "GridDB " + op + " failed (SERVICE_UNAVAILABLE) without calling the cluster: it has been"
        + " unreachable since a failure (" + health.reason() + "); one operation per second probes it");
    return Status.SERVICE_UNAVAILABLE;
  }

  private Status failed(String op, String where, StoreException e) {
    if (health.failed(e)) {
      log.log("cluster:down", "GridDB cluster unreachable (" + e.oneLine() + "): operations now fail at once with"
          + " SERVICE_UNAVAILABLE instead of each waiting griddb.failovertimeoutseconds; one per second probes it");
    }
    Status status = ErrorMapper.toStatus(e);
    log.log(op + ":" + e.getCode(), "GridDB " + op + " failed (" + status.getName() + ")"
        + (where == null ? "" : " on " + where) + ": " + e.oneLine());
    return status;
  }

  private Status failedLayout(String op, DBException e) {
    log.log(op + ":layout", "GridDB " + op + " failed (ERROR): " + e.getMessage());
    return Status.ERROR;
  }
}
