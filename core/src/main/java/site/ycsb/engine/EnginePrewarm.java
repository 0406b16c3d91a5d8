package site.ycsb.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBWrapper;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.WorkloadHooks;
import site.ycsb.measurements.Measurements;

/**
 * Runs the engine's per-operation path before the schedule opens, so that the first measured seconds are not
 * spent in the interpreter and the JIT compiler: the workload's key, value and operation choice, and
 * {@link DBWrapper}'s timing and recording — against a database that does nothing and into measurements that are
 * thrown away. At 100,000 operations per second a cold start otherwise leaves a backlog of tens of milliseconds
 * that the intended-time latency (rightly) reports; the warmed path has none.
 *
 * <p>Nothing it does reaches the run: it uses its own workload instance (so the run's key sequences, insert
 * counters and random streams are untouched), its own null database and its own {@link Measurements} (no interval
 * logs, no results files). It warms only YCSB's core workload, whose path is known; other workloads start cold,
 * as in YCSB. The time it takes is reported on the init line and is not part of any measured time.
 *
 * <p>Not thread-safe: run once, by the main thread, before the schedule opens.
 */
final class EnginePrewarm {
  /** Upper bounds: enough invocations for the JIT's optimising tier, short enough not to delay the start. */
  static final long MAX_OPERATIONS = 200_000;
  static final long MAX_NANOS = TimeUnit.MILLISECONDS.toNanos(1500);
  /** The throw-away workload draws keys from at most this many records (a huge recordcount costs init time). */
  static final long MAX_RECORDS = 100_000;

  private EnginePrewarm() {
  }

  /** What a pre-warm did, for the init line. */
  static final class Result {
    final long operations;
    final long millis;
    final String skipped;

    private Result(long operations, long millis, String skipped) {
      this.operations = operations;
      this.millis = millis;
      this.skipped = skipped;
    }

    /** A clause for the init line, e.g. {@code engine path warmed: 200000 operations on a null database in 850 ms}. */
    String describe() {
      return skipped != null ? "engine path not warmed (" + skipped + ")"
          : "engine path warmed: " + operations + " operations on a null database in " + millis + " ms, not measured";
    }
  }

  /**
   * Warms the path the run's threads will take, for at most {@code budgetNanos} (and {@link #MAX_NANOS}): a run
   * whose schedule opens at a given instant ({@code start.epochms}) must not start late because of it.
   *
   * @param runWorkload the run's workload (only its class is used)
   */
  static Result run(Workload runWorkload, Properties runProps, boolean doTransactions, long budgetNanos) {
    if (budgetNanos <= 0) {
      return new Result(0, 0, "no time left before start.epochms");
    }
    if (!(runWorkload instanceof WorkloadHooks) || !((WorkloadHooks) runWorkload).prewarmable()) {
      return new Result(0, 0, "workload " + runWorkload.getClass().getName() + " is not the core workload");
    }
    long begin = System.nanoTime();
    Properties props = throwAwayProperties(runProps);
    Workload workload;
    Object state;
    Measurements measurements;
    try {
      // A fresh instance of the run's class (which says it may be warmed): nothing of the run's instance is touched.
      workload = runWorkload.getClass().getDeclaredConstructor().newInstance();
      workload.init(props);
      state = workload.initThread(props, 0, 1);
      measurements = new Measurements(props);
    } catch (Exception | LinkageError e) {
      return new Result(0, 0, "the core workload did not initialise with a smaller record count: " + e.getMessage());
    }
    DBWrapper db = new DBWrapper(new NullDB(), measurements);
    db.setProperties(props);
    // The workload itself records some measurements (VERIFY, READ-MODIFY-WRITE) into the process-wide instance:
    // nothing this thread records there during the pre-warm may count.
    Measurements run = Measurements.getMeasurements();
    run.setRecording(false);
    long ops = 0;
    long deadline = begin + Math.min(MAX_NANOS, budgetNanos);
    try {
      // The clock is read once per 1024 operations.
      while (ops < MAX_OPERATIONS && ((ops & 1023) != 0 || System.nanoTime() < deadline)) {
        measurements.setIntendedStartTimeNs(System.nanoTime());
        if (doTransactions) {
          workload.doTransaction(db, state);
        } else {
          workload.doInsert(db, state);
        }
        ops++;
      }
    } catch (RuntimeException e) {
      return new Result(ops, 0, "the core workload failed on a null database after " + ops + " operations: "
          + e.getMessage());
    } finally {
      run.setRecording(true);
      try {
        workload.cleanup();
      } catch (WorkloadException ignored) {
        // Nothing of the throw-away workload is used afterwards.
      }
    }
    return new Result(ops, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begin), null);
  }

  /** The run's properties with a bounded record count and every output switched off. */
  static Properties throwAwayProperties(Properties runProps) {
    Properties props = new Properties();
    props.putAll(runProps);
    // The run's properties were validated before the pre-warm: recordcount is a whole number here.
    long records = new PropertyReader(runProps).get(EngineOptions.RECORD_COUNT);
    if (records > MAX_RECORDS) {
      props.setProperty(EngineOptions.RECORD_COUNT.name(), Long.toString(MAX_RECORDS));
      props.remove(EngineOptions.INSERT_START.name());
      props.remove(EngineOptions.INSERT_COUNT.name());
    }
    props.setProperty(EngineOptions.HDR_FILE_OUTPUT.name(), "false");
    props.remove(EngineOptions.RESULTS_DIR.name());
    props.remove(EngineOptions.EXPORT_FILE.name());
    return props;
  }

  /** A database that succeeds at everything and returns nothing. */
  static final class NullDB extends DB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                       Vector<HashMap<String, ByteIterator>> result) {
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.OK;
    }
  }
}
