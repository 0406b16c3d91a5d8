package site.ycsb.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Every option of the engine — property name, default, meaning and type — declared once, here; read with
 * {@link PropertyReader#get}. The command-line flags set some of them ({@code -threads} is {@link #THREAD_COUNT},
 * see {@code ClientArgs}). The workload's own options are the core workload's ({@code CoreWorkload}'s
 * constants), a binding's are its configuration class's.
 *
 * <p>YCSB 0.17.0's constants for these names ({@code Client.TARGET_PROPERTY}, {@code Workload.INSERT_START_PROPERTY},
 * {@code Measurements.MEASUREMENT_INTERVAL}, ...) stay where 0.17.0 had them, as compile-time constants so that
 * code written for 0.17.0 compiles unchanged; each is an alias of the option here with the same name
 * ({@code EngineOptionsTest} holds them equal).
 *
 * <p>Immutable and thread-safe.
 */
public final class EngineOptions {
  /** The longest {@link #MAX_EXECUTION_TIME}: ten years, far from the nanosecond clock's overflow. */
  public static final long MAX_EXECUTION_SEC = TimeUnit.DAYS.toSeconds(3650);

  private static final List<EngineOption<?>> ALL = new ArrayList<>();

  // ---- What runs

  public static final EngineOption<String> WORKLOAD = add(EngineOption.text("workload", "",
      "the workload class (required), e.g. site.ycsb.workloads.CoreWorkload"));
  public static final EngineOption<String> DB_CLASS = add(EngineOption.text("db", "site.ycsb.BasicDB",
      "the binding's DB class (-db)"));
  public static final EngineOption<Boolean> DO_TRANSACTIONS = add(EngineOption.flag("dotransactions", true,
      "true: the transaction phase (-t); false: the load phase (-load)"));
  public static final EngineOption<Integer> THREAD_COUNT = add(EngineOption.count("threadcount", 1, 1,
      Integer.MAX_VALUE, "client threads (-threads); on the asynchronous path the bound on operations in flight"));
  public static final EngineOption<Double> TARGET = add(EngineOption.number("target", 0, 0, 1e9,
      "operations per second in total, on an open-loop schedule (-target); 0: unthrottled"));
  public static final EngineOption<Long> OPERATION_COUNT = add(EngineOption.wholeNumber("operationcount", 0, 0,
      Long.MAX_VALUE, "operations of the transaction phase; 0: unlimited (then maxexecutiontime ends the run)"));
  public static final EngineOption<Long> RECORD_COUNT = add(EngineOption.wholeNumber("recordcount", 0, 0,
      Long.MAX_VALUE, "records in the whole table"));
  public static final EngineOption<Long> INSERT_START = add(EngineOption.wholeNumber("insertstart", 0, 0,
      Long.MAX_VALUE, "the first key number this client inserts (a client machine's share of the load)"));
  public static final EngineOption<Long> INSERT_COUNT = add(EngineOption.wholeNumber("insertcount", 0, 0,
      Long.MAX_VALUE, "records this client inserts; when not given, recordcount - insertstart"));
  public static final EngineOption<Long> MAX_EXECUTION_TIME = add(EngineOption.wholeNumber("maxexecutiontime", 0, 0,
      MAX_EXECUTION_SEC, "seconds after which the run stops, counted from the schedule's start; 0: no limit"));
  public static final EngineOption<String> WARMUP = add(EngineOption.text("warmup", "",
      "run but do not measure the start: a duration (30s, 2m, 500ms) or a number of operations (10000ops)"));
  public static final EngineOption<Long> START_EPOCH_MS = add(EngineOption.wholeNumber("start.epochms", 0, 0,
      Long.MAX_VALUE, "the wall-clock instant (epoch ms) at which the schedule opens, after every thread's init, so"
      + " that client machines start together; 0: as soon as the threads are ready"));
  public static final EngineOption<Boolean> SPIN_SLEEP = add(EngineOption.flag("spin.sleep", false,
      "wait for a throttled operation's slot by spinning instead of parking the thread"));

  // ---- Errors

