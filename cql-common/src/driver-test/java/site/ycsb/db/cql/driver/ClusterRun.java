package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import site.ycsb.testserver.cassandra.CassandraCluster;
import site.ycsb.testsupport.ChildProcess;

/**
 * One run of this project's engine ({@code site.ycsb.Client}, forked) with a core workload against the local cluster
 * through one binding: its options are set step by step, then it is started in the background (so that a test can
 * kill or pause a node while it runs) or run to its end. Each run keeps its record in its own {@code results.dir}.
 */
final class ClusterRun {
  private final BindingUnderTest binding;
  private final CassandraCluster cluster;
  private final String name;
  private final Path dir;
  private final Properties workload = new Properties();
  private final Map<String, String> properties = new LinkedHashMap<>();
  private String phase = "-t";
  private int threads = 4;
  private int target = 40;

  /** A run named {@code name} (its files are under {@code dir/name}) of {@code table} in keyspace {@code ycsb}. */
  ClusterRun(BindingUnderTest binding, CassandraCluster cluster, Path dir, String name, String table) {
    this.binding = binding;
    this.cluster = cluster;
    this.name = name;
    this.dir = dir.resolve(name);
    workload.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    workload.setProperty("table", table);
    workload.setProperty("fieldcount", "10");
    workload.setProperty("fieldlength", "20");
    workload.setProperty("dataintegrity", "true");
    workload.setProperty("readallfields", "true");
    workload.setProperty("requestdistribution", "uniform");
    for (Map.Entry<Object, Object> e : binding.connection(cluster, CassandraCluster.KEYSPACE).entrySet()) {
      properties.put(String.valueOf(e.getKey()), String.valueOf(e.getValue()));
    }
    properties.put("status.interval", "1");
    properties.put("measurement.interval", "both");
  }

  /** The load phase instead of the transaction phase. */
  ClusterRun load() {
    phase = "-load";
    return this;
  }

  ClusterRun mix(double read, double update, double insert) {
    workload.setProperty("readproportion", Double.toString(read));
    workload.setProperty("updateproportion", Double.toString(update));
    workload.setProperty("insertproportion", Double.toString(insert));
    workload.setProperty("scanproportion", "0");
    return this;
  }

  ClusterRun records(long records, long operations) {
    workload.setProperty("recordcount", Long.toString(records));
    workload.setProperty("operationcount", Long.toString(operations));
    return this;
  }

  /** The asynchronous path ({@code async=true}) or the blocking one ({@code async=false}). */
  ClusterRun async(boolean async) {
    properties.put("async", Boolean.toString(async));
    return this;
  }

  /** Reads and writes at {@code level}. */
  ClusterRun consistency(String level) {
    properties.put(binding.names().readCl, level);
    properties.put(binding.names().writeCl, level);
    return this;
  }

  ClusterRun rate(int threadsOrInFlight, int opsPerSecond) {
    this.threads = threadsOrInFlight;
    this.target = opsPerSecond;
    return this;
  }

  ClusterRun set(String property, Object value) {
    properties.put(property, String.valueOf(value));
    return this;
  }

  ClusterRun workload(String property, Object value) {
    workload.setProperty(property, String.valueOf(value));
    return this;
  }

  /**
   * Opens the schedule at {@code epochMs} ({@code start.epochms}), after the run's init, so that runs started together
   * measure the same moments whichever took longer to start; one whose init ends later starts at once, with a line.
   */
  ClusterRun startAt(long epochMs) {
    properties.put("start.epochms", Long.toString(epochMs));
    return this;
  }

  /** The run's results.dir (written when it ends). */
  Path results() {
    return dir.resolve("results");
  }

  /** The results.dir of this run's phase: a load's is beside the transaction phase's. */
  private Path phaseResults() {
    return phase.equals("-load") ? dir.resolve("results-load") : results();
  }

  String name() {
    return name;
  }

