package site.ycsb.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import site.ycsb.EngineCommandLine;
import site.ycsb.EngineOptions;

/**
 * Runs one findmax step as a fresh engine run ({@code bin/ycsb run <binding>} here, or on every client of a fleet)
 * at a target rate, with a warm-up, intended latency measured ({@code measurement.interval=both}) and its complete
 * record in the step's result directory, and reads the step back from that record.
 */
final class FindmaxStepRunner implements FindmaxSearch.Stepper {
  /** Runs the engine of one step so that its (merged) result directory ends up in {@code dir}. */
  interface Engine {
    /**
     * @param stepOptions the options findmax sets for the step (see {@link #stepOptions}), after the user's
     * @param log where the engine's output goes
     * @return the exit code (0: the result directory is complete)
     */
    int run(int index, List<String> stepOptions, Path dir, Path log) throws IOException, InterruptedException;
  }

  private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\], ([^,]+), (.+)$");
  /** Statuses that are not failures: the engine's successes (batched inserts too) and NOT_FOUND, an answer. */
  private static final Set<String> NOT_FAILED = new java.util.HashSet<>(java.util.Arrays.asList(
      site.ycsb.Status.OK.getName(), site.ycsb.Status.BATCHED_OK.getName(), site.ycsb.Status.NOT_FOUND.getName()));

  private final Path home;
  private final String binding;
  private final List<String> clientArgs;
  private final Path out;
  private final double stepSeconds;
  private final double warmupSeconds;
  private final List<FindmaxSla> slas;
  private final Engine engine;

  /** Steps as local engine processes. */
  FindmaxStepRunner(Path home, String binding, List<String> clientArgs, Path out, double stepSeconds,
      double warmupSeconds, List<FindmaxSla> slas) {
    this(home, binding, clientArgs, out, stepSeconds, warmupSeconds, slas, null);
  }

  /** Steps run by {@code engine} (a fleet); {@code null}: local engine processes. */
  FindmaxStepRunner(Path home, String binding, List<String> clientArgs, Path out, double stepSeconds,
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
      cmd.addAll(EngineCommandLine.Flag.THREADS.with(Integer.toString(threads)));
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
  FindmaxStep run(int index, double rate, int threads, String kind) throws IOException, InterruptedException {
    String what = rate > 0 ? EngineCommandLine.formatRate(rate) : threads + "threads";
    String tag = kind.equals("search") || kind.equals("threads") ? "" : kind.replaceAll("[^A-Za-z0-9]", "") + "-";
    Path dir = out.resolve(String.format(Locale.ROOT, "step-%02d-%s%s", index, tag, what));
    System.err.println(String.format(Locale.ROOT, "findmax: step %d (%s): %s for %.0f s (+ %.0f s warm-up)",
        index, kind, rate > 0 ? String.join(" ", EngineCommandLine.target(rate)) : "-threads " + threads + ", unthrottled", stepSeconds,
        warmupSeconds));
    int code = engine.run(index, stepOptions(rate, threads, stepSeconds, warmupSeconds, slas), dir,
        Files.createDirectories(out).resolve(dir.getFileName() + ".log"));
    FindmaxStep r = read(rate, dir);
    r.dir = out.relativize(dir).toString();
    r.kind = kind;
    r.threads = threads;
    r.exitCode = code;
    if (code != 0) {
      r.engineMessage = lastErrorLine(dir.resolveSibling(dir.getFileName() + ".log"));
      if (r.reason.isEmpty() || r.achieved == 0) {
        r.reason = "engine exit code " + code + (r.engineMessage.isEmpty() ? "" : ": " + r.engineMessage);
      }
    }
    return r;
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

  /** The step as its result directory records it (output.txt for the figures, summary.json for the verdict). */
  static FindmaxStep read(double rate, Path dir) throws IOException {
    Path output = dir.resolve("output.txt");
    if (!Files.isRegularFile(output)) {
      FindmaxStep none = new FindmaxStep(rate, 0, false, 0);
      none.reason = "no result written (see the step's log)";
      return none;
    }
    double achieved = 0;
    long failed = 0;
    java.util.Map<String, java.util.Map<String, Long>> intended = new java.util.LinkedHashMap<>();
    java.util.Map<String, java.util.Map<String, Long>> service = new java.util.LinkedHashMap<>();
    for (String line : Files.readAllLines(output, StandardCharsets.UTF_8)) {
      Matcher m = LINE.matcher(line.trim());
      if (!m.matches()) {
        continue;
      }
      String metric = m.group(1);
      String field = m.group(2);
      String value = m.group(3).trim();
      if (metric.equals("OVERALL") && field.equals("Throughput(ops/sec)")) {
        achieved = Double.parseDouble(value);
      } else if (field.startsWith("Return=") && !metric.startsWith("Intended-") && !metric.equals("VERIFY")
          && !NOT_FAILED.contains(field.substring("Return=".length()))) {
        failed += Long.parseLong(value);
      } else if (!metric.endsWith("-FAILED") && statistic(field) != null && !metric.equals("OVERALL")
          && !metric.equals("SCHEDULE") && !metric.equals("VERIFY")) {
        boolean isIntended = metric.startsWith("Intended-");
        (isIntended ? intended : service).computeIfAbsent(isIntended ? metric.substring("Intended-".length())
            : metric, k -> new java.util.LinkedHashMap<>()).put(statistic(field), (long) Double.parseDouble(value));
      }
    }
    String summary = Files.isRegularFile(dir.resolve("summary.json"))
        ? new String(Files.readAllBytes(dir.resolve("summary.json")), StandardCharsets.UTF_8) : "";
    boolean clientLimited = Pattern.compile("\"clientLimited\"\\s*:\\s*true").matcher(summary).find();
    double clientsSum = clientsThroughput(dir);
    FindmaxStep r = new FindmaxStep(rate, clientsSum > 0 ? clientsSum : achieved, clientLimited, failed);
    for (Map.Entry<String, java.util.Map<String, Long>> e : intended.entrySet()) {
      if (!e.getKey().equals("CLEANUP")) {
        r.intended.put(e.getKey(), e.getValue());
      }
    }
    for (Map.Entry<String, java.util.Map<String, Long>> e : service.entrySet()) {
      if (!e.getKey().equals("CLEANUP") && !e.getKey().equals("READ-MODIFY-WRITE")) {
        r.service.put(e.getKey(), e.getValue());
      }
    }
    return r;
  }

  /**
   * For a merged (fleet) step, the sum of the clients' own throughputs, else 0: the merged window runs from the
   * first client's start to the last one's end, so the clients' start-up spread would lower the merged rate below
   * what the clients together achieved.
   */
  static double clientsThroughput(Path dir) {
    try {
      com.fasterxml.jackson.databind.JsonNode sources = site.ycsb.results.ResultDir.load(dir).summary().path("merge")
          .path("sources");
      double sum = 0;
      for (com.fasterxml.jackson.databind.JsonNode s : sources) {
        sum += site.ycsb.results.ResultDir.load(java.nio.file.Paths.get(s.asText())).throughput();
      }
      return sum;
    } catch (site.ycsb.results.UsageException e) {
      return 0;
    }
  }

  private static String statistic(String field) {
    switch (field) {
    case "AverageLatency(us)":
      return "avg";
    case "95thPercentileLatency(us)":
      return "p95";
    case "99thPercentileLatency(us)":
      return "p99";
    case "99.9PercentileLatency(us)":
      return "p999";
    case "50thPercentileLatency(us)":
      return "p50";
    case "90thPercentileLatency(us)":
      return "p90";
    default:
      return null;
    }
  }
}
