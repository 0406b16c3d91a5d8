package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicBoolean;

import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OperationRecorder;
import site.ycsb.named.NamedOperationDB;

/**
 * Wraps a binding and times each call: service time (call start to end) and intended time (scheduled start to
 * end, see {@link Measurements#getIntendedStartTimeNs()}), both in microseconds, plus the return status.
 * This is where an operation is timed. One instance per client thread, like the binding it wraps.
 *
 * <p>Failed operations are measured as {@code OP-FAILED}, or {@code OP-<STATUS>} with
 * {@code reportlatencyforeacherror=true} or for statuses listed in {@code latencytrackederrors}.
 *
 * <p>Named operations ({@link NamedOperationDB}) of a binding that offers them are timed the same way and recorded
 * under the workload's name for them.
 */
public class DBWrapper extends DB implements NamedOperationDB {
  private static final AtomicBoolean CONFIG_PRINTED = new AtomicBoolean();
  private static final AtomicBoolean NULL_STATUS_WARNED = new AtomicBoolean();

  private final DB db;
  private final Measurements measurements;
  /** Names and records failures and named operations; configured in {@link #init()}. */
  private OperationRecorder recorder;
  private long consecutiveErrors;
  private static final String[] OPS = {"READ", "SCAN", "UPDATE", "INSERT", "DELETE"};
  // Per-thread caches of this thread's measurements, by index in OPS (a DBWrapper belongs to one thread).
  private final OneMeasurement[] serviceCache = new OneMeasurement[OPS.length];
  private final OneMeasurement[] intendedCache = new OneMeasurement[OPS.length];
  private final OneMeasurement[] statusCache = new OneMeasurement[OPS.length];
  private final boolean[] serviceResolved = new boolean[OPS.length];
  private final boolean[] intendedResolved = new boolean[OPS.length];

  /** The state of the thread that called last (a wrapper normally has just one); see {@link #threadState()}. */
  private Measurements.ThreadState lastState;

  public DBWrapper(DB db) {
    this(db, Measurements.getMeasurements());
  }

  /**
   * A wrapper recording into {@code measurements} instead of the process-wide instance (engine pre-warm). Public for
   * the engine's package; not part of YCSB 0.17.0's API.
   */
  public DBWrapper(DB db, Measurements measurements) {
    this.db = db;
    this.measurements = measurements;
    this.recorder = new OperationRecorder(measurements, new Properties()); // 0.17.0's defaults until init()
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
    recorder = new OperationRecorder(measurements, p);
    if (CONFIG_PRINTED.compareAndSet(false, true)) {
      System.err.println("DBWrapper: " + recorder.describe());
    }
    db.init();
  }

  /**
   * Allows the one-time configuration line to be printed again (for a new run in the same JVM). Public for the
   * engine's package; not part of YCSB 0.17.0's API.
   */
  public static void resetOnceOnlyMessages() {
    CONFIG_PRINTED.set(false);
  }

