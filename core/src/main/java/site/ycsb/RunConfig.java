package site.ycsb;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Properties;

import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The Client's own settings, parsed and validated in one place before anything runs (a mistake found after an
 * hour-long run would waste the hour). This is where the Client's properties are parsed.
 */
final class RunConfig {
  /**
   * The default error budget: a thread whose last 10 operations all failed (each after the binding's own retries)
   * ends the run, so a dead database ends it in bounded time instead of one timeout per operation for hours.
   * The ScyllaDB fork of YCSB uses the same default; 0 turns it off.
   */
  static final long DEFAULT_MAX_CONSECUTIVE_ERRORS = 10;
  final Properties props;
  final String workloadClass;
  final String dbClass;
  final boolean doTransactions;
  final int threads;
  final double target;
  /** Operations to run in total, or Long.MAX_VALUE for unlimited. */
  final long operationLimit;
  final long maxExecutionSec;
  final boolean status;
  final long statusIntervalMs;
  final String label;
  final String exporterClass;
  final String exportFile;
  final File resultsDir;
  final Warmup warmup;
  final long maxConsecutiveErrors;
  final boolean keepGoingOnInsertFailure;
  final boolean spinSleep;
  /** auto (asynchronous when the binding and the workload allow it), true (required) or false (blocking). */
  final String async;
  final int asyncDispatchers;
  /** Asynchronous path: dispatch wake-ups on a grid of this many ns (0: each operation at its own time). */
  final long asyncWindowNs;
  static final String ASYNC_WINDOW_PROPERTY = "async.window.us";
  /** A window longer than this would make the dispatcher's lateness, not the database, the measured latency. */
  static final long ASYNC_WINDOW_MAX_US = 100_000;
  /**
   * Asynchronous path: a call the binding has not completed this long after it started is recorded as lost (LOST),
   * so that a future the binding or its driver loses cannot hold the run for ever.
   */
  final long asyncDeadlineNs;
  static final String ASYNC_DEADLINE_PROPERTY = "async.deadline.s";
  /**
   * Above what this project's bindings allow themselves with their defaults (the CQL bindings: 6 attempts of at
   * most 18 s and 5 back-offs of at most 5 s: at most 133 s), with room for raised retry limits; a lost call is rare, and
   * waiting this long for one at the end of a run is the price of never cutting off a call that is still retried.
   */
  static final long ASYNC_DEADLINE_DEFAULT_SEC = 300;
  /** A day: longer is a unit mistake (milliseconds). */
  static final long ASYNC_DEADLINE_MAX_SEC = 86_400;
  static final String ASYNC_PROPERTY = "async";
  static final String ASYNC_DISPATCHERS_PROPERTY = "async.dispatchers";
  final boolean trackJvm;
  final long insertStart;
  final long insertCount;
  final long recordCount;
  /** Wall-clock instant (epoch ms) at which the schedule starts, after every init; 0 = as soon as inits end. */
  final long startEpochMs;
  /** The largest maxexecutiontime: ten years, far from the nanosecond clock's overflow. */
  static final long MAX_EXECUTION_SEC = java.util.concurrent.TimeUnit.DAYS.toSeconds(3650);
  /** The lowest {@code -target}: one operation per {@link #MAX_EXECUTION_SEC}, rounded up to a short number. */
  static final double MIN_TARGET = 1e-8;

