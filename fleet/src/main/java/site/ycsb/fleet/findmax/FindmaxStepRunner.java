package site.ycsb.fleet.findmax;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineFlag;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.ExitCode;
import site.ycsb.fleet.suite.ClientVerdicts;
import site.ycsb.fleet.suite.DbHosts;
import site.ycsb.fleet.suite.LocalPhaseRunner;
import site.ycsb.measurements.Measurements;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Health;
import site.ycsb.output.SummaryFields.Measurement;
import site.ycsb.results.ResultDir;

/**
 * Runs one findmax step as a fresh engine run ({@code bin/ycsb run <binding>} here, or on every client of a fleet)
 * at a target rate, with a warm-up, intended latency measured ({@code measurement.interval=both}) and its complete
 * record in the step's result directory, and reads the step back from that record.
 *
 * <p>Thread-safe where it is shared: a shutdown hook may stop the running step while findmax's thread waits for it
 * (synchronized); the steps themselves run one at a time.
 */
public final class FindmaxStepRunner implements FindmaxSearch.Stepper {
  /** Runs the engine of one step so that its (merged) result directory ends up in {@code dir}. */
  public interface Engine {
    /**
     * @param stepOptions the options findmax sets for the step (see {@link #stepOptions}), after the user's
     * @param log where the engine's output goes
     * @return the exit code (0: the result directory is complete)
     */
    int run(int index, List<String> stepOptions, Path dir, Path log) throws IOException, InterruptedException;
  }

  /** The percentiles of summary.json ({@code percentilesUs}) that an SLA can name, by statistic. */
  private static final Map<String, String> PERCENTILE_STATISTICS = new java.util.HashMap<>();

  static {
    PERCENTILE_STATISTICS.put("50", "p50");
    PERCENTILE_STATISTICS.put("90", "p90");
    PERCENTILE_STATISTICS.put("95", "p95");
    PERCENTILE_STATISTICS.put("99", "p99");
    PERCENTILE_STATISTICS.put("99.9", "p999");
  }

  /**
   * Statuses that are not failures, as the engine's errors.budget counts them: the successes (batched inserts too),
   * NOT_FOUND and NOT_APPLIED (a conditional write whose condition did not hold), answers.
   */
  private static final Set<String> NOT_FAILED = new java.util.HashSet<>(java.util.Arrays.asList(
      site.ycsb.Status.OK.getName(), site.ycsb.Status.BATCHED_OK.getName(), site.ycsb.Status.NOT_FOUND.getName(),
      "NOT_APPLIED"));

  private final Path home;
  private final String binding;
  private final List<String> clientArgs;
  private final Path out;
  private final double stepSeconds;
  private final double warmupSeconds;
  private final List<FindmaxSla> slas;
  private Engine engine;

  /** Steps as local engine processes. */
  public FindmaxStepRunner(Path home, String binding, List<String> clientArgs, Path out, double stepSeconds,
      double warmupSeconds, List<FindmaxSla> slas) {
    this(home, binding, clientArgs, out, stepSeconds, warmupSeconds, slas, null);
  }

  /** Steps run by {@code engine} (a fleet); {@code null}: local engine processes. */
  public FindmaxStepRunner(Path home, String binding, List<String> clientArgs, Path out, double stepSeconds,
      double warmupSeconds, List<FindmaxSla> slas, Engine engine) {
    this.home = home;
    this.binding = binding;
    this.clientArgs = clientArgs;
    this.out = out;
    this.stepSeconds = stepSeconds;
    this.warmupSeconds = warmupSeconds;
    this.slas = slas;
    this.engine = engine != null ? engine : this::runLocally;
  }

  /** Samples the {@code --db-hosts} nodes during every step (null: none); returns this runner. */
  public FindmaxStepRunner sampling(DbHosts nodes) {
    engine = sampled(engine, nodes);
    return this;
  }

  /** A step engine whose steps are accompanied by the sampling of the nodes. */
  private static Engine sampled(Engine engine, DbHosts nodes) {
    if (nodes == null) {
      return engine;
    }
    return (index, stepOptions, dir, log) -> {
      DbHosts.Sampling sampling = nodes.start("step " + index);
      try {
        return engine.run(index, stepOptions, dir, log);
      } finally {
        if (sampling != null) {
          sampling.finish(dir, "step " + index);
        }
      }
    };
  }

