package site.ycsb.engine;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;

import site.ycsb.cli.BuildInfo;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.OutputFiles;
import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.Secrets;
import site.ycsb.engine.verdict.ClientHealth;
import site.ycsb.engine.verdict.JvmTracker;
import site.ycsb.engine.verdict.LagVerdict;
import site.ycsb.engine.verdict.SummaryJson;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.JsonText;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;
import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Causes;
import site.ycsb.output.SummaryFields.Health;
import site.ycsb.output.SummaryFields.Measurement;
import site.ycsb.output.SummaryFields.Verdict;

/**
 * Writes the results of a run: the chosen exporter's output (stdout or {@code exportfile}), and with
 * {@code results.dir} also {@code output.txt} and {@code summary.json}. This is where results are written.
 *
 * <p>Not thread-safe: used by the main thread once the run has ended.
 */
final class ResultsWriter {
  private final RunConfig config;
  private final Measurements measurements;
  private final JvmTracker jvm;

  ResultsWriter(RunConfig config, Measurements measurements, JvmTracker jvm) {
    this.config = config;
    this.measurements = measurements;
    this.jvm = jvm;
  }

  /** Every figure, in the order of YCSB's text output, to one exporter. */
  void exportAll(RunResult r, MeasurementsExporter e) throws IOException {
    e.write("OVERALL", "RunTime(ms)", r.runtimeMs);
    e.write("OVERALL", "Throughput(ops/sec)", r.throughput);
    if (r.errors != null) {
      // 0.17.0's throughput counts attempts, failed ones too; these say what of it the database did as asked.
      e.write("OVERALL", SUCCESSFUL_THROUGHPUT, r.successfulThroughput());
      e.write("ERRORS", "Failed", r.errors.failed);
      e.write("ERRORS", "Failed(%)", 100 * r.errors.failedShare());
      e.write("ERRORS", "Budget(%)", 100 * r.errors.budget);
    }
    e.write("OVERALL", "InitTime(ms)", r.initMs);
    e.write("OVERALL", "CleanupTime(ms)", r.cleanupMs);
    if (!config.warmup.isNone()) {
      e.write("WARMUP", "Operations", r.warmupOps);
      e.write("WARMUP", "RunTime(ms)", r.warmupMs);
    }
    if (config.target > 0) {
      e.write("SCHEDULE", "LagP99(us)", r.health.lagP99Us);
      e.write("SCHEDULE", "LagMax(us)", r.health.lagMaxUs);
      if (r.lagsAbove1h > 0) {
        // as for latencies: the histogram's range ends at an hour, and what lay beyond is counted, never hidden
        e.write("SCHEDULE", SCHEDULE_LAGS_ABOVE_1H, r.lagsAbove1h);
      }
      exportHealth(r.health.measures, e);
    }
    long totalCount = 0;
    long totalTime = 0;
    // 0.17.0's order: the iteration order of Utils.getGCStatst()'s HashMap (Ycsb017OutputFormatIT compares)
    for (Map.Entry<String, Long[]> gc : r.gcStats.entrySet()) {
      String name = gc.getKey().replace(' ', '_');
      long count = gc.getValue()[0];
      long time = gc.getValue()[1];
      e.write("TOTAL_GCS_" + name, "Count", count);
      e.write("TOTAL_GC_TIME_" + name, "Time(ms)", time);
      e.write("TOTAL_GC_TIME_%_" + name, "Time(%)", percent(time, r.runtimeMs));
      totalCount += count;
      totalTime += time;
    }
    e.write("TOTAL_GCs", "Count", totalCount);
    e.write("TOTAL_GC_TIME", "Time(ms)", totalTime);
    e.write("TOTAL_GC_TIME_%", "Time(%)", percent(totalTime, r.runtimeMs));
    if (jvm != null) {
      jvm.export(e);
    }
    measurements.exportMeasurements(e);
  }

