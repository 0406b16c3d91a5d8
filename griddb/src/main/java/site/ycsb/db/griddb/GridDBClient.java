package site.ycsb.db.griddb;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.support.DatabaseReports;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;

/**
 * YCSB binding for GridDB. One instance (and one GridStore connection) per client thread. Each YCSB table is
 * spread over many containers (see {@link ContainerRouter} and {@link ContainerLayout}); how scans are answered is
 * the table's {@link ScanLayout}. Properties: see {@link GridDBConfig} and the module README.
 */
public class GridDBClient extends DB {
  private static final Logger LOG = LoggerFactory.getLogger(GridDBClient.class);
  private static final RateLimitedLog ERRORS = new RateLimitedLog(LOG::warn, 10, TimeUnit.SECONDS);
  /** The metric of the retry summary printed at the last cleanup: {@code [GRIDDB-RETRIES], READ, n} ... */
  public static final String RETRY_METRIC = "GRIDDB-RETRIES";
  /** Guards {@link #runCounters} and {@link #openClients}. */
  private static final Object RUN_LOCK = new Object();
  /** The retry counters of the clients open in this JVM (one run); null when none is open. */
  private static RetryCounters runCounters;
  private static int openClients;
  /** Samples the nodes' own statistics for the run (griddb.systemport, while an engine listens); or null. */
  private static NodeStatSampler nodeStats;
  /** slf4j-simple level of the GridDB client's own loggers, unless the user set one. */
  private static final String CLIENT_LOG_LEVEL = "org.slf4j.simpleLogger.log.com.toshiba.mwcloud.gs";

  static {
    // The client logs every failover retry at INFO; in a benchmark's output only its warnings matter.
    if (System.getProperty(CLIENT_LOG_LEVEL) == null) {
      System.setProperty(CLIENT_LOG_LEVEL, "warn");
    }
  }

  private final StoreConnector connector;
  private final Map<String, ContainerRouter> routers = new HashMap<>();
  private GridDBConfig config;
  private TableSchema schema;
  private StoreSession session;
  private RangeReader reader;
  private GridDBOperations ops;

  /** The constructor YCSB uses. */
  public GridDBClient() {
    this(new GridStoreConnector());
  }

  /** For unit tests: connect through another connector. */
  GridDBClient(StoreConnector connector) {
    this.connector = connector;
  }

  @Override
  public void init() throws DBException {
    config = GridDBConfig.from(getProperties());
    schema = new TableSchema(config.getFieldCount(), config.getFieldNamePrefix());
    session = connector.open(config);
    Retrier retrier = new Retrier(config.getMaxRetries(), config.getRetryBackoffMillis(),
        config.getRetryBackoffMaxMillis(), joinRun(config));
    GridDBOperations.ReaderSource readers = new GridDBOperations.ReaderSource() {
      @Override
      public RangeReader get() throws StoreException {
        if (reader == null) {
          reader = connector.openReader(config, schema);
        }
        return reader;
      }

      @Override
      public void discard() {
        if (reader != null) {
          reader.close();
          reader = null;
        }
      }
    };
    ops = new GridDBOperations(session, readers, this::router, schema, retrier, ERRORS,
        config.getInsertBatchSize(), ClusterHealth.of(config));
    try {
      router(config.getTable());
    } catch (StoreException e) {
      closeQuietly();
      throw new DBException("GridDB: cannot prepare the containers of table " + config.getTable() + " ("
          + config.describeTarget() + "): " + e.oneLine());
    } catch (DBException e) {
      closeQuietly();
      throw e;
    }
    // A workload with scans opens its SQL connection now, so that a wrong SQL member fails init (exit 3) instead of
    // every scan of the run.
    if (scansExpected(getProperties()) && routers.get(config.getTable()).layout() == ScanLayout.SQL) {
      try {
        readers.get();
      } catch (StoreException e) {
        closeQuietly();
        throw new DBException("GridDB: cannot open the SQL connection for scans (" + config.describeTarget()
            + "): " + e.oneLine());
      }
    }
  }