  public static final EngineOption<Long> MAX_CONSECUTIVE_ERRORS = add(EngineOption.wholeNumber(
      "max_consecutive_errors", 10, 0, Long.MAX_VALUE, "a thread whose last n operations all failed (each after the "
      + "binding's own retries) ends the run, exit 1; 0: off"));
  /**
   * The share of a run's measured operations that may fail before its exit code says so. 0.1%: a run whose figures
   * hold one failure in a thousand still describes the database at its settings (a node kill at QUORUM, with the
   * bindings' retries, fails none, or a few timeouts caught on the dying node); beyond that the figures mix in
   * failures a reader would not see in the throughput. Every failure is named in a warning whatever the budget.
   */
  public static final EngineOption<Double> ERRORS_BUDGET = add(EngineOption.percentage("errors.budget", 0.001,
      "the share of measured operations that may fail (every status but OK, BATCHED_OK, NOT_FOUND and NOT_APPLIED),"
      + " as a percentage, e.g. 0.1%; above it the run exits 4 (results written); 0: none may"));
  /**
   * How long every operation may fail, with none succeeding, before the run is ended. 60 s: longer than a node's
   * restart and the driver's reconnection (about 35 s on the project's test clusters), so a deliberate outage that
   * heals is ridden out; far shorter than a run that cannot succeed at all grinding through its operations.
   */
  public static final EngineOption<Long> ERRORS_GIVE_UP = add(EngineOption.duration("errors.giveup", "60s",
      "end the run (exit 1) when for this long every operation that ended failed and none succeeded (counted from "
      + "the measured start or the last success); 0: never"));
  public static final EngineOption<Boolean> INSERTION_KEEP_GOING = add(EngineOption.flag(
      "core_workload_insertion_keep_going_on_error", false, "load: go on after an insert failed for good"));
  public static final EngineOption<Boolean> REPORT_LATENCY_FOR_EACH_ERROR = add(EngineOption.flag(
      "reportlatencyforeacherror", false, "a failed operation's latency goes under OP-<STATUS> instead of "
      + "OP-FAILED"));
  public static final EngineOption<String> LATENCY_TRACKED_ERRORS = add(EngineOption.text("latencytrackederrors",
      "", "status names (comma-separated) whose failed operations get their own OP-<STATUS> measurement"));

  // ---- The asynchronous path

  public static final EngineOption<String> ASYNC = add(EngineOption.choice("async", "auto",
      "auto: the asynchronous path when the binding and the workload offer it; true: require it; false: blocking "
      + "threads", "auto", "true", "false"));
  public static final EngineOption<Integer> ASYNC_DISPATCHERS = add(EngineOption.count("async.dispatchers", 1, 1,
      Integer.MAX_VALUE, "threads that issue operations on the asynchronous path"));
  public static final EngineOption<Long> ASYNC_WINDOW_US = add(EngineOption.wholeNumber("async.window.us", 0, 0,
      Long.MAX_VALUE, "asynchronous path with -target: dispatch on a grid of this many microseconds (at most "
      + "100000); 0: each operation at its own time"));
  /**
   * The engine's own bound on a call into an asynchronous binding. The default is above what this project's bindings
   * allow themselves with their defaults (the CQL bindings: 6 attempts of at most 18 s and 5 back-offs of at most
   * 5 s, 133 s), with room for raised retry limits: a lost call is rare, and waiting this long for one at the end of
   * a run is the price of never cutting off a call that is still being retried. Longer than a day is a unit mistake.
   */
  public static final EngineOption<Long> ASYNC_DEADLINE_S = add(EngineOption.wholeNumber("async.deadline.s", 300, 1,
      86_400, "asynchronous path: a call the binding has not completed this many seconds after it started is "
      + "recorded as LOST (its future was lost), counted, and the run exits 1"));

  // ---- Output

  public static final EngineOption<Boolean> STATUS = add(EngineOption.flag("status", false,
      "print a status line to stderr every status.interval (-s)"));
  public static final EngineOption<Double> STATUS_INTERVAL = add(EngineOption.number("status.interval", 10, 0.001,
      86_400, "seconds between status lines"));
  public static final EngineOption<String> LABEL = add(EngineOption.text("label", "",
      "a prefix of the status lines (-l)"));
  public static final EngineOption<String> EXPORTER = add(EngineOption.text("exporter",
      "site.ycsb.measurements.exporter.TextMeasurementsExporter", "the class that writes the results"));
  public static final EngineOption<String> EXPORT_FILE = add(EngineOption.text("exportfile", "",
      "the file the results are written to; empty: standard output"));
  public static final EngineOption<String> RESULTS_DIR = add(EngineOption.text("results.dir", "",
      "a directory that receives the run's complete record (summary.json, output.txt, timeseries.csv, hdr/)"));
  public static final EngineOption<String> WORKLOAD_FILE_NAME = add(EngineOption.text("ycsb.workloadfile", "",
      "the run's name in results: the file name of the last -P file unless given"));

  // ---- The database nodes (site.ycsb.telemetry)