  /**
   * The measures of each cause of lateness ({@link LagVerdict}), as {@code [HEALTH]} lines beside the schedule's: the
   * threads' wait for a CPU (left out where it is not measured) and their time on one, the load average, the share of
   * thread time in database calls, the service-time p99.9 and longest call, and the longest pauses.
   */
  private static void exportHealth(LagVerdict.Measures m, MeasurementsExporter e) throws IOException {
    if (m.cpuWaitNs >= 0) {
      e.write("HEALTH", "CpuWait(ms)", m.cpuWaitNs / 1_000_000);
      e.write("HEALTH", "CpuRun(ms)", m.cpuRunNs / 1_000_000);
    }
    if (m.loadAverage >= 0) {
      e.write("HEALTH", "LoadAverage", m.loadAverage);
    }
    e.write("HEALTH", "ThreadsBusy(%)", Math.round(m.busyFraction * 1000) / 10.0);
    if (m.serviceP999Us >= 0) {
      e.write("HEALTH", "ServiceP999(us)", m.serviceP999Us);
    }
    e.write("HEALTH", "LongestCall(us)", m.longestCallUs);
    e.write("HEALTH", "ProcessPauseMax(us)", m.processPauseUs);
    e.write("HEALTH", "GcPauseMax(us)", m.gcPauseUs);
  }

  private static double percent(long part, long whole) {
    return whole == 0 ? 0.0 : 100.0 * part / whole;
  }

  /** Writes the configured exporter's output to stdout or the export file. */
  void writeMain(RunResult r) throws IOException {
    OutputStream target = config.exportFile == null ? new NonClosing(System.out)
        : OutputFiles.open(new File(config.exportFile), false);
    MeasurementsExporter exporter;
    try {
      exporter = (MeasurementsExporter) Class.forName(config.exporterClass).getConstructor(OutputStream.class)
          .newInstance(target);
    } catch (ReflectiveOperationException e) {
      target.close();
      throw new IOException("cannot create exporter " + config.exporterClass + ": " + e, e);
    }
    try {
      exportAll(r, exporter);
    } finally {
      exporter.close();
    }
  }

  /** Writes the results in the text format to {@code out} (the fallback when the export file fails). */
  void writeText(RunResult r, OutputStream out) throws IOException {
    try (TextMeasurementsExporter exporter = new TextMeasurementsExporter(new NonClosing(out))) {
      exportAll(r, exporter);
    }
  }

  /** Writes output.txt and summary.json into the results directory. */
  void writeResultsDir(File dir, RunResult r) throws IOException {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (TextMeasurementsExporter exporter = new TextMeasurementsExporter(text)) {
      exportAll(r, exporter);
    }
    try (OutputStream out = new FileOutputStream(new File(dir, RecordFiles.OUTPUT))) {
      text.writeTo(out);
    }
    Capture capture = new Capture();
    measurements.exportMeasurements(capture);
    try (Writer w = new OutputStreamWriter(new FileOutputStream(new File(dir, RecordFiles.SUMMARY)),
        StandardCharsets.UTF_8)) {
      w.write(summaryJson(r, capture.byMetric));
    }
    writeScheduleLag(new File(dir, RecordFiles.SCHEDULE_LAG), r);
  }

  /** The {@code [OVERALL]} line of the operations the database answered as asked, per second. */
  static final String SUCCESSFUL_THROUGHPUT = "SuccessfulThroughput(ops/sec)";

  /** The {@code [SCHEDULE]} line counting operations that started more than an hour late. */
  static final String SCHEDULE_LAGS_ABOVE_1H = "LagsAbove1h(recordedAs1h)";