  /** Whether the workload's scan proportion is positive (an unparsable value is the workload's error to report). */
  static boolean scansExpected(java.util.Properties p) {
    try {
      return new site.ycsb.support.TypedProperties(p).fraction("scanproportion", 0) > 0;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private ContainerRouter router(String table) throws StoreException, DBException {
    ContainerRouter r = routers.get(table);
    if (r == null) {
      r = TableLayouts.obtain(config.describeTarget(), table, config.getContainerCount(), config.getScanLayout(),
          config.getScanIndexCount(), schema, session);
      routers.put(table, r);
    }
    return r;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return ops.read(table, key, fields, result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return ops.scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return ops.update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return ops.insert(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return ops.delete(table, key);
  }

  /** Writes buffered inserts, then closes this thread's connections. */
  @Override
  public void cleanup() throws DBException {
    if (session == null) {
      return;
    }
    String failure = null;
    try {
      ops.flush();
    } catch (StoreException e) {
      failure = "GridDB: " + e.oneLine();
    }
    if (reader != null) {
      reader.close();
      reader = null;
    }
    boolean down = ClusterHealth.of(config).isDown();
    if (down) {
      session.stopWaitingForCluster();
    }
    String closeFailure = closeBounded(session, down ? 1000
        : TimeUnit.SECONDS.toMillis(config.getFailoverTimeoutSeconds()) + 1000);
    failure = failure != null ? failure : closeFailure;
    session = null;
    leaveRun(System.out);
    if (failure != null) {
      throw new DBException(failure);
    }
  }

  /**
   * Counts this client in, and gives the retry counters shared by every client of the run: the first client of a
   * run starts them at zero, as the CQL bindings' shared runtime does, and the sampling of the nodes' own statistics
   * ({@link NodeStatSampler}, with {@code griddb.systemport}); the last client's cleanup stops it.
   */
  private static RetryCounters joinRun(GridDBConfig config) {
    synchronized (RUN_LOCK) {
      if (openClients++ == 0) {
        runCounters = Retrier.newCounters();
        nodeStats = NodeStatSampler.startIfWanted(config, LOG::warn);
        // How long an operation on a silent node can take before it fails: what its latency and failures mean.
        DatabaseReports.setting(NodeEvents.BINDING, "request timeout", config.getRequestTimeoutMillis() == 0
            ? "none" : config.getRequestTimeoutMillis() + " ms");
        DatabaseReports.setting(NodeEvents.BINDING, "failover timeout",
            GridDBOptions.FAILOVER_TIMEOUT.show(config.getFailoverTimeoutSeconds()));
      }
      return runCounters;
    }
  }

  /** For tests that leave clients open: the next client starts a new run. */
  static void forgetRun() {
    synchronized (RUN_LOCK) {
      openClients = 0;
      runCounters = null;
      if (nodeStats != null) {
        nodeStats.close();
        nodeStats = null;
      }
    }
  }

  /**
   * Counts this client out; the last one prints the run's retry summary to {@code out} (as the CQL bindings print
   * theirs at their last cleanup), unless {@code out} is null (an init that failed).
   */
  private static void leaveRun(PrintStream out) {
    RetryCounters finished = null;
    synchronized (RUN_LOCK) {
      if (openClients > 0 && --openClients == 0) {
        finished = runCounters;
        runCounters = null;
        if (nodeStats != null) {
          nodeStats.close();
          nodeStats = null;
        }
      }
    }
    if (finished != null && out != null) {
      finished.print(out, RETRY_METRIC);
    }
  }

  /**
   * Closes a session on a daemon thread and waits at most {@code waitMs}: closing talks to the cluster, and a dead
   * one would hold the thread for the failover timeout per container (the process would not exit). Returns a
   * one-line failure, or null.
   */
  static String closeBounded(StoreSession s, long waitMs) {
    String[] failure = new String[1];
    Thread t = new Thread(() -> {
      try {
        s.close();
      } catch (StoreException | RuntimeException e) {
        failure[0] = "GridDB: closing the connection failed: " + (e instanceof StoreException
            ? ((StoreException) e).oneLine() : e.toString());
      }
    }, "griddb-close");
    t.setDaemon(true);
    t.start();
    try {
      t.join(Math.max(1, waitMs));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (t.isAlive()) {
      // Not an error of the run: the cluster is gone, and what it acknowledged was measured already.
      LOG.warn("GridDB: not waiting for the connection to close (the cluster does not answer)");
      return null;
    }
    synchronized (failure) {
      return failure[0];
    }
  }

  private void closeQuietly() {
    try {
      session.close();
    } catch (StoreException e) {
      // init already failed; that is the error to report.
    }
    session = null;
    leaveRun(null);
  }
}