  public static final EngineOption<String> TELEMETRY = add(EngineOption.choice("telemetry", "auto",
      "auto: with results.dir, sample the database servers on this machine that the client is connected to (found "
      + "from its loopback connections) into server-<node>.csv and summary.json; off: sample nothing", "auto", "off"));
  public static final EngineOption<String> TELEMETRY_PIDS = add(EngineOption.text("telemetry.pids", "",
      "local database servers to sample as NODE=PID,... (e.g. 127.0.0.1=4242), for a server whose process cannot be "
      + "found from its socket; with results.dir"));

  // ---- Measurements

  public static final EngineOption<String> MEASUREMENT_TYPE = add(EngineOption.choice("measurementtype",
      "hdrhistogram", "how latencies are kept", "hdrhistogram", "histogram", "hdrhistogram+histogram",
      "hdrhistogram+raw", "timeseries", "raw"));
  public static final EngineOption<String> MEASUREMENT_INTERVAL = add(EngineOption.choice("measurement.interval",
      "op", "op: service time; intended: from the intended start (coordinated omission corrected); both", "op",
      "intended", "both"));
  public static final EngineOption<String> PERCENTILES = add(EngineOption.text("hdrhistogram.percentiles", "95,99",
      "percentiles exported per measurement (comma-separated, in (0, 100])"));
  public static final EngineOption<Boolean> HDR_FILE_OUTPUT = add(EngineOption.flag("hdrhistogram.fileoutput",
      false, "write an HdrHistogram interval log per measurement"));
  public static final EngineOption<String> HDR_OUTPUT_PATH = add(EngineOption.text("hdrhistogram.output.path", "",
      "the file-name prefix of those logs (a directory needs a trailing /)"));
  public static final EngineOption<Boolean> HISTOGRAM_VERBOSE = add(EngineOption.flag(
      "measurement.histogram.verbose", false, "also export every histogram bucket"));
  public static final EngineOption<Integer> HISTOGRAM_BUCKETS = add(EngineOption.count("histogram.buckets", 1000,
      1, Integer.MAX_VALUE, "1-ms buckets of measurementtype=histogram"));
  public static final EngineOption<Long> TIMESERIES_GRANULARITY = add(EngineOption.wholeNumber(
      "timeseries.granularity", 1000, 1, Long.MAX_VALUE, "ms per point of measurementtype=timeseries"));
  public static final EngineOption<String> RAW_OUTPUT_FILE = add(EngineOption.text("measurement.raw.output_file",
      "", "where measurementtype=raw appends its points; empty: standard output"));
  public static final EngineOption<Boolean> RAW_NO_SUMMARY = add(EngineOption.flag("measurement.raw.no_summary",
      false, "measurementtype=raw: no summary statistics"));
  public static final EngineOption<Boolean> TRACK_JVM = add(EngineOption.flag("measurement.trackjvm", false,
      "with -s, also track the JVM's threads, memory, load and collections"));

  // ---- Live metrics (the metrics module's jar, loaded only when one of these is set)

  public static final EngineOption<String> METRICS_LISTEN = add(EngineOption.listenAddress("metrics.listen",
      "serve the run's live figures to Prometheus at http://ADDRESS:PORT/metrics while it runs: PORT (on loopback) "
      + "or ADDRESS:PORT, an IP address (0.0.0.0: every interface); port 0 to 65535, 0 a free one; empty: off"));
  public static final EngineOption<String> METRICS_PUSHGATEWAY = add(EngineOption.url("metrics.pushgateway",
      "push the run's live figures to this Prometheus pushgateway (http://HOST:PORT) every metrics.push.interval and "
      + "once at the end; empty: off"));
  public static final EngineOption<Long> METRICS_PUSH_INTERVAL = add(EngineOption.duration("metrics.push.interval",
      "10s", "time between two pushes to metrics.pushgateway (at least 1s)"));
  /**
   * How long the endpoint stays up after the run for a last scrape. 20 s: above Prometheus' default scrape interval
   * (15 s), so that the final figures are scraped at least once; a scrape after the end ends the wait sooner.
   */
  public static final EngineOption<Long> METRICS_LINGER = add(EngineOption.duration("metrics.linger", "20s",
      "after the run, metrics.listen serves the final figures until they have been scraped once, at most this long"));

  private EngineOptions() {
  }

  private static <T> EngineOption<T> add(EngineOption<T> option) {
    ALL.add(option);
    return option;
  }

  /** Every option, in the order declared here. */
  public static List<EngineOption<?>> all() {
    return Collections.unmodifiableList(ALL);
  }
}