  /**
   * The run's schedule lag (how late each operation started against its schedule, us) as an HdrHistogram log of
   * one interval, so that {@code merge} can add the clients' histograms and take the percentiles of the sum.
   */
  private static void writeScheduleLag(File file, RunResult r) throws IOException {
    org.HdrHistogram.Histogram lag = r.scheduleLag == null ? new org.HdrHistogram.Histogram(3) : r.scheduleLag;
    lag.setStartTimeStamp(r.startEpochMs);
    lag.setEndTimeStamp(Math.max(r.startEpochMs, r.endEpochMs));
    try (java.io.PrintStream out = new java.io.PrintStream(new FileOutputStream(file), false, "UTF-8")) {
      org.HdrHistogram.HistogramLogWriter w = new org.HdrHistogram.HistogramLogWriter(out);
      w.outputComment("schedule lag (us) of the whole run: how late operations started against their schedule");
      w.outputLogFormatVersion();
      w.outputStartTime(r.startEpochMs);
      w.outputLegend();
      w.outputIntervalHistogram(lag);
      out.flush();
      if (out.checkError()) {
        throw new IOException("write failed: " + file);
      }
    }
  }

  private String summaryJson(RunResult r, Map<String, Map<String, Object>> byMetric) {
    SummaryJson j = new SummaryJson();
    j.field(SummaryFields.FORMAT, SummaryFields.FORMAT_VALUE).field(SummaryFields.VERSION, BuildInfo.version())
        .field(SummaryFields.GIT_COMMIT, BuildInfo.gitCommit())
        .field(SummaryFields.RUN_ID, r.runId).field(SummaryFields.HOST, hostName())
        .field(SummaryFields.LABEL, Secrets.maskArgument(config.label))
        .field(SummaryFields.PHASE, config.phase())
        .field(SummaryFields.WORKLOAD, config.workloadClass)
        .field(SummaryFields.WORKLOAD_NAME, new PropertyReader(config.props).get(EngineOptions.WORKLOAD_FILE_NAME))
        .field(SummaryFields.DB, config.dbClass).field(SummaryFields.THREADS, config.threads)
        .field(SummaryFields.TARGET, config.target)
        .field(SummaryFields.MEASUREMENT_INTERVAL,
            new PropertyReader(config.props).get(EngineOptions.MEASUREMENT_INTERVAL))
        .field(SummaryFields.START_EPOCH_MS, r.startEpochMs).field(SummaryFields.END_EPOCH_MS, r.endEpochMs)
        .field(SummaryFields.START_TIME, SummaryJson.iso(r.startEpochMs))
        .field(SummaryFields.END_TIME, SummaryJson.iso(r.endEpochMs))
        .field(SummaryFields.RUNTIME_MS, r.runtimeMs).field(SummaryFields.OPERATIONS, r.operations)
        .field(SummaryFields.THROUGHPUT, r.throughput)
        .field(SummaryFields.STATUS_INTERVAL_SEC, config.statusIntervalMs / 1000.0)
        .field(SummaryFields.INIT_MS, r.initMs).field(SummaryFields.CLEANUP_MS, r.cleanupMs)
        .raw(SummaryFields.WARMUP, new SummaryJson().field(SummaryFields.Warmup.OPERATIONS, r.warmupOps)
            .field(SummaryFields.Warmup.DURATION_MS, r.warmupMs).inline())
        .field(SummaryFields.EXIT_CODE, r.exitCode).field(SummaryFields.EXIT_REASON, r.exitReason)
        .field(SummaryFields.INTERRUPTED, r.interruptedBy != null)
        .field(SummaryFields.INTERRUPTED_BY, r.interruptedBy)
        .field(SummaryFields.LOST_OPERATIONS, r.lostOps).field(SummaryFields.UNFINISHED_OPERATIONS, r.unfinishedOps)
        .raw(SummaryFields.ERRORS, r.errors == null ? "null" : r.errors.json(r.successfulThroughput()))
        .field(SummaryFields.INSERT_START, config.insertStart).field(SummaryFields.INSERT_COUNT, config.insertCount)
        .field(SummaryFields.RECORD_COUNT, config.recordCount)
        .field(SummaryFields.OPERATION_COUNT, config.operationLimit == Long.MAX_VALUE ? 0 : config.operationLimit);
    SummaryJson props = new SummaryJson();
    for (Map.Entry<String, String> e : Secrets.masked(config.props).entrySet()) {
      props.field(e.getKey(), e.getValue());
    }
    j.raw(SummaryFields.PROPERTIES, props.toString());
    SummaryJson ms = new SummaryJson();
    for (Map.Entry<String, Map<String, Object>> e : byMetric.entrySet()) {
      ms.raw(e.getKey(), measurementJson(e.getKey(), e.getValue()));
    }
    j.raw(SummaryFields.MEASUREMENTS, ms.toString());
    ClientHealth h = r.health;
    SummaryJson health = new SummaryJson().field(Health.SCHEDULE_LAG_P99_US, h.lagP99Us)
        .field(Health.SCHEDULE_LAG_MAX_US, h.lagMaxUs)
        .field(Health.SCHEDULE_LAGS_ABOVE_1H, r.lagsAbove1h)
        .field(Health.CPU_USED_SEC, h.cpuUsedSec).field(Health.CPU_CORES, h.cores())
        .field(Health.CPU_UTILISATION, h.cpuUtilisation)
        .field(Health.THREADS_BUSY, h.threadsBusy).field(Health.GC_COUNT, h.gcCount)
        .field(Health.GC_TIME_MS, h.gcTimeMs).field(Health.GC_MAX_PAUSE_MS, h.gcMaxPauseMs())
        .field(Health.PROCESS_PAUSE_MAX_US, h.processPauseUs()).field(Health.CLIENT_LIMITED, h.clientLimited);
    LagVerdict.Measures m = h.measures;
    SummaryJson verdict = new SummaryJson().field(Verdict.CAUSE, h.cause.id());
    verdict.raw(Verdict.TEXT, h.verdictText == null ? "null" : JsonText.quote(h.verdictText));
    health.raw(Health.VERDICT, verdict.field(Verdict.MACHINE_BUSY, m.machineBusy()).toString());
    SummaryJson causes = new SummaryJson();
    causes.field(Causes.CPU_WAIT_MEASURED, m.cpuWaitNs >= 0);
    nullable(causes, Causes.CPU_WAIT_SEC, m.cpuWaitNs, m.cpuWaitNs / 1e9);
    nullable(causes, Causes.CPU_RUN_SEC, m.cpuRunNs, m.cpuRunNs / 1e9);
    nullable(causes, Causes.OPERATION_THREADS_CPU_WAIT_SEC, m.workerCpuWaitNs, m.workerCpuWaitNs / 1e9);
    nullable(causes, Causes.LOAD_AVERAGE, m.loadAverage, m.loadAverage);
    causes.raw(Causes.LAG_QUEUED_SHARE, m.queuedUs < 0 || m.lagSumUs <= 0 ? "null"
        : JsonText.number(Math.min(1.0, (double) m.queuedUs / m.lagSumUs)));
    causes.field(Causes.LONGEST_QUEUED_US, m.maxQueuedUs);
    causes.field(Causes.CPU_CORES, m.cores).field(Causes.THREADS, m.threads)
        .field(Causes.IN_FLIGHT_BOUND, m.inFlightBound)
        .field(Causes.THREADS_BUSY_IN_CALLS, m.busyFraction);
    nullable(causes, Causes.WORKLOAD_OUTSIDE_CALLS_SEC, m.loopBusyNs, m.outsideCallsNs() / 1e9);
    causes.raw(Causes.LONGEST_LOOP_OPERATION_US, m.longestLoopOpUs < 0 ? "null" : Long.toString(m.longestLoopOpUs));
    causes.raw(Causes.SERVICE_P999_US, m.serviceP999Us < 0 ? "null" : Long.toString(m.serviceP999Us));
    causes.field(Causes.LONGEST_CALL_US, m.longestCallUs);
    causes.raw(Causes.HELD_EVERY_THREAD_US, m.heldEveryThreadUs < 0 ? "null" : Long.toString(m.heldEveryThreadUs));
    causes
        .field(Causes.PROCESS_PAUSE_MAX_US, m.processPauseUs)
        .field(Causes.GC_MAX_PAUSE_US, m.gcPauseUs)
        .field(Causes.SILENT_NODE_US, m.silentNodeUs);
    health.raw(Health.CAUSES, causes.toString());
    StringBuilder warnings = new StringBuilder("[");
    for (int i = 0; i < h.warnings.size(); i++) {
      warnings.append(i == 0 ? "" : ", ").append(JsonText.quote(h.warnings.get(i)));
    }
    health.raw(Health.WARNINGS, warnings.append(']').toString());
    j.raw(SummaryFields.HEALTH, health.toString());
    if (r.database != null) {
      j.raw(SummaryFields.DATABASE, r.database.json());
    }
    if (r.databaseNodes != null) {
      j.raw(SummaryFields.DATABASE_NODES, r.databaseNodes);
    }
    if (r.databaseView != null) {
      j.raw(SummaryFields.DATABASE_VIEW, r.databaseView);
    }
    return j.toString() + "\n";
  }