  private List<String> args() throws IOException {
    Files.createDirectories(dir);
    Path file = ItSupport.writeProperties(dir, "workload-" + (phase.equals("-load") ? "load" : "run"), workload);
    List<String> args = new ArrayList<>(Arrays.asList(phase, "-db", binding.dbClassName(), "-P", file.toString(),
        "-threads", Integer.toString(threads), "-target", Integer.toString(target), "-s"));
    Map<String, String> all = new LinkedHashMap<>(properties);
    all.put("results.dir", phaseResults().toString());
    for (Map.Entry<String, String> e : all.entrySet()) {
      args.add("-p");
      args.add(e.getKey() + "=" + e.getValue());
    }
    return args;
  }

  private ChildProcess.Builder engine() throws IOException {
    return ChildProcess.java(Arrays.asList("-Xmx512m"), System.getProperty("java.class.path"), "site.ycsb.Client",
        args()).directory(dir);
  }

  /** Starts the run in the background. */
  ChildProcess start() throws IOException {
    return engine().start();
  }

  /** Runs it to its end (at most {@code timeoutSeconds}). */
  ChildProcess.Result run(long timeoutSeconds) throws IOException, InterruptedException {
    return engine().run(timeoutSeconds);
  }

  private static final Pattern STATUS = Pattern.compile(" sec: (\\d+) operations;");

  /**
   * Waits until the engine's status lines ({@code -s}, {@code status.interval}) of a started run count at least
   * {@code operations} measured operations; fails when it ends first or {@code timeoutSeconds} pass.
   */
  static void awaitOperations(ChildProcess run, long operations, long timeoutSeconds) throws InterruptedException {
    run.awaitLine(line -> {
      Matcher m = STATUS.matcher(line);
      return m.find() && Long.parseLong(m.group(1)) >= operations;
    }, "a status line at " + operations + " operations", timeoutSeconds, TimeUnit.SECONDS);
  }

  /**
   * The measured operations of a started run by its latest status line ({@code -s}, {@code status.interval}), or -1
   * before the first one.
   */
  static long operationsSoFar(ChildProcess run) {
    long operations = -1;
    for (List<String> lines : Arrays.asList(run.outputLines(), run.errorLines())) {
      for (String line : lines) {
        Matcher m = STATUS.matcher(line);
        if (m.find()) {
          operations = Math.max(operations, Long.parseLong(m.group(1)));
        }
      }
    }
    return operations;
  }

  /** The run's summary.json. */
  String summary() throws IOException {
    return new String(Files.readAllBytes(phaseResults().resolve("summary.json")), StandardCharsets.UTF_8);
  }

  /** When the finished run's measured schedule opened (summary.json's {@code startEpochMs}). */
  long startEpochMs() throws IOException {
    Matcher m = Pattern.compile("\"startEpochMs\":\\s*(\\d+)").matcher(summary());
    assertTrue(m.find(), summary());
    return Long.parseLong(m.group(1));
  }

  /** The lateness verdict's cause (summary.json's {@code health.verdict.cause}: none, database, client, ...). */
  String verdictCause() throws IOException {
    Matcher m = Pattern.compile("\"verdict\":\\s*\\{\\s*\"cause\":\\s*\"([a-z]+)\"").matcher(summary());
    assertTrue(m.find(), summary());
    return m.group(1);
  }

  /**
   * summary.json's {@code databaseView}: each node the binding sampled, with its part of the section (white space
   * removed, so "ReadStage pending" reads "ReadStagepending"); empty when there is none.
   */
  Map<String, String> databaseView() throws IOException {
    String s = summary().replaceAll("\\s+", "");
    Map<String, String> out = new LinkedHashMap<>();
    int at = s.indexOf("\"databaseView\":{\"nodes\":[");
    if (at < 0) {
      return out;
    }
    for (String part : s.substring(at, s.indexOf("],\"verdicts\"", at)).split("\\{\"node\":\"")) {
      if (part.contains("\"samples\":")) {
        out.put(part.substring(0, part.indexOf('"')), part);
      }
    }
    return out;
  }