  RunConfig(Properties props) throws UsageException {
    this.props = props;
    try {
      PropertyReader r = new PropertyReader(props);
      workloadClass = r.string(Client.WORKLOAD_PROPERTY, "");
      if (workloadClass.isEmpty()) {
        throw new UsageException("Missing property: workload (e.g. -P workloads/workloada, or -p workload="
            + "site.ycsb.workloads.CoreWorkload)");
      }
      dbClass = r.string(Client.DB_PROPERTY, "site.ycsb.BasicDB");
      doTransactions = r.bool(Client.DO_TRANSACTIONS_PROPERTY, true);
      int requestedThreads = r.intValue(Client.THREAD_COUNT_PROPERTY, 1, 1);
      target = r.doubleValue(Client.TARGET_PROPERTY, 0, 0);
      if (target > 0 && target < MIN_TARGET) {
        // Below it the second operation would be due after the longest run there is: the run would do one
        // operation and then wait for years (1e-300 made the slot times overflow).
        throw new UsageException("target=" + props.getProperty(Client.TARGET_PROPERTY) + " is below the lowest rate, "
            + MIN_TARGET + " ops/s (one operation per ten years); 0 means unthrottled");
      }
      // Bounded (ten years) so that the deadline, in nanoseconds from now, cannot overflow: Long.MAX_VALUE seconds
      // wrapped round to a deadline in the past, and the run ended at once with nothing measured and exit 0.
      maxExecutionSec = r.longValue(Client.MAX_EXECUTION_TIME, 0, 0, MAX_EXECUTION_SEC);
      site.ycsb.workloads.ConstantOccupancyWorkload.applyIfSelected(props); // sizes recordcount/operationcount
      recordCount = r.longValue(Client.RECORD_COUNT_PROPERTY, 0, 0);
      // TimeSeriesWorkload's insertstart is its first timestamp, not a key number.
      insertStart = workloadClass.equals("site.ycsb.workloads.TimeSeriesWorkload") ? 0
          : r.longValue(Workload.INSERT_START_PROPERTY, 0, 0);
      if (props.getProperty(Client.INSERT_COUNT_PROPERTY) != null) {
        insertCount = r.longValue(Client.INSERT_COUNT_PROPERTY, 0, 0);
      } else {
        if (insertStart > 0 && insertStart >= recordCount) {
          // Without insertcount a client covers insertstart..recordcount-1 (recordcount is the whole table).
          throw new UsageException("insertstart=" + insertStart + " is not below recordcount=" + recordCount
              + ": recordcount is the size of the whole table and insertstart where this client's share begins; "
              + "set insertcount to the size of the share");
        }
        insertCount = Math.max(0, recordCount - insertStart);
      }
      if (doTransactions) {
        long ops = r.longValue(Client.OPERATION_COUNT_PROPERTY, 0, 0);
        if (ops == 0 && maxExecutionSec == 0) {
          throw new UsageException("operationcount is 0 (unlimited) and maxexecutiontime is not set: the run would "
              + "never end; set operationcount or maxexecutiontime");
        }
        operationLimit = ops == 0 ? Long.MAX_VALUE : ops;
      } else {
        operationLimit = insertCount;
        if (operationLimit == 0) {
          throw new UsageException("nothing to load: set recordcount (or insertcount) to the number of records");
        }
      }
      threads = (int) Math.max(1, Math.min(requestedThreads, operationLimit));
      status = r.bool(Client.STATUS_PROPERTY, false);
      statusIntervalMs = (long) (r.doubleValue("status.interval", 10, 0.001) * 1000);
      label = r.string(Client.LABEL_PROPERTY, "");
      exporterClass = r.string(Client.EXPORTER_PROPERTY, "site.ycsb.measurements.exporter.TextMeasurementsExporter");
      checkExporter(exporterClass);
      String file = r.string(Client.EXPORT_FILE_PROPERTY, "");
      exportFile = file.isEmpty() ? null : file;
      if (exportFile != null) {
        checkWritableFile(new File(exportFile));
      }
      String dir = r.string(Client.RESULTS_DIR_PROPERTY, "");
      resultsDir = dir.isEmpty() ? null : new File(dir);
      warmup = Warmup.parse(props.getProperty(Warmup.PROPERTY));
      if (warmup.operations() > 0 && operationLimit != Long.MAX_VALUE && warmup.operations() >= operationLimit) {
        throw new UsageException("warmup=" + warmup + " covers all " + operationLimit + " operations, so nothing "
            + "would be measured; lower warmup or raise " + (doTransactions ? "operationcount" : "recordcount"));
      }
      if (warmup.durationNs() > 0 && maxExecutionSec > 0
          && warmup.durationNs() >= java.util.concurrent.TimeUnit.SECONDS.toNanos(maxExecutionSec)) {
        throw new UsageException("warmup=" + warmup + " is not shorter than maxexecutiontime=" + maxExecutionSec
            + " s, so nothing would be measured; lower warmup or raise maxexecutiontime");
      }
      maxConsecutiveErrors = r.longValue("max_consecutive_errors", DEFAULT_MAX_CONSECUTIVE_ERRORS, 0);
      keepGoingOnInsertFailure = r.bool("core_workload_insertion_keep_going_on_error", false);
      spinSleep = r.bool("spin.sleep", false);
      // read by each client thread's DBWrapper when it starts; refused here, before the run, if it is not a boolean
      r.bool(DBWrapper.REPORT_LATENCY_FOR_EACH_ERROR_PROPERTY, false);
      String asyncMode = r.string(ASYNC_PROPERTY, "auto");
      if (!asyncMode.equals("auto") && !asyncMode.equals("true") && !asyncMode.equals("false")) {
        throw new UsageException(ASYNC_PROPERTY + "=" + asyncMode + " is not one of: auto, true, false");
      }
      async = asyncMode;
      asyncDispatchers = r.intValue(ASYNC_DISPATCHERS_PROPERTY, 1, 1);
      long windowUs = r.longValue(ASYNC_WINDOW_PROPERTY, 0, 0);
      if (windowUs > ASYNC_WINDOW_MAX_US) {
        throw new UsageException(ASYNC_WINDOW_PROPERTY + "=" + windowUs + " is longer than " + ASYNC_WINDOW_MAX_US
            + " us (100 ms); the operations would start that late");
      }
      asyncWindowNs = java.util.concurrent.TimeUnit.MICROSECONDS.toNanos(windowUs);
      asyncDeadlineNs = java.util.concurrent.TimeUnit.SECONDS.toNanos(r.longValue(ASYNC_DEADLINE_PROPERTY,
          ASYNC_DEADLINE_DEFAULT_SEC, 1, ASYNC_DEADLINE_MAX_SEC));
      trackJvm = r.bool("measurement.trackjvm", false);
      startEpochMs = r.longValue(Client.START_EPOCH_MS_PROPERTY, 0, 0);
      long anHourAgo = System.currentTimeMillis() - java.util.concurrent.TimeUnit.HOURS.toMillis(1);
      if (startEpochMs > 0 && startEpochMs < anHourAgo) {
        throw new UsageException(Client.START_EPOCH_MS_PROPERTY + "=" + startEpochMs + " is more than an hour in the "
            + "past; it is the wall-clock start in epoch milliseconds, a few seconds from now (e.g. date +%s000)");
      }
      // A start a day away is a unit mistake (microseconds, nanoseconds), and the run would sit waiting for it.
      long aDayAhead = System.currentTimeMillis() + java.util.concurrent.TimeUnit.DAYS.toMillis(1);
      if (startEpochMs > aDayAhead) {
        throw new UsageException(Client.START_EPOCH_MS_PROPERTY + "=" + startEpochMs + " is more than a day in the "
            + "future; it is the wall-clock start in epoch milliseconds, a few seconds from now (e.g. date +%s000)");
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** An output file must be writable before the run, not found unwritable after it. */
  private static void checkWritableFile(File f) throws UsageException {
    if (f.isDirectory()) {
      throw new UsageException("exportfile " + f + " is a directory");
    }
    if (f.exists() ? !f.canWrite() : !isWritableDirectory(f.getAbsoluteFile().getParentFile())) {
      throw new UsageException("exportfile " + f + " cannot be written (" + (f.exists() ? "no write permission"
          : "its directory does not exist or is not writable") + ")");
    }
    // canWrite() only reads permission bits: root is "allowed" on a read-only mount or /proc. Creating the file is the
    // test that counts (a new file is removed again; an existing one is left as it was; a FIFO or a device is not
    // opened here, as opening one can block).
    if (!f.exists()) {
      try {
        if (!f.createNewFile() || !f.delete()) {
          throw new IOException("could not create and remove it");
        }
      } catch (IOException e) {
        throw new UsageException("exportfile " + f + " cannot be written (" + e.getMessage() + ")");
      }
    } else if (f.isFile()) {
      try {
        new java.io.FileOutputStream(f, true).close(); // opened for appending, nothing written
      } catch (IOException e) {
        throw new UsageException("exportfile " + f + " cannot be written (" + e.getMessage() + ")");
      }
    }
  }

  private static boolean isWritableDirectory(File dir) {
    return dir != null && dir.isDirectory() && dir.canWrite();
  }

  private static void checkExporter(String name) throws UsageException {
    try {
      Class<?> c = Class.forName(name);
      if (!MeasurementsExporter.class.isAssignableFrom(c)) {
        throw new UsageException("exporter " + name + " is not a site.ycsb.measurements.exporter."
            + "MeasurementsExporter");
      }
      c.getConstructor(OutputStream.class);
    } catch (ClassNotFoundException e) {
      throw new UsageException("exporter class " + name + " was not found (e.g. site.ycsb.measurements.exporter."
          + "TextMeasurementsExporter or JSONArrayMeasurementsExporter)");
    } catch (NoSuchMethodException e) {
      throw new UsageException("exporter " + name + " has no public constructor taking an OutputStream");
    }
  }

  /** A short name of the phase for results: "load" or "run". */
  String phase() {
    return doTransactions ? "run" : "load";
  }
}