  /** {@code name: value}, or {@code name: null} when {@code measured} is negative (not measured). */
  private static void nullable(SummaryJson j, String name, double measured, double value) {
    if (measured < 0) {
      j.raw(name, "null");
    } else {
      j.field(name, value);
    }
  }

  private static String measurementJson(String name, Map<String, Object> figures) {
    SummaryJson m = new SummaryJson();
    m.field(Measurement.KIND, name.startsWith(Measurements.INTENDED_PREFIX) ? Measurement.KIND_INTENDED
        : Measurement.KIND_SERVICE);
    SummaryJson percentiles = new SummaryJson();
    SummaryJson returns = new SummaryJson();
    for (Map.Entry<String, Object> f : figures.entrySet()) {
      String key = f.getKey();
      Object v = f.getValue();
      if (key.equals("Operations")) {
        m.value(Measurement.OPERATIONS, v);
      } else if (key.equals("AverageLatency(us)")) {
        m.value(Measurement.AVERAGE_US, v);
      } else if (key.equals("MinLatency(us)")) {
        m.value(Measurement.MIN_US, v);
      } else if (key.equals("MaxLatency(us)")) {
        m.value(Measurement.MAX_US, v);
      } else if (key.endsWith("PercentileLatency(us)")) {
        percentiles.value(key.substring(0, key.length() - "PercentileLatency(us)".length())
            .replaceAll("(st|nd|rd|th)$", ""), v);
      } else if (key.equals(site.ycsb.measurements.OneMeasurementHdrHistogram.CLAMPED)) {
        m.value(Measurement.CLAMPED_ABOVE_1H, v);
      } else if (key.startsWith("Return=")) {
        returns.value(key.substring("Return=".length()), v);
      }
    }
    m.raw(Measurement.PERCENTILES_US, percentiles.toString());
    m.raw(Measurement.RETURNS, returns.toString());
    return m.toString();
  }

  static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** Collects exporter output per metric, in order (for summary.json). */
  private static final class Capture implements MeasurementsExporter {
    final Map<String, Map<String, Object>> byMetric = new LinkedHashMap<>();

    private void put(String metric, String measurement, Object v) {
      byMetric.computeIfAbsent(metric, k -> new LinkedHashMap<>()).put(measurement, v);
    }

    @Override
    public void write(String metric, String measurement, int i) {
      put(metric, measurement, (long) i);
    }

    @Override
    public void write(String metric, String measurement, long i) {
      put(metric, measurement, i);
    }

    @Override
    public void write(String metric, String measurement, double d) {
      put(metric, measurement, d);
    }

    @Override
    public void close() {
    }
  }

  /** Lets an exporter close its writer without closing stdout. */
  private static final class NonClosing extends java.io.FilterOutputStream {
    NonClosing(OutputStream out) {
      super(out);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      flush();
    }
  }
}