  /** A node's sample count in {@link #databaseView()}. */
  static long viewSamples(String node) {
    Matcher m = Pattern.compile("\"samples\":(\\d+)").matcher(node);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  /**
   * The largest and the number of operations of the given service-time measurements (e.g. READ, UPDATE) that ended
   * within {@code [fromEpochMs, toEpochMs]}, by the run's time series ({@code results.dir/timeseries.csv}, one interval
   * a second, each operation in the interval it ended in): only intervals that lie wholly inside count, an interval
   * from the time series' previous point (or the run's start) to its own.
   *
   * @return {max latency in microseconds (0 when none), operations}
   */
  long[] latencyWithin(long fromEpochMs, long toEpochMs, String... measurements) throws IOException {
    List<String> lines = Files.readAllLines(phaseResults().resolve("timeseries.csv"), StandardCharsets.UTF_8);
    List<String> header = Arrays.asList(lines.get(0).split(","));
    int epoch = header.indexOf("epoch_ms");
    int elapsed = header.indexOf("elapsed_s");
    int metric = header.indexOf("metric");
    int count = header.indexOf("count");
    int max = header.indexOf("max_us");
    long previous = -1;
    long current = -1;
    long maxUs = 0;
    long operations = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      long end = Long.parseLong(f[epoch]);
      if (end != current) {
        // a new point: the interval before it ends at the previous point (the first starts with the run)
        previous = current >= 0 ? current : end - Math.round(Double.parseDouble(f[elapsed]) * 1000);
        current = end;
      }
      if (previous >= fromEpochMs && end <= toEpochMs && Arrays.asList(measurements).contains(f[metric])
          && !f[count].isEmpty() && Long.parseLong(f[count]) > 0) {
        operations += Long.parseLong(f[count]);
        maxUs = Math.max(maxUs, Long.parseLong(f[max]));
      }
    }
    return new long[] {maxUs, operations};
  }

  /**
   * summary.json's Return= counts of the operation {@code op} ({@code measurements.<op>.returns}): {status: n}, empty
   * when the run has no such measurement.
   */
  Map<String, Long> summaryReturns(String op) throws IOException {
    String s = summary().replaceAll("\\s+", "");
    Map<String, Long> out = new LinkedHashMap<>();
    int at = s.indexOf("\"" + op + "\":{\"kind\":\"service\"");
    if (at < 0) {
      return out;
    }
    int from = s.indexOf("\"returns\":{", at) + "\"returns\":{".length();
    String returns = s.substring(from, s.indexOf('}', from));
    Matcher m = Pattern.compile("\"([A-Z_]+)\":(\\d+)").matcher(returns);
    while (m.find()) {
      out.put(m.group(1), Long.parseLong(m.group(2)));
    }
    return out;
  }

  /** summary.json's {@code nodeEvents} in words, e.g. {@code 127.0.0.2:9042 silent at +3.1 s} (from the given time). */
  static List<String> nodeEvents(String summary, long fromEpochMs) {
    List<String> out = new ArrayList<>();
    Matcher m = NODE_EVENT.matcher(summary.replaceAll("\\s+", ""));
    while (m.find()) {
      out.add(String.format(java.util.Locale.ROOT, "%s %s at %+.1f s", m.group(1), m.group(2),
          (Long.parseLong(m.group(3)) - fromEpochMs) / 1000.0));
    }
    return out;
  }

  /** The states among {@code states} that {@code node} was in, by summary.json's {@code nodeEvents}. */
  static java.util.Set<String> nodeStates(String summary, String node, String... states) {
    java.util.Set<String> wanted = new java.util.HashSet<>(java.util.Arrays.asList(states));
    java.util.Set<String> found = new java.util.TreeSet<>();
    Matcher m = NODE_EVENT.matcher(summary.replaceAll("\\s+", ""));
    while (m.find()) {
      if (m.group(1).equals(node) && wanted.contains(m.group(2))) {
        found.add(m.group(2));
      }
    }
    return found;
  }

  private static final Pattern NODE_EVENT = Pattern.compile(
      "\\{\"binding\":\"[^\"]*\",\"node\":\"([^\"]+)\",\"state\":\"([a-z]+)\",\"epochMs\":(\\d+)");

