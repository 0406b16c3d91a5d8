package site.ycsb.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import site.ycsb.options.Option;
import site.ycsb.options.OptionSet;
import site.ycsb.support.TypedProperties;

/**
 * Every option of the engine — property name, default, bounds, meaning and type — declared once, here, as
 * binding-support's {@link Option} (the one declaration type of the engine, the tools and the bindings); read with
 * {@link Option#read} (or {@link PropertyReader#get}). A missing value gives the default; a bad one an
 * {@link IllegalArgumentException} with the engine's one-line wording ({@code name=value is not a whole number},
 * {@code ... must be at least n}, {@code ... is not one of: a, b}), which the engine reports as a usage error. Text
 * is read as given ({@link Option#textAsGiven}): a blank value is the empty string, refused where it is used, never
 * silently the default.
 *
 * <p>The command-line flags set some of them ({@code -threads} is {@link #THREAD_COUNT}, see {@link EngineFlag}).
 * The workload's own options are the core workload's ({@code CoreWorkload}'s constants), a binding's are its
 * configuration class's.
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

  private static final List<Option<?>> ALL = new ArrayList<>();

  // ---- What runs

  public static final Option<String> WORKLOAD = text("workload", "",
      "the workload class (required), e.g. site.ycsb.workloads.CoreWorkload");
  public static final Option<String> DB_CLASS = text("db", "site.ycsb.BasicDB",
      "the binding's DB class (-db)");
  public static final Option<Boolean> DO_TRANSACTIONS = flag("dotransactions", true,
      "true: the transaction phase (-t); false: the load phase (-load)");
  public static final Option<Integer> THREAD_COUNT = count("threadcount", 1, 1,
      Integer.MAX_VALUE, "client threads (-threads); on the asynchronous path the bound on operations in flight");
  public static final Option<Double> TARGET = number("target", 0, 0, 1e9,
      "operations per second in total, on an open-loop schedule (-target); 0: unthrottled");
  public static final Option<Long> OPERATION_COUNT = wholeNumber("operationcount", 0, 0,
      Long.MAX_VALUE, "operations of the transaction phase; 0: unlimited (then maxexecutiontime ends the run)");
  public static final Option<Long> RECORD_COUNT = wholeNumber("recordcount", 0, 0,
      Long.MAX_VALUE, "records in the whole table");
  public static final Option<Long> INSERT_START = wholeNumber("insertstart", 0, 0,
      Long.MAX_VALUE, "the first key number this client inserts (a client machine's share of the load)");
  public static final Option<Long> INSERT_COUNT = wholeNumber("insertcount", 0, 0,
      Long.MAX_VALUE, "records this client inserts; when not given, recordcount - insertstart");
  public static final Option<Long> MAX_EXECUTION_TIME = wholeNumber("maxexecutiontime", 0, 0,
      MAX_EXECUTION_SEC, "seconds after which the run stops, counted from the schedule's start; 0: no limit");
  public static final Option<String> WARMUP = text("warmup", "",
      "run but do not measure the start: a duration (30s, 2m, 500ms) or a number of operations (10000ops)");
  public static final Option<Long> START_EPOCH_MS = wholeNumber("start.epochms", 0, 0,
      Long.MAX_VALUE, "the wall-clock instant (epoch ms) at which the schedule opens, after every thread's init, so"
      + " that client machines start together; 0: as soon as the threads are ready");
  public static final Option<Boolean> SPIN_SLEEP = flag("spin.sleep", false,
      "wait for a throttled operation's slot by spinning instead of parking the thread");

  // ---- Errors

  public static final Option<Long> MAX_CONSECUTIVE_ERRORS = wholeNumber(
      "max_consecutive_errors", 10, 0, Long.MAX_VALUE, "a thread whose last n operations all failed (each after the "
      + "binding's own retries) ends the run, exit 1; 0: off");
  /**
   * The share of a run's measured operations that may fail before its exit code says so. 0.1%: a run whose figures
   * hold one failure in a thousand still describes the database at its settings (a node kill at QUORUM, with the
   * bindings' retries, fails none, or a few timeouts caught on the dying node); beyond that the figures mix in
   * failures a reader would not see in the throughput. Every failure is named in a warning whatever the budget.
   */
  public static final Option<Double> ERRORS_BUDGET = percentage("errors.budget", 0.001,
      "the share of measured operations that may fail (every status but OK, BATCHED_OK, NOT_FOUND and NOT_APPLIED),"
      + " as a percentage, e.g. 0.1%; above it the run exits 4 (results written); 0: none may");
  /**
   * How long every operation may fail, with none succeeding, before the run is ended. 60 s: longer than a node's
   * restart and the driver's reconnection (about 35 s on the project's test clusters), so a deliberate outage that
   * heals is ridden out; far shorter than a run that cannot succeed at all grinding through its operations.
   */
  public static final Option<Long> ERRORS_GIVE_UP = duration("errors.giveup", "60s",
      "end the run (exit 1) when for this long every operation that ended failed and none succeeded (counted from "
      + "the measured start or the last success); 0: never");
  public static final Option<Boolean> INSERTION_KEEP_GOING = flag(
      "core_workload_insertion_keep_going_on_error", false, "load: go on after an insert failed for good");
  public static final Option<Boolean> REPORT_LATENCY_FOR_EACH_ERROR = flag(
      "reportlatencyforeacherror", false, "a failed operation's latency goes under OP-<STATUS> instead of "
      + "OP-FAILED");
  public static final Option<String> LATENCY_TRACKED_ERRORS = text("latencytrackederrors",
      "", "status names (comma-separated) whose failed operations get their own OP-<STATUS> measurement");

  // ---- The asynchronous path

  public static final Option<String> ASYNC = choice("async", "auto",
      "auto: the asynchronous path when the binding and the workload offer it; true: require it; false: blocking "
      + "threads", "auto", "true", "false");
  public static final Option<Integer> ASYNC_DISPATCHERS = count("async.dispatchers", 1, 1,
      Integer.MAX_VALUE, "threads that issue operations on the asynchronous path");
  public static final Option<Long> ASYNC_WINDOW_US = wholeNumber("async.window.us", 0, 0,
      Long.MAX_VALUE, "asynchronous path with -target: dispatch on a grid of this many microseconds (at most "
      + "100000); 0: each operation at its own time");
  /**
   * The engine's own bound on a call into an asynchronous binding. The default is above what this project's bindings
   * allow themselves with their defaults (the CQL bindings: 6 attempts of at most 18 s and 5 back-offs of at most
   * 5 s, 133 s), with room for raised retry limits: a lost call is rare, and waiting this long for one at the end of
   * a run is the price of never cutting off a call that is still being retried. Longer than a day is a unit mistake.
   */
  public static final Option<Long> ASYNC_DEADLINE_S = wholeNumber("async.deadline.s", 300, 1,
      86_400, "asynchronous path: a call the binding has not completed this many seconds after it started is "
      + "recorded as LOST (its future was lost), counted, and the run exits 1");

  // ---- Output

  public static final Option<Boolean> STATUS = flag("status", false,
      "print a status line to stderr every status.interval (-s)");
  public static final Option<Double> STATUS_INTERVAL = number("status.interval", 10, 0.001,
      86_400, "seconds between status lines");
  public static final Option<String> LABEL = text("label", "",
      "a prefix of the status lines (-l)");
  public static final Option<String> EXPORTER = text("exporter",
      "site.ycsb.measurements.exporter.TextMeasurementsExporter", "the class that writes the results");
  public static final Option<String> EXPORT_FILE = text("exportfile", "",
      "the file the results are written to; empty: standard output");
  public static final Option<String> RESULTS_DIR = text("results.dir", "",
      "a directory that receives the run's complete record (summary.json, output.txt, timeseries.csv, hdr/)");
  public static final Option<String> WORKLOAD_FILE_NAME = text("ycsb.workloadfile", "",
      "the run's name in results: the file name of the last -P file unless given");

  // ---- The database nodes (site.ycsb.telemetry)

  public static final Option<String> TELEMETRY = choice("telemetry", "auto",
      "auto: with results.dir, sample the database servers on this machine that the client is connected to (found "
      + "from its loopback connections) into server-<node>.csv and summary.json; off: sample nothing", "auto", "off");
  public static final Option<String> TELEMETRY_PIDS = text("telemetry.pids", "",
      "local database servers to sample as NODE=PID,... (e.g. 127.0.0.1=4242), for a server whose process cannot be "
      + "found from its socket; with results.dir");

  // ---- Measurements

  public static final Option<String> MEASUREMENT_TYPE = choice("measurementtype",
      "hdrhistogram", "how latencies are kept", "hdrhistogram", "histogram", "hdrhistogram+histogram",
      "hdrhistogram+raw", "timeseries", "raw");
  public static final Option<String> MEASUREMENT_INTERVAL = choice("measurement.interval",
      "op", "op: service time; intended: from the intended start (coordinated omission corrected); both", "op",
      "intended", "both");
  public static final Option<String> PERCENTILES = text("hdrhistogram.percentiles", "95,99",
      "percentiles exported per measurement (comma-separated, in (0, 100])");
  public static final Option<Boolean> HDR_FILE_OUTPUT = flag("hdrhistogram.fileoutput",
      false, "write an HdrHistogram interval log per measurement");
  public static final Option<String> HDR_OUTPUT_PATH = text("hdrhistogram.output.path", "",
      "the file-name prefix of those logs (a directory needs a trailing /)");
  public static final Option<Boolean> HISTOGRAM_VERBOSE = flag(
      "measurement.histogram.verbose", false, "also export every histogram bucket");
  public static final Option<Integer> HISTOGRAM_BUCKETS = count("histogram.buckets", 1000,
      1, Integer.MAX_VALUE, "1-ms buckets of measurementtype=histogram");
  public static final Option<Long> TIMESERIES_GRANULARITY = wholeNumber(
      "timeseries.granularity", 1000, 1, Long.MAX_VALUE, "ms per point of measurementtype=timeseries");
  public static final Option<String> RAW_OUTPUT_FILE = text("measurement.raw.output_file",
      "", "where measurementtype=raw appends its points; empty: standard output");
  public static final Option<Boolean> RAW_NO_SUMMARY = flag("measurement.raw.no_summary",
      false, "measurementtype=raw: no summary statistics");
  public static final Option<Boolean> TRACK_JVM = flag("measurement.trackjvm", false,
      "with -s, also track the JVM's threads, memory, load and collections");

  // ---- Live metrics (the metrics module's jar, loaded only when one of these is set)

  public static final Option<String> METRICS_LISTEN = listenAddress("metrics.listen",
      "serve the run's live figures to Prometheus at http://ADDRESS:PORT/metrics while it runs: PORT (on loopback) "
      + "or ADDRESS:PORT, an IP address (0.0.0.0: every interface); port 0 to 65535, 0 a free one; empty: off");
  public static final Option<String> METRICS_PUSHGATEWAY = url("metrics.pushgateway",
      "push the run's live figures to this Prometheus pushgateway (http://HOST:PORT) every metrics.push.interval and "
      + "once at the end; empty: off");
  public static final Option<Long> METRICS_PUSH_INTERVAL = duration("metrics.push.interval",
      "10s", "time between two pushes to metrics.pushgateway (at least 1s)");
  /**
   * How long the endpoint stays up after the run for a last scrape. 20 s: above Prometheus' default scrape interval
   * (15 s), so that the final figures are scraped at least once; a scrape after the end ends the wait sooner.
   */
  public static final Option<Long> METRICS_LINGER = duration("metrics.linger", "20s",
      "after the run, metrics.listen serves the final figures until they have been scraped once, at most this long");

  /** Every option, in the order declared here; no two share a name. */
  public static final OptionSet SET = new OptionSet(ALL);

  private EngineOptions() {
  }

  /** Every option, in the order declared here. */
  public static List<Option<?>> all() {
    return SET.options();
  }

  private static <T> Option<T> add(Option.Builder<T> declaration, String meaning) {
    Option<T> option = declaration.meaning(meaning).build();
    ALL.add(option);
    return option;
  }

  private static Option<String> text(String name, String def, String meaning) {
    return add(Option.textAsGiven(name, def), meaning);
  }

  private static Option<String> choice(String name, String def, String meaning, String... choices) {
    return add(Option.choice(name, def, choices), meaning);
  }

  private static Option<Boolean> flag(String name, boolean def, String meaning) {
    return add(Option.flag(name, def), meaning);
  }

  private static Option<Integer> count(String name, int def, int min, int max, String meaning) {
    return add(Option.count(name, def, min, max), meaning);
  }

  private static Option<Long> wholeNumber(String name, long def, long min, long max, String meaning) {
    return add(Option.whole(name, def, min, max), meaning);
  }

  private static Option<Double> number(String name, double def, double min, double max, String meaning) {
    return add(Option.number(name, def, min, max), meaning);
  }

  /** An address to listen on as {@link ListenAddress} reads it, or empty (the default) for none. */
  private static Option<String> listenAddress(String name, String meaning) {
    return add(Option.of(name, String.class, "", "PORT or ADDRESS:PORT", (p, o) -> {
      String v = o.givenValue(p);
      return v == null || v.isEmpty() ? "" : ListenAddress.parse(o.name(), v).toString();
    }), meaning);
  }

  /**
   * An http or https URL with a host, or empty (the default) for none. A URL that holds credentials is refused: the
   * value is printed and recorded with the run.
   */
  private static Option<String> url(String name, String meaning) {
    return add(Option.of(name, String.class, "", "http://HOST:PORT", (p, o) -> {
      String v = o.givenValue(p);
      return v == null || v.isEmpty() ? "" : checkedUrl(o.name(), v);
    }), meaning);
  }

  private static String checkedUrl(String name, String v) {
    java.net.URI uri;
    try {
      uri = new java.net.URI(v);
    } catch (java.net.URISyntaxException e) {
      uri = null;
    }
    if (uri == null || uri.getHost() == null || uri.getScheme() == null
        || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
      throw TypedProperties.badValue(name, v, "is not an http:// or https:// URL with a host");
    }
    if (uri.getRawUserInfo() != null || uri.getRawQuery() != null) {
      throw new IllegalArgumentException(name + ": a URL with credentials or a query is refused (it would be "
          + "printed and recorded with the run); give http://HOST:PORT");
    }
    return uri.toString();
  }

  /**
   * A share written as a percentage, {@code 0.1%} (or {@code 0} alone), read as a fraction (0.001) in [0, 1]. A number
   * without {@code %} is refused: {@code 1} could mean 1% or all. Refused too: negative, above 100%, NaN, text.
   */
  private static Option<Double> percentage(String name, double def, String meaning) {
    return add(Option.of(name, Double.class, def, "a percentage, e.g. `0.1%`, or `0`", (p, o) -> {
      String v = o.givenValue(p);
      return v == null ? o.defaultValue() : Double.valueOf(parsePercentage(o.name(), v));
    }), meaning);
  }

  private static double parsePercentage(String name, String raw) {
    String t = raw.trim();
    if (t.equals("0")) {
      return 0;
    }
    String number = t.endsWith("%") ? t.substring(0, t.length() - 1).trim() : null;
    if (number == null || !TypedProperties.isDecimalNumber(number) || number.contains("NaN")
        || number.contains("Infinity")) {
      throw TypedProperties.badValue(name, raw, "is not a percentage: write e.g. 0.1% (or 0 for none)");
    }
    double percent = Double.parseDouble(number);
    if (percent < 0 || percent > 100) {
      throw TypedProperties.badValue(name, raw, "must be between 0% and 100%");
    }
    return percent / 100;
  }

  /**
   * A duration as {@link Durations} writes it ({@code 30s}, {@code 2m}, {@code 0}), read in nanoseconds; {@code def}
   * is written the same way.
   */
  private static Option<Long> duration(String name, String def, String meaning) {
    long defNs = Durations.nanos(def);
    if (defNs < 0) {
      throw new IllegalStateException("default of " + name + " is not a duration: " + def);
    }
    return add(Option.of(name, Long.class, defNs, "a duration, e.g. " + Durations.EXAMPLES + ", or 0", (p, o) -> {
      String v = o.givenValue(p);
      if (v == null) {
        return o.defaultValue();
      }
      long ns = Durations.nanos(v);
      if (ns < 0) {
        throw TypedProperties.badValue(o.name(), v, "is not a duration (e.g. " + Durations.EXAMPLES + ", or 0)");
      }
      return ns;
    }).defaultText("`" + def + "`"), meaning);
  }
}