  /** One local engine process, its output in {@code log}. */
  private int runLocally(int index, List<String> stepOptions, Path dir, Path log) throws IOException,
      InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(home.resolve("bin/ycsb").toString());
    cmd.add("run");
    cmd.add(binding);
    cmd.addAll(clientArgs);
    cmd.addAll(stepOptions);
    cmd.addAll(EngineCommandLine.set(EngineOptions.RESULTS_DIR, dir.toAbsolutePath()));
    Process engine;
    synchronized (this) {
      if (stopping) {
        throw new InterruptedException("stopped by a signal");
      }
      // Its own session, as the suite's engines: a Ctrl-C at the terminal reaches findmax, which stops the step.
      engine = new ProcessBuilder(LocalPhaseRunner.withOwnSession(cmd)).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      current = engine;
    }
    try {
      int code = engine.waitFor();
      synchronized (this) {
        if (stopping) {
          throw new InterruptedException("stopped by a signal");
        }
      }
      return code;
    } finally {
      synchronized (this) {
        current = null;
      }
    }
  }

  /** The local engine of the step in progress, or null; {@code stopping} once findmax was signalled. */
  private Process current;
  private boolean stopping;

  /**
   * Findmax was interrupted (Ctrl-C, SIGTERM): the step's engine gets SIGTERM and writes what it measured into the
   * step's directory, and no further step starts. Without this the engine ran on, orphaned, after findmax exited.
   */
  void stopCurrent(java.io.PrintStream log) {
    Process engine;
    synchronized (this) {
      stopping = true;
      engine = current;
    }
    if (engine != null && engine.isAlive()) {
      log.println("findmax: interrupted; stopping the running step (it writes what it measured, marked "
          + "interrupted); no further step starts");
      LocalPhaseRunner.stopEngine(engine, log, "findmax");
    }
  }

  /**
   * The engine options findmax sets for a step, after the user's client options (the engine takes the last value
   * of an option): the rate and the operations for the step time (or, rate 0, unthrottled for the step time), the
   * thread count when findmax chooses it, intended latency with the percentiles the SLAs need, and the warm-up.
   */
  static List<String> stepOptions(double rate, int threads, double stepSeconds, double warmupSeconds,
      List<FindmaxSla> slas) {
    Set<String> percentiles = new LinkedHashSet<>();
    percentiles.add("95");
    percentiles.add("99");
    percentiles.add("99.9");
    for (FindmaxSla s : slas) {
      if (s.percentile() != null) {
        percentiles.add(s.percentile());
      }
    }
    List<String> cmd = new ArrayList<>();
    if (threads > 0) {
      cmd.addAll(EngineFlag.THREADS.with(Integer.toString(threads)));
    }
    if (rate > 0) {
      long ops = Math.max(1, Math.round(rate * (stepSeconds + warmupSeconds)));
      cmd.addAll(EngineCommandLine.target(rate));
      cmd.addAll(EngineCommandLine.set(EngineOptions.OPERATION_COUNT, ops));
      cmd.addAll(EngineCommandLine.set(EngineOptions.MAX_EXECUTION_TIME, 0));
    } else {
      cmd.addAll(EngineCommandLine.set(EngineOptions.OPERATION_COUNT, 0));
      cmd.addAll(EngineCommandLine.set(EngineOptions.MAX_EXECUTION_TIME,
          (long) Math.ceil(stepSeconds + warmupSeconds)));
    }
    cmd.addAll(EngineCommandLine.set(EngineOptions.MEASUREMENT_INTERVAL, "both"));
    cmd.addAll(EngineCommandLine.set(EngineOptions.PERCENTILES, String.join(",", percentiles)));
    cmd.addAll(EngineCommandLine.set(EngineOptions.WARMUP, warmupSeconds > 0 ? Math.round(warmupSeconds * 1000)
        + "ms" : "0"));
    return cmd;
  }

  @Override
  public FindmaxStep run(int index, double rate) throws IOException, InterruptedException {
    return run(index, rate, 0, "search");
  }

  @Override
  public FindmaxStep run(int index, double rate, String kind) throws IOException, InterruptedException {
    return run(index, rate, 0, kind);
  }

  /** A step at a thread count, unthrottled (the thread ramp). */
  FindmaxStep runThreads(int index, int threads) throws IOException, InterruptedException {
    return run(index, 0, threads, "threads");
  }

  /**
   * Runs a step: at {@code rate} ops/s (0: unthrottled) with {@code threads} client threads (0: as the client
   * options say); {@code kind} names it in the tables and in its directory.
   */
  public FindmaxStep run(int index, double rate, int threads, String kind) throws IOException, InterruptedException {
    String what = rate > 0 ? EngineCommandLine.formatRate(rate) : threads + "threads";
    String tag = kind.equals("search") || kind.equals("threads") ? "" : kind.replaceAll("[^A-Za-z0-9]", "") + "-";
    Path dir = out.resolve(String.format(Locale.ROOT, "step-%02d-%s%s", index, tag, what));
    System.err.println(String.format(Locale.ROOT, "findmax: step %d (%s): %s for %.0f s (+ %.0f s warm-up)",
        index, kind, rate > 0 ? String.join(" ", EngineCommandLine.target(rate)) : "-threads " + threads + ", unthrottled", stepSeconds,
        warmupSeconds));
    Path log = Files.createDirectories(out).resolve(dir.getFileName() + ".log");
    long start = System.currentTimeMillis();
    int code = engine.run(index, stepOptions(rate, threads, stepSeconds, warmupSeconds, slas), dir, log);
    record(dir, index, kind, rate, threads, start, System.currentTimeMillis(), code);
    FindmaxStep r = read(rate, dir);
    r.dir = out.relativize(dir).toString();
    r.kind = kind;
    r.threads = threads;
    r.exitCode = code;
    // Exit 4 (failures over the engine's errors.budget) is a completed step: findmax's own error SLA judges it.
    if (code != ExitCode.OK && code != ExitCode.ERRORS_OVER_BUDGET) {
      r.engineMessage = lastErrorLine(log);
      if (r.reason.isEmpty() || r.achieved == 0) {
        r.reason = "engine exit code " + code + (r.engineMessage.isEmpty() ? "" : ": " + r.engineMessage);
      }
    }
    return r;
  }

  /**
   * Records in the step's result directory which step it is (for the timeline of a report over it); a step that
   * wrote no directory gets none (its row in findmax's table says why).
   */
  private static void record(Path dir, int index, String kind, double rate, int threads, long startMs, long endMs,
      int code) {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try {
      site.ycsb.results.ToolEvents.findmaxStep(dir, index, kind, rate, threads, startMs, endMs, code);
    } catch (IOException e) {
      System.err.println("findmax: could not record step " + index + " in " + dir + " (" + e.getMessage()
          + "); going on");
    }
  }

  /** The first line of an engine log that reads as an error ("Error: ...", "ycsb: ..."), else its last line, or "". */
  static String lastErrorLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      String last = "";
      for (String l : lines) {
        if (l.trim().isEmpty()) {
          continue;
        }
        if (l.startsWith("Error") || l.startsWith("ycsb:")) {
          return l.trim();
        }
        last = l.trim();
      }
      return last;
    } catch (IOException | java.io.UncheckedIOException e) {
      return "";
    }
  }

  /**
   * The step as its result directory records it ({@link ResultDir}: summary.json): the throughput, the failed
   * operations (every status but the successes and NOT_FOUND), the client-limited verdict and, per operation, the
   * statistics of its service and intended latency.
   */
  static FindmaxStep read(double rate, Path dir) {
    ResultDir result;
    try {
      result = ResultDir.load(dir);
    } catch (site.ycsb.results.UsageException e) {
      FindmaxStep none = new FindmaxStep(rate, 0, false, 0);
      none.reason = "no result written (see the step's log)";
      return none;
    }
    long failed = 0;
    Map<String, Map<String, Long>> intended = new LinkedHashMap<>();
    Map<String, Map<String, Long>> service = new LinkedHashMap<>();
    for (String name : result.measurementNames()) {
      JsonNode m = result.measurements().path(name);
      boolean isIntended = name.startsWith(Measurements.INTENDED_PREFIX);
      String op = isIntended ? name.substring(Measurements.INTENDED_PREFIX.length()) : name;
      if (!isIntended && !op.equals("VERIFY")) {
        failed += failures(m.path(Measurement.RETURNS));
      }
      if (op.endsWith("-FAILED") || op.equals("VERIFY") || op.equals("CLEANUP")
          || !isIntended && op.equals("READ-MODIFY-WRITE")) {
        continue;
      }
      Map<String, Long> stats = statistics(m);
      if (!stats.isEmpty()) {
        (isIntended ? intended : service).put(op, stats);
      }
    }
    JsonNode health = result.summary().path(SummaryFields.HEALTH);
    boolean clientLimited = health.path(Health.CLIENT_LIMITED).asBoolean(false);
    double clientsSum = clientsThroughput(result);
    FindmaxStep r = new FindmaxStep(rate, clientsSum > 0 ? clientsSum : result.throughput(), clientLimited, failed);
    r.intended.putAll(intended);
    r.service.putAll(service);
    r.operations = result.operations();
    readVerdict(health, r);
    return r;
  }

  /**
   * The engine's lateness verdict and its measures (summary.json's {@code health.verdict} and {@code health.causes};
   * a merged step keeps each client's under {@code health.perClient}). A record without a verdict (an older engine)
   * gives "client" when it was flagged client-limited.
   */
  static void readVerdict(JsonNode health, FindmaxStep r) {
    JsonNode verdict = health.path(Health.VERDICT);
    r.cause = verdict.path(SummaryFields.Verdict.CAUSE).asText(r.clientLimited ? "client" : "");
    r.machineBusy = verdict.path(SummaryFields.Verdict.MACHINE_BUSY).asBoolean(false);
    List<ClientVerdicts.Verdict> clients = ClientVerdicts.of(health, "");
    boolean merged = health.path(Health.PER_CLIENT).size() > 0;
    List<String> texts = new ArrayList<>();
    List<String> measures = new ArrayList<>();
    for (ClientVerdicts.Verdict c : clients) {
      String who = merged ? c.host + ": " : "";
      if (!c.text.isEmpty()) {
        texts.add(who + c.text);
      }
      if (!c.measures.isEmpty()) {
        measures.add(who + c.measures);
      }
    }
    r.verdict = String.join("; ", texts);
    r.measures = String.join("; ", measures);
  }

  /** Operations that ended with a status that is a failure. */
  private static long failures(JsonNode returns) {
    long failed = 0;
    Iterator<Map.Entry<String, JsonNode>> it = returns.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!NOT_FAILED.contains(e.getKey())) {
        failed += e.getValue().asLong();
      }
    }
    return failed;
  }

  /** avg, p50, p90, p95, p99 and p999 of one measurement (us), those it has. */
  private static Map<String, Long> statistics(JsonNode m) {
    Map<String, Long> stats = new LinkedHashMap<>();
    if (m.path(Measurement.AVERAGE_US).isNumber()) {
      stats.put("avg", (long) m.path(Measurement.AVERAGE_US).asDouble());
    }
    Iterator<Map.Entry<String, JsonNode>> it = m.path(Measurement.PERCENTILES_US).fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      String statistic = PERCENTILE_STATISTICS.get(e.getKey());
      if (statistic != null && e.getValue().isNumber()) {
        stats.put(statistic, (long) e.getValue().asDouble());
      }
    }
    return stats;
  }

  /**
   * For a merged (fleet) step, the sum of the clients' own throughputs, else 0: the merged window runs from the
   * first client's start to the last one's end, so the clients' start-up spread would lower the merged rate below
   * what the clients together achieved.
   */
  static double clientsThroughput(ResultDir merged) {
    try {
      double sum = 0;
      for (JsonNode s : merged.summary().path(SummaryFields.OfMerged.MERGE).path(SummaryFields.Merge.SOURCES)) {
        sum += ResultDir.load(java.nio.file.Paths.get(s.asText())).throughput();
      }
      return sum;
    } catch (site.ycsb.results.UsageException e) {
      return 0;
    }
  }
}
