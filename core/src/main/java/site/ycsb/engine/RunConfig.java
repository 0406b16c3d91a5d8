package site.ycsb.engine;

import java.io.File;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.UsageException;
import site.ycsb.cli.WorkloadHooks;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.options.Option;
import site.ycsb.output.RecordFiles;

/**
 * The engine's settings for one run, parsed and validated in one place before anything runs (a mistake found after an
 * hour-long run would waste the hour), from the options declared in {@link EngineOptions}.
 *
 * <p>Immutable and thread-safe once built (its properties are not changed after it).
 */
public final class RunConfig {
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
  /** The share of measured operations that may fail before the exit code says so ({@code errors.budget}). */
  final double errorsBudget;
  /** Whether errors.budget counts NOT_FOUND as an answer ({@link WorkloadHooks#notFoundIsAnswer}). */
  final boolean notFoundIsAnswer;
  /** How long every operation may fail with none succeeding before the run is ended; 0: never. */
  final long errorsGiveUpNs;
  final boolean keepGoingOnInsertFailure;
  final boolean spinSleep;
  /** auto (asynchronous when the binding and the workload allow it), true (required) or false (blocking). */
  final String async;
  final int asyncDispatchers;
  /** Asynchronous path: dispatch wake-ups on a grid of this many ns (0: each operation at its own time). */
  final long asyncWindowNs;
  /** A window longer than this would make the dispatcher's lateness, not the database, the measured latency. */
  static final long ASYNC_WINDOW_MAX_US = 100_000;
  /**
   * Asynchronous path: a call the binding has not completed this long after it started is recorded as lost (LOST),
   * so that a future the binding or its driver loses cannot hold the run for ever ({@link EngineOptions#ASYNC_DEADLINE_S}).
   */
  final long asyncDeadlineNs;
  final boolean trackJvm;
  /** Whether the database nodes are sampled (telemetry=auto with a results.dir), and the NODE=PID servers named. */
  final boolean telemetry;
  final java.util.Map<String, Long> telemetryPids;
  final long insertStart;
  final long insertCount;
  final long recordCount;
  /** Wall-clock instant (epoch ms) at which the schedule starts, after every init; 0 = as soon as inits end. */
  final long startEpochMs;
  /** The lowest {@code -target}: one operation per {@link EngineOptions#MAX_EXECUTION_SEC}, rounded up. */
  static final double MIN_TARGET = 1e-8;

