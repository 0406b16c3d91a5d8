package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Test double of GridDB for unit tests: an in-memory cluster (containers of rows, a name-to-partition hash, row
 * locks held from getForUpdate to commit/abort) shared by the sessions it opens. Counts calls and can inject
 * failures. It exists to test the binding's own logic (routing, projection, batching, retry decisions, status
 * mapping, the scan merge) without a server; what GridDB itself does is proved by the integration tests against a
 * real node, and this double does not model it:
 * <ul>
 *   <li>Row locks: like a real node (seen against GridDB 5.9), a plain put or remove waits while another
 *       transaction holds the row's lock, and a multi-put does not; but a lock is held until commit/abort with no
 *       transaction timeout (a real node rolls the holder back after {@code transactionTimeout} and its commit then
 *       fails with 110005). Concurrent partial updates losing nothing: {@code GridDBBindingIT}.</li>
 *   <li>Auto-commit: there is no auto-commit mode and no separate manual-commit handle; transactions are only the
 *       locked read-modify-write of {@link RowTransaction}.</li>
 *   <li>Failures: only the injected ones ({@link #failNext} for data calls, {@link #failCommit} for commits,
 *       {@link #failAfterApplying} for a remove that is applied and then reported failed). Which exceptions a real
 *       client throws, and when: {@code ErrorKindTest} (recorded pairs), {@code GridDBPausedServerIT},
 *       {@code GridDBKilledServerIT}, {@code GridDBInitFailureIT}.</li>
 *   <li>Atomicity: a multi-put applies container by container and cannot fail half-way (a real one may).</li>
 *   <li>Ordering: the SQL range read and the ordered reads (scan index, rows layout) order keys with {@link KeyOrder}
 *       and {@link ScanOrder}, the comparators of the tests' brute-force oracle, so a scan test here proves the merge
 *       logic, not GridDB's ordering; scans against a brute-force sort on a real node, every layout:
 *       {@code GridDBBindingIT}.</li>
 * </ul>
 */
final class FakeStore implements RangeReader {
  final int partitionCount;
  final Map<String, ContainerSchema> schemas = new ConcurrentHashMap<>();
  final Map<String, TreeMap<String, String[]>> data = new ConcurrentHashMap<>();
  private final Map<String, ReentrantLock> locks = new ConcurrentHashMap<>();
  final AtomicInteger puts = new AtomicInteger();
  final AtomicInteger gets = new AtomicInteger();
  final AtomicInteger lockedGets = new AtomicInteger();
  final AtomicInteger aborts = new AtomicInteger();
  final AtomicInteger multiPuts = new AtomicInteger();
  final AtomicInteger creates = new AtomicInteger();
  final AtomicInteger rangeReads = new AtomicInteger();
  final AtomicInteger indexReads = new AtomicInteger();
  final AtomicInteger indexPuts = new AtomicInteger();
  /** Ordered reads of data containers (the rows layout's scans), and the rows they returned. */
  final AtomicInteger orderedReads = new AtomicInteger();
  final AtomicInteger rowsReturned = new AtomicInteger();
  /** Ordered reads of one container sent on their own (not in a fetchAll). */
  final AtomicInteger singleOrderedReads = new AtomicInteger();
  final AtomicInteger multiGets = new AtomicInteger();
  final AtomicInteger fetchAlls = new AtomicInteger();
  final AtomicInteger sessionsClosed = new AtomicInteger();
  /** Failures to throw from the next data calls (get/put/multiPut/remove/getForUpdate), in order. */
  final List<StoreException> failNext = new ArrayList<>();
  /** Failures to throw from the next commits, in order (the transaction is then not applied). */
  final List<StoreException> failCommit = new ArrayList<>();
  /** Failures to throw from the next removes after removing the row (an outcome the caller cannot know). */
  final List<StoreException> failAfterApplying = new ArrayList<>();

  /** Nodes owning the partitions (see {@link Session#ownerOf}); a test may change it to move partitions. */
  int nodes = 1;

  FakeStore(int partitionCount) {
    this.partitionCount = partitionCount;
  }

  /** A simple deterministic name hash (not GridDB's): enough to make names collide on partitions. */
  int partitionOfName(String name) {
    return Math.floorMod(name.hashCode() * 31 + 7, partitionCount);
  }

  private synchronized void maybeFail() throws StoreException {
    if (!failNext.isEmpty()) {
      throw failNext.remove(0);
    }
  }

  private static synchronized StoreException next(List<StoreException> failures) {
    return failures.isEmpty() ? null : failures.remove(0);
  }

  /** A plain write waits while another transaction holds the row's lock, as on a real node. */
  private void awaitRowLock(String container, String key) {
    ReentrantLock l = locks.get(container + "/" + key);
    if (l != null && !l.isHeldByCurrentThread()) {
      l.lock();
      l.unlock();
    }
  }

  private TreeMap<String, String[]> table(String container) throws StoreException {
    TreeMap<String, String[]> t = data.get(container);
    if (t == null) {
      throw new StoreException(0, "container " + container + " does not exist", false, false);
    }
    return t;
  }

  Session session() {
    return new Session();
  }

  final class Session implements StoreSession {
    boolean closed;

    @Override
    public int partitionCount() {
      return partitionCount;
    }

    /** Partition p belongs to node {@code p mod nodes}. */
    @Override
    public String ownerOf(int partition) {
      return "node" + partition % nodes;
    }

    @Override
    public int partitionOf(String container) {
      return partitionOfName(container);
    }

    @Override
    public ContainerSchema schemaOf(String container) {
      return schemas.get(container);
    }

    @Override
    public synchronized void createContainer(String container, TableSchema schema) {
      synchronized (FakeStore.this) {
        if (!schemas.containsKey(container)) {
          creates.incrementAndGet();
          List<String> names = new ArrayList<>(schema.columns());
          List<String> types = new ArrayList<>(java.util.Collections.nCopies(schema.columnCount(), "STRING"));
          if (schema.isOrdered()) {
            names.add(TableSchema.ORD_COLUMN);
            types.add("LONG");
          }
          schemas.put(container, new ContainerSchema("COLLECTION", true, names, types));
          data.put(container, new TreeMap<>(KeyOrder.BY_CODE_POINT));
        }
      }
    }

    @Override
    public String[] get(String container, String key) throws StoreException {
      maybeFail();
      gets.incrementAndGet();
      TreeMap<String, String[]> t = table(container);
      synchronized (t) {
        String[] r = t.get(key);
        return r == null ? null : r.clone();
      }
    }

    @Override
    public void put(String container, String[] row) throws StoreException {
      maybeFail();
      puts.incrementAndGet();
      TreeMap<String, String[]> t = table(container);
      awaitRowLock(container, row[0]);
      synchronized (t) {
        t.put(row[0], row.clone());
      }
    }

    @Override
    public void multiPut(Map<String, List<String[]>> rowsByContainer) throws StoreException {
      maybeFail();
      boolean indexOnly = true;
      for (String c : rowsByContainer.keySet()) {
        ContainerSchema cs = schemas.get(c);
        indexOnly &= cs != null && cs.getColumnNames().size() == 2 && "LONG".equals(cs.getColumnTypes().get(1));
      }
      (indexOnly ? indexPuts : multiPuts).incrementAndGet();
      for (Map.Entry<String, List<String[]>> e : rowsByContainer.entrySet()) {
        TreeMap<String, String[]> t = table(e.getKey());
        synchronized (t) {
          for (String[] r : e.getValue()) {
            t.put(r[0], r.clone());
          }
        }
      }
    }

    @Override
    public boolean remove(String container, String key) throws StoreException {
      maybeFail();
      TreeMap<String, String[]> t = table(container);
      awaitRowLock(container, key);
      boolean removed;
      synchronized (t) {
        removed = t.remove(key) != null;
      }
      StoreException after = next(failAfterApplying);
      if (after != null) {
        throw after;
      }
      return removed;
    }

    /**
     * Like TQL's order by ord on a real node, but ties come back in reverse key order, the least helpful order a
     * server may use. Counts as an index read when the container is a scan index, else as a range read.
     */
    @Override
    public List<String[]> orderedRows(String container, long fromOrd, int limit) throws StoreException {
      singleOrderedReads.incrementAndGet();
      return ordered(container, fromOrd, limit);
    }

    private List<String[]> ordered(String container, long fromOrd, int limit) throws StoreException {
      maybeFail();
      ContainerSchema cs = schemas.get(container);
      boolean index = cs != null && cs.getColumnNames().size() == 2;
      (index ? indexReads : orderedReads).incrementAndGet();
      TreeMap<String, String[]> t = table(container);
      List<String[]> hits = new ArrayList<>();
      synchronized (t) {
        for (String[] r : t.values()) {
          if (ScanOrder.of(r[0]) >= fromOrd) {
            hits.add(r.clone());
          }
        }
      }
      hits.sort((a, b) -> {
        int c = Long.compare(ScanOrder.of(a[0]), ScanOrder.of(b[0]));
        return c != 0 ? c : KeyOrder.compare(b[0], a[0]);
      });
      rowsReturned.addAndGet(Math.min(limit, hits.size()));
      return new ArrayList<>(hits.subList(0, Math.min(limit, hits.size())));
    }

    @Override
    public List<List<String[]>> orderedRows(List<String> containers, long fromOrd, int limit)
        throws StoreException {
      fetchAlls.incrementAndGet();
      List<List<String[]>> out = new ArrayList<>();
      for (String c : containers) {
        out.add(ordered(c, fromOrd, limit));
      }
      return out;
    }

    @Override
    public Map<String, String[]> multiGet(Map<String, List<String>> keysByContainer) throws StoreException {
      maybeFail();
      multiGets.incrementAndGet();
      Map<String, String[]> out = new java.util.HashMap<>();
      for (Map.Entry<String, List<String>> e : keysByContainer.entrySet()) {
        TreeMap<String, String[]> t = table(e.getKey());
        synchronized (t) {
          for (String k : e.getValue()) {
            String[] r = t.get(k);
            if (r != null) {
              out.put(k, r.clone());
            }
          }
        }
      }
      return out;
    }

    @Override
    public RowTransaction beginTransaction(String container) throws StoreException {
      TreeMap<String, String[]> t = table(container);
      return new RowTransaction() {
        private ReentrantLock held;

        @Override
        public String[] getForUpdate(String key) throws StoreException {
          lockedGets.incrementAndGet();
          held = locks.computeIfAbsent(container + "/" + key, k -> new ReentrantLock());
          held.lock();
          // Fail after locking, so tests see whether the caller releases the lock on error.
          maybeFail();
          String[] r;
          synchronized (t) {
            r = t.get(key);
          }
          // Widen the read-to-write window like a network round trip, so unlocked read-modify-writes would race.
          LockSupport.parkNanos(20_000);
          return r == null ? null : r.clone();
        }

        @Override
        public void put(String[] row) throws StoreException {
          if (held == null || !held.isHeldByCurrentThread()) {
            throw new StoreException(1, "put without lock", false, false);
          }
          puts.incrementAndGet();
          synchronized (t) {
            String[] old = t.put(row[0], row.clone());
            if (!wrote) {
              before = old;
              wrote = old != null;
            }
          }
        }

        /** Changes are applied at put (a lock keeps others out); a failed commit undoes them. */
        private String[] before;
        private boolean wrote;

        @Override
        public void commit() throws StoreException {
          StoreException failure = next(failCommit);
          if (failure != null) {
            undo();
            release();
            throw failure;
          }
          wrote = false;
          release();
        }

        private void undo() {
          if (wrote) {
            synchronized (t) {
              t.put(before[0], before);
            }
            wrote = false;
          }
        }

        @Override
        public void abort() {
          aborts.incrementAndGet();
          undo();
          release();
        }

        private void release() {
          if (held != null && held.isHeldByCurrentThread()) {
            held.unlock();
          }
          held = null;
        }
      };
    }

    @Override
    public void close() {
      closed = true;
      sessionsClosed.incrementAndGet();
    }
  }

  @Override
  public List<String[]> read(String container, String fromKey, boolean inclusive, int limit, int[] columns)
      throws StoreException {
    maybeFail();
    rangeReads.incrementAndGet();
    TreeMap<String, String[]> t = table(container);
    List<String[]> out = new ArrayList<>();
    synchronized (t) {
      for (String[] r : t.tailMap(fromKey, inclusive).values()) {
        if (out.size() >= limit) {
          break;
        }
        String[] o = new String[columns.length + 1];
        o[0] = r[0];
        for (int i = 0; i < columns.length; i++) {
          o[i + 1] = r[columns[i]];
        }
        out.add(o);
      }
    }
    return out;
  }

  @Override
  public void close() {
  }

  /** All rows of all containers of a table prefix, by key. */
  TreeMap<String, String[]> allRows(String table) {
    TreeMap<String, String[]> all = new TreeMap<>(KeyOrder.BY_CODE_POINT);
    for (Map.Entry<String, TreeMap<String, String[]>> e : data.entrySet()) {
      if (e.getKey().startsWith(table + "_") && !e.getKey().equals(table + "_layout")
          && !e.getKey().startsWith(TableLayouts.indexPrefix(table) + "_")) {
        all.putAll(e.getValue());
      }
    }
    return all;
  }

  static String describe(String[] row) {
    return Arrays.toString(row);
  }
}