  @Override
  public void cleanup() throws DBException {
    long ist = measurements.getIntendedStartTimeNs();
    long st = System.nanoTime();
    db.cleanup();
    long en = System.nanoTime();
    if (measurements.threadState().isRecording()) {
      recorder.recordLatency("CLEANUP", ist, st, en);
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Measurements.ThreadState state = threadState();
    long ist = measurements.intendedStartNs(state);
    long st = System.nanoTime();
    Status res = db.read(table, key, fields, result);
    long en = System.nanoTime();
    return finish(0, res, state, ist, st, en);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    Measurements.ThreadState state = threadState();
    long ist = measurements.intendedStartNs(state);
    long st = System.nanoTime();
    Status res = db.scan(table, startkey, recordcount, fields, result);
    long en = System.nanoTime();
    return finish(1, res, state, ist, st, en);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Measurements.ThreadState state = threadState();
    long ist = measurements.intendedStartNs(state);
    long st = System.nanoTime();
    Status res = db.update(table, key, values);
    long en = System.nanoTime();
    return finish(2, res, state, ist, st, en);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Measurements.ThreadState state = threadState();
    long ist = measurements.intendedStartNs(state);
    long st = System.nanoTime();
    Status res = db.insert(table, key, values);
    long en = System.nanoTime();
    return finish(3, res, state, ist, st, en);
  }

  @Override
  public Status delete(String table, String key) {
    Measurements.ThreadState state = threadState();
    long ist = measurements.intendedStartNs(state);
    long st = System.nanoTime();
    Status res = db.delete(table, key);
    long en = System.nanoTime();
    return finish(4, res, state, ist, st, en);
  }

  /**
   * Times a named operation of the wrapped binding and records it under {@code name} exactly like the five YCSB
   * operations (service and intended latency, status counts; failures as {@code name-FAILED} etc.).
   * A binding without named operations gets {@link Status#NOT_IMPLEMENTED}.
   */
  @Override
  public Status executeNamed(String name, Object request) {
    Measurements.ThreadState state = threadState();
    long ist = measurements.intendedStartNs(state);
    long st = System.nanoTime();
    Status res = db instanceof NamedOperationDB ? ((NamedOperationDB) db).executeNamed(name, request)
        : Status.NOT_IMPLEMENTED;
    long en = System.nanoTime();
    res = settle(res, name);
    if (state.isRecording()) {
      recorder.record(name, res, ist, st, en);
    }
    return res;
  }

  /** The calling thread's state, without a thread-local lookup when the same thread calls again. */
  private Measurements.ThreadState threadState() {
    Measurements.ThreadState s = lastState; // one read: a state knows its owner (a final field)
    if (s == null || !s.isOwnedBy(Thread.currentThread())) {
      s = measurements.threadState();
      lastState = s;
    }
    return s;
  }

  /** A null status counted as ERROR (warned once), and the consecutive-error count kept. */
  private Status settle(Status result, String op) {
    Status res = result;
    if (res == null) {
      if (NULL_STATUS_WARNED.compareAndSet(false, true)) {
        System.err.println("WARNING: " + db.getClass().getName() + " returned null for " + op
            + "; counted as ERROR (a binding must return a Status)");
      }
      res = Status.ERROR;
    }
    if (OperationRecorder.answered(res)) {
      if (consecutiveErrors != 0) {
        consecutiveErrors = 0;
      }
    } else {
      consecutiveErrors++;
    }
    return res;
  }

  /**
   * Records one operation. Successful operations go through per-thread cached measurement references (the
   * measurements are still created on first use, so only operations that happened appear in the results);
   * failures take the general path, which builds the {@code OP-FAILED} or {@code OP-<STATUS>} name.
   */
  private Status finish(int op, Status result, Measurements.ThreadState state, long ist, long st, long en) {
    Status res = settle(result, OPS[op]);
    if (!state.isRecording()) {
      return res;
    }
    measurements.noteCallNs(en - st);
    if (res.isOk()) {
      OneMeasurement service = serviceCache[op];
      if (service == null && !serviceResolved[op]) {
        service = serviceCache[op] = measurements.serviceMeasurement(OPS[op]);
        serviceResolved[op] = true;
      }
      if (service != null) {
        service.measure((en - st) / 1000);
      }
      OneMeasurement intended = intendedCache[op];
      if (intended == null && !intendedResolved[op]) {
        intended = intendedCache[op] = measurements.intendedMeasurement(OPS[op]);
        intendedResolved[op] = true;
      }
      if (intended != null) {
        intended.measure((en - ist) / 1000);
      }
    } else {
      recorder.recordLatency(recorder.nameOf(OPS[op], res), ist, st, en);
    }
    OneMeasurement status = statusCache[op];
    if (status == null) {
      status = statusCache[op] = measurements.statusMeasurement(OPS[op]);
    }
    status.reportStatus(res);
    return res;
  }

}
