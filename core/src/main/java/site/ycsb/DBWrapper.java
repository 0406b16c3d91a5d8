package site.ycsb;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicBoolean;

import site.ycsb.measurements.Measurements;

/**
 * Wraps a binding and times each call: service time (call start to end) and intended time (scheduled start to
 * end, see {@link Measurements#getIntendedStartTimeNs()}), both in microseconds, plus the return status.
 * This is where an operation is timed. One instance per client thread, like the binding it wraps.
 *
 * <p>Failed operations are measured as {@code OP-FAILED}, or {@code OP-<STATUS>} with
 * {@code reportlatencyforeacherror=true} or for statuses listed in {@code latencytrackederrors}.
 */
public class DBWrapper extends DB {
  public static final String REPORT_LATENCY_FOR_EACH_ERROR_PROPERTY = "reportlatencyforeacherror";
  public static final String LATENCY_TRACKED_ERRORS_PROPERTY = "latencytrackederrors";
  private static final AtomicBoolean CONFIG_PRINTED = new AtomicBoolean();
  private static final AtomicBoolean NULL_STATUS_WARNED = new AtomicBoolean();

  private final DB db;
  private final Measurements measurements;
  private boolean reportLatencyForEachError;
  private Set<String> latencyTrackedErrors = Collections.emptySet();
  private long consecutiveErrors;

  public DBWrapper(DB db) {
    this.db = db;
    this.measurements = Measurements.getMeasurements();
  }

  /** The wrapped binding. */
  public DB getWrapped() {
    return db;
  }

  @Override
  public void setProperties(Properties p) {
    db.setProperties(p);
  }

  @Override
  public Properties getProperties() {
    return db.getProperties();
  }

  /**
   * Failed operations in a row on this thread (NOT_FOUND does not count as a failure; any success resets it).
   */
  public long consecutiveErrors() {
    return consecutiveErrors;
  }

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    reportLatencyForEachError = Boolean.parseBoolean(p.getProperty(REPORT_LATENCY_FOR_EACH_ERROR_PROPERTY, "false"));
    String tracked = p.getProperty(LATENCY_TRACKED_ERRORS_PROPERTY);
    if (!reportLatencyForEachError && tracked != null && !tracked.trim().isEmpty()) {
      latencyTrackedErrors = new HashSet<>(Arrays.asList(tracked.trim().split("\\s*,\\s*")));
    }
    if (CONFIG_PRINTED.compareAndSet(false, true)) {
      System.err.println("DBWrapper: report latency for each error is " + reportLatencyForEachError
          + " and specific error codes to track for latency are: " + latencyTrackedErrors);
    }
    db.init();
  }

  /** Allows the one-time configuration line to be printed again (for a new run in the same JVM). */
  static void resetOnceOnlyMessages() {
    CONFIG_PRINTED.set(false);
  }

  @Override
  public void cleanup() throws DBException {
    long ist = measurements.getIntendedStartTimeNs();
    long st = System.nanoTime();
    db.cleanup();
    long en = System.nanoTime();
    record("CLEANUP", Status.OK, ist, st, en);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long ist = measurements.getIntendedStartTimeNs();
    long st = System.nanoTime();
    Status res = db.read(table, key, fields, result);
    long en = System.nanoTime();
    return finish("READ", res, ist, st, en);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    long ist = measurements.getIntendedStartTimeNs();
    long st = System.nanoTime();
    Status res = db.scan(table, startkey, recordcount, fields, result);
    long en = System.nanoTime();
    return finish("SCAN", res, ist, st, en);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long ist = measurements.getIntendedStartTimeNs();
    long st = System.nanoTime();
    Status res = db.update(table, key, values);
    long en = System.nanoTime();
    return finish("UPDATE", res, ist, st, en);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long ist = measurements.getIntendedStartTimeNs();
    long st = System.nanoTime();
    Status res = db.insert(table, key, values);
    long en = System.nanoTime();
    return finish("INSERT", res, ist, st, en);
  }

  @Override
  public Status delete(String table, String key) {
    long ist = measurements.getIntendedStartTimeNs();
    long st = System.nanoTime();
    Status res = db.delete(table, key);
    long en = System.nanoTime();
    return finish("DELETE", res, ist, st, en);
  }

  private Status finish(String op, Status result, long ist, long st, long en) {
    Status res = result;
    if (res == null) {
      if (NULL_STATUS_WARNED.compareAndSet(false, true)) {
        System.err.println("WARNING: " + db.getClass().getName() + " returned null for " + op
            + "; counted as ERROR (a binding must return a Status)");
      }
      res = Status.ERROR;
    }
    if (res.isOk() || res == Status.NOT_FOUND) {
      consecutiveErrors = 0;
    } else {
      consecutiveErrors++;
    }
    record(op, res, ist, st, en);
    measurements.reportStatus(op, res);
    return res;
  }

  private void record(String op, Status res, long ist, long st, long en) {
    String name = op;
    if (!res.isOk()) {
      name = reportLatencyForEachError || latencyTrackedErrors.contains(res.getName())
          ? op + "-" + res.getName() : op + "-FAILED";
    }
    measurements.measure(name, (en - st) / 1000);
    measurements.measureIntended(name, (en - ist) / 1000);
  }
}