  public RunConfig(Properties props) throws UsageException {
    this.props = props;
    try {
      PropertyReader r = new PropertyReader(props);
      workloadClass = r.get(EngineOptions.WORKLOAD);
      if (workloadClass.isEmpty()) {
        throw new UsageException("Missing property: workload (e.g. -P workloads/workloada, or -p workload="
            + "site.ycsb.workloads.CoreWorkload)");
      }
      dbClass = r.get(EngineOptions.DB_CLASS);
      doTransactions = r.get(EngineOptions.DO_TRANSACTIONS);
      int requestedThreads = r.get(EngineOptions.THREAD_COUNT);
      target = r.get(EngineOptions.TARGET);
      if (target > 0 && target < MIN_TARGET) {
        // Below it the second operation would be due after the longest run there is: the run would do one
        // operation and then wait for years (1e-300 made the slot times overflow).
        throw new UsageException(EngineOptions.TARGET + "=" + props.getProperty(EngineOptions.TARGET.name()) + " is below the lowest rate, "
            + MIN_TARGET + " ops/s (one operation per ten years); 0 means unthrottled");
      }
      // Bounded (ten years) so that the deadline, in nanoseconds from now, cannot overflow: Long.MAX_VALUE seconds
      // wrapped round to a deadline in the past, and the run ended at once with nothing measured and exit 0.
      maxExecutionSec = r.get(EngineOptions.MAX_EXECUTION_TIME);
      // The workload's own say in the counts (a disk size turned into recordcount/operationcount, an insertstart that
      // is a timestamp), asked of the class named by 'workload' so that the engine names no workload class.
      WorkloadHooks sizing = WorkloadHooks.of(workloadClass);
      sizing.sizeRun(props);
      notFoundIsAnswer = sizing.notFoundIsAnswer(props);
      recordCount = r.get(EngineOptions.RECORD_COUNT);
      insertStart = sizing.insertStartIsKeyNumber() ? r.get(EngineOptions.INSERT_START) : 0;
      if (r.isGiven(EngineOptions.INSERT_COUNT)) {
        insertCount = r.get(EngineOptions.INSERT_COUNT);
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
        long ops = r.get(EngineOptions.OPERATION_COUNT);
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
      status = r.get(EngineOptions.STATUS);
      statusIntervalMs = (long) (r.get(EngineOptions.STATUS_INTERVAL) * 1000);
      label = r.get(EngineOptions.LABEL);
      r.get(EngineOptions.METRICS_LISTEN);
      r.get(EngineOptions.METRICS_PUSHGATEWAY);
      r.get(EngineOptions.METRICS_LINGER);
      if (r.get(EngineOptions.METRICS_PUSH_INTERVAL) < TimeUnit.SECONDS.toNanos(1)) {
        throw new UsageException(EngineOptions.METRICS_PUSH_INTERVAL + "="
            + props.getProperty(EngineOptions.METRICS_PUSH_INTERVAL.name()) + " is shorter than 1s");
      }
      exporterClass = r.get(EngineOptions.EXPORTER);
      checkExporter(exporterClass);
      String file = givenPath(props, r, EngineOptions.EXPORT_FILE, "file");
      exportFile = file.isEmpty() ? null : file;
      String dir = givenPath(props, r, EngineOptions.RESULTS_DIR, "directory");
      resultsDir = dir.isEmpty() ? null : new File(dir);
      if (exportFile != null) {
        checkExportFileOutsideRecords(new File(exportFile), resultsDir);
        WritableOutputs.file(EngineOptions.EXPORT_FILE.name(), new File(exportFile));
      }
      checkMeasurementOutputs(props, r);
      warmup = Warmup.parse(props.getProperty(EngineOptions.WARMUP.name()));
      if (warmup.operations() > 0 && operationLimit != Long.MAX_VALUE && warmup.operations() >= operationLimit) {
        throw new UsageException("warmup=" + warmup + " covers all " + operationLimit + " operations, so nothing "
            + "would be measured; lower warmup or raise " + (doTransactions ? "operationcount" : "recordcount"));
      }
      if (warmup.durationNs() > 0 && maxExecutionSec > 0
          && warmup.durationNs() >= java.util.concurrent.TimeUnit.SECONDS.toNanos(maxExecutionSec)) {
        throw new UsageException("warmup=" + warmup + " is not shorter than maxexecutiontime=" + maxExecutionSec
            + " s, so nothing would be measured; lower warmup or raise maxexecutiontime");
      }
      maxConsecutiveErrors = r.get(EngineOptions.MAX_CONSECUTIVE_ERRORS);
      errorsBudget = r.get(EngineOptions.ERRORS_BUDGET);
      errorsGiveUpNs = r.get(EngineOptions.ERRORS_GIVE_UP);
      keepGoingOnInsertFailure = r.get(EngineOptions.INSERTION_KEEP_GOING);
      spinSleep = r.get(EngineOptions.SPIN_SLEEP);
      // read by each client thread's DBWrapper when it starts; refused here, before the run, if it is not a boolean
      r.get(EngineOptions.REPORT_LATENCY_FOR_EACH_ERROR);
      async = r.get(EngineOptions.ASYNC);
      asyncDispatchers = r.get(EngineOptions.ASYNC_DISPATCHERS);
      long windowUs = r.get(EngineOptions.ASYNC_WINDOW_US);
      if (windowUs > ASYNC_WINDOW_MAX_US) {
        throw new UsageException(EngineOptions.ASYNC_WINDOW_US + "=" + windowUs + " is longer than " + ASYNC_WINDOW_MAX_US
            + " us (100 ms); the operations would start that late");
      }
      asyncWindowNs = java.util.concurrent.TimeUnit.MICROSECONDS.toNanos(windowUs);
      asyncDeadlineNs = java.util.concurrent.TimeUnit.SECONDS.toNanos(r.get(EngineOptions.ASYNC_DEADLINE_S));
      trackJvm = r.get(EngineOptions.TRACK_JVM);
      telemetryPids = parsePids(r.get(EngineOptions.TELEMETRY_PIDS));
      telemetry = r.get(EngineOptions.TELEMETRY).equals("auto") && resultsDir != null;
      startEpochMs = r.get(EngineOptions.START_EPOCH_MS);
      long anHourAgo = System.currentTimeMillis() - java.util.concurrent.TimeUnit.HOURS.toMillis(1);
      if (startEpochMs > 0 && startEpochMs < anHourAgo) {
        throw new UsageException(EngineOptions.START_EPOCH_MS + "=" + startEpochMs + " is more than an hour in the "
            + "past; it is the wall-clock start in epoch milliseconds, a few seconds from now (e.g. date +%s000), or 0 "
            + "(the default) to start as soon as the threads are ready");
      }
      // A start a day away is a unit mistake (microseconds, nanoseconds), and the run would sit waiting for it.
      long aDayAhead = System.currentTimeMillis() + java.util.concurrent.TimeUnit.DAYS.toMillis(1);
      if (startEpochMs > aDayAhead) {
        throw new UsageException(EngineOptions.START_EPOCH_MS + "=" + startEpochMs + " is more than a day in the "
            + "future; it is the wall-clock start in epoch milliseconds, a few seconds from now (e.g. date +%s000)");
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The measurement outputs a run writes outside its record, checked before it starts: the HDR interval logs'
   * prefix (with {@code hdrhistogram.fileoutput=true}) and the raw measurement file (with a raw measurement type).
   */
  private static void checkMeasurementOutputs(Properties props, PropertyReader r) throws UsageException {
    if (r.get(EngineOptions.HDR_FILE_OUTPUT)) {
      WritableOutputs.prefix(EngineOptions.HDR_OUTPUT_PATH.name(),
          props.getProperty(EngineOptions.HDR_OUTPUT_PATH.name(), ""));
    }
    if (r.get(EngineOptions.MEASUREMENT_TYPE).endsWith("raw")) {
      String raw = givenPath(props, r, EngineOptions.RAW_OUTPUT_FILE, "file");
      if (!raw.isEmpty()) {
        WritableOutputs.file(EngineOptions.RAW_OUTPUT_FILE.name(), new File(raw));
      }
    }
  }

  /** The files a run's record holds (in its results.dir), which an exportfile must not be. */
  static final java.util.List<String> RECORD_FILES = java.util.Arrays.asList(RecordFiles.SUMMARY,
      RecordFiles.OUTPUT, RecordFiles.TIMESERIES, RecordFiles.STATUS_LOG, RecordFiles.SCHEDULE_LAG,
      RecordFiles.HDR_DIR, ResultsDirClaim.NAME);

  /**
   * An exportfile inside another run's record would replace or add to what that run wrote (its output.txt), and one
   * that is a file of this run's own record would be written twice: both refused, by real path.
   */
  private static void checkExportFileOutsideRecords(File f, File resultsDir) throws UsageException {
    java.nio.file.Path real = site.ycsb.support.RunRecords.realPath(f.toPath());
    String inside = site.ycsb.support.RunRecords.insideRecord("exportfile " + f, real);
    if (inside != null) {
      throw new UsageException(inside);
    }
    if (resultsDir != null) {
      java.nio.file.Path own = site.ycsb.support.RunRecords.realPath(resultsDir.toPath());
      if (real.startsWith(own) && !real.equals(own) && RECORD_FILES.contains(own.relativize(real).getName(0)
          .toString())) {
        throw new UsageException("exportfile " + f + " is a file of this run's own record in results.dir "
            + resultsDir + "; name another file (or leave exportfile out: the record holds output.txt)");
      }
    }
  }

  /**
   * A path option's value; a path given blank is refused rather than read as "not given" (typically an unset shell
   * variable, {@code -p results.dir=$DIR}: the run would keep no record and nobody would notice until afterwards).
   */
  private static String givenPath(Properties props, PropertyReader r, Option<String> option, String what)
      throws UsageException {
    String value = r.get(option);
    if (value.isEmpty() && option.isGiven(props)) {
      throw new UsageException(option.name() + " is empty: give a " + what + ", or leave the property out");
    }
    return value;
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

  /**
   * Parses {@code telemetry.pids} ({@code NODE=PID,...}); an empty value is none. Here, not in
   * {@link EngineTelemetry}, because the telemetry is started from this configuration: it reads the map, nothing more.
   */
  static Map<String, Long> parsePids(String value) throws UsageException {
    Map<String, Long> out = new LinkedHashMap<>();
    if (value.trim().isEmpty()) {
      return out;
    }
    for (String item : value.split(",", -1)) {
      String t = item.trim();
      int eq = t.indexOf('=');
      if (eq <= 0 || !t.substring(eq + 1).trim().matches("[1-9][0-9]{0,9}")
          || !t.substring(0, eq).trim().matches("[A-Za-z0-9_.:%\\[\\]-]+")) {
        throw new UsageException(EngineOptions.TELEMETRY_PIDS + "=" + value + ": expected NODE=PID,... (e.g. "
            + "127.0.0.1=4242), got '" + t + "'");
      }
      out.put(t.substring(0, eq).trim(), Long.valueOf(t.substring(eq + 1).trim()));
    }
    return out;
  }
}