  /**
   * When (epoch ms) the first node event of {@code node} in state {@code state} (down, up, silent, answering, slow,
   * normal) at or after {@code fromEpochMs} happened, by summary.json's {@code nodeEvents}; fails when there is none.
   */
  static long nodeEventAt(String summary, String node, String state, long fromEpochMs) {
    Matcher m = NODE_EVENT.matcher(summary.replaceAll("\\s+", ""));
    while (m.find()) {
      if (m.group(1).equals(node) && m.group(2).equals(state) && Long.parseLong(m.group(3)) >= fromEpochMs) {
        return Long.parseLong(m.group(3));
      }
    }
    assertTrue(false, "no " + state + " event of " + node + " from " + fromEpochMs + " in " + summary);
    return -1;
  }

  // ---- reading a finished run's output

  private static final Pattern RETURN = Pattern.compile("(?m)^\\[([^\\]]+)\\], Return=([A-Z_]+), (\\d+)$");

  /** Return= counts of the operation types READ, UPDATE, INSERT, SCAN, DELETE: {op: {status: n}}. */
  static Map<String, Map<String, Long>> returns(ChildProcess.Result run) {
    return returns(run, "READ", "UPDATE", "INSERT", "SCAN", "DELETE");
  }

  /** Return= counts of the named operations (e.g. a profile's insert and queries): {op: {status: n}}. */
  static Map<String, Map<String, Long>> returns(ChildProcess.Result run, String... operations) {
    Map<String, Map<String, Long>> out = new LinkedHashMap<>();
    Matcher m = RETURN.matcher(run.stdout);
    while (m.find()) {
      if (Arrays.asList(operations).contains(m.group(1))) {
        out.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>()).put(m.group(2), Long.parseLong(m.group(3)));
      }
    }
    return out;
  }

  /** Operations of every type with {@code status} (e.g. OK). */
  static long count(ChildProcess.Result run, String status) {
    long n = 0;
    for (Map<String, Long> byStatus : returns(run).values()) {
      n += byStatus.getOrDefault(status, 0L);
    }
    return n;
  }

  /** Operations of every type that failed: neither OK nor NOT_FOUND (an answer, not a failure). */
  static long failed(ChildProcess.Result run) {
    long n = 0;
    for (Map<String, Long> byStatus : returns(run).values()) {
      for (Map.Entry<String, Long> e : byStatus.entrySet()) {
        n += e.getKey().equals("OK") || e.getKey().equals("NOT_FOUND") ? 0 : e.getValue();
      }
    }
    return n;
  }

  /** The largest {@code MaxLatency(us)} of the given measurements (e.g. READ, READ-FAILED), 0 when none has one. */
  static long maxLatencyUs(ChildProcess.Result run, String... measurements) {
    long max = 0;
    for (String m : measurements) {
      max = Math.max(max, ItSupport.metric(run.stdout, m, "MaxLatency(us)"));
    }
    return max;
  }

  /** The WARNING lines (the run's verdicts). */
  static List<String> verdicts(ChildProcess.Result run) {
    List<String> out = new ArrayList<>();
    for (String line : run.stderr.split("\n")) {
      if (line.startsWith("WARNING: ")) {
        out.add(line);
      }
    }
    return out;
  }

  /**
   * A verdict line names {@code node} down: its first change ({@code "127.0.0.3:9042 down at +8.1 s"}), or a later one
   * when the silent-node guard named it silent first ({@code "... stopped answering at +8.0 s, down at +8.1 s"}).
   */
  static void assertNamedDown(ChildProcess.Result run, String node) {
    Pattern down = Pattern.compile(Pattern.quote(node) + " [^;]*?\\bdown (again )?at ");
    for (String line : verdicts(run)) {
      if (down.matcher(line).find()) {
        return;
      }
    }
    assertTrue(false, "no verdict line names " + node + " down: " + verdicts(run) + "\n" + run);
  }

  static void assertVerdict(ChildProcess.Result run, String fragment) {
    for (String line : verdicts(run)) {
      if (line.contains(fragment)) {
        return;
      }
    }
    assertTrue(false, "no verdict line contains '" + fragment + "': " + verdicts(run) + "\n" + run);
  }
}
