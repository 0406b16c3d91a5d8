package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.ExitCode;
import site.ycsb.fleet.OptionValues;
import site.ycsb.fleet.UsageException;

/**
 * Runs each phase as a fresh engine process through {@code <home>/bin/ycsb load|run <binding> ...}.
 *
 * <p>Thread-safe where it is shared: a shutdown hook may stop the running engine while the suite's thread waits for it
 * (synchronized).
 */
public final class LocalPhaseRunner implements PhaseRunner {
  private final Path home;
  private final String binding;
  private final List<String> clientArgs;

  LocalPhaseRunner(Path home, String binding, List<String> clientArgs) {
    this.home = home;
    this.binding = binding;
    this.clientArgs = clientArgs;
  }

  @Override
  public void prepare(List<Phase> phases) throws UsageException {
    ClientArgs args = ClientArgs.parse(clientArgs);
    for (Phase p : phases) {
      workloadFile(p);
      // every -P file readable and well formed before the first engine starts, in the engine's words
      args.effective(home, p.workloadFile());
    }
  }

  /** The workload file as given if it exists, else relative to the YCSB directory (workloads/workloada). */
  Path workloadFile(Phase phase) throws UsageException {
    Path given = Paths.get(phase.workloadFile());
    if (Files.isRegularFile(given)) {
      return given.toAbsolutePath();
    }
    if (!given.isAbsolute() && Files.isRegularFile(home.resolve(given))) {
      return home.resolve(given);
    }
    throw new UsageException("workload file " + phase.workloadFile() + " of phase " + phase.name()
        + " not found (here or in " + home + ")");
  }

  /** The engine of the phase in progress, or null. */
  private Process current;
  private boolean stopping;

  /**
   * The engine runs in its own session (setsid, where it exists): a Ctrl-C at the terminal then reaches only
   * the suite, which forwards one SIGTERM (see {@link #stopCurrent}); otherwise the engine would get the terminal's
   * SIGINT and the forwarded signal, and take the second as "exit at once, without results".
   */
  public static List<String> withOwnSession(List<String> cmd) {
    for (String dir : new String[] {"/usr/bin/setsid", "/bin/setsid", "/usr/local/bin/setsid"}) {
      if (new java.io.File(dir).canExecute()) {
        List<String> wrapped = new ArrayList<>();
        wrapped.add(dir);
        wrapped.addAll(cmd);
        return wrapped;
      }
    }
    return cmd;
  }

  /**
   * Stops the phase in progress (the suite was interrupted): SIGTERM to its engine, which writes the results of
   * what it measured into the phase directory, marked interrupted; waits for it within a bound, then kills it.
   */
  void stopCurrent(java.io.PrintStream log) {
    Process engine;
    synchronized (this) {
      stopping = true;
      engine = current;
    }
    if (engine == null || !engine.isAlive()) {
      return;
    }
    log.println("suite: interrupted; stopping the running phase (it writes what it measured, marked interrupted)");
    stopEngine(engine, log, "suite");
  }

  /** SIGTERM to an engine, which then writes what it measured; killed if it has not stopped within 30 s. */
  public static void stopEngine(Process engine, java.io.PrintStream log, String tool) {
    engine.destroy();
    try {
      if (!engine.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
        log.println(tool + ": the engine did not stop within 30 s; killing it");
        engine.destroyForcibly();
      }
    } catch (InterruptedException e) {
      engine.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** The engine command line of one phase. */
  List<String> command(Phase phase, Path dir) throws UsageException {
    List<String> cmd = new ArrayList<>();
    cmd.add(home.resolve("bin/ycsb").toString());
    cmd.add(phase.engineCommand());
    cmd.add(binding);
    String workload = workloadFile(phase).toString();
    cmd.addAll(PhaseProperties.workloadFirst(workload));
    cmd.addAll(clientArgs);
    cmd.addAll(PhaseProperties.runName(workload));
    String warmup = defaultWarmup(phase);
    if (warmup != null) {
      cmd.addAll(EngineCommandLine.set(EngineOptions.WARMUP, warmup));
    }
    cmd.addAll(EngineCommandLine.set(EngineOptions.RESULTS_DIR, dir.toAbsolutePath()));
    return cmd;
  }

  /**
   * The suite's default warm-up of the phase (see {@link PhaseWarmup}), or null when the user set one or the
   * properties cannot be read here (a missing -P file: the engine then reports it, in its own words).
   */
  String defaultWarmup(Phase phase) {
    try {
      return defaultWarmup(ClientArgs.parse(clientArgs), phase);
    } catch (UsageException e) {
      return null;
    }
  }

  private String defaultWarmup(ClientArgs args, Phase phase) throws UsageException {
    Properties p = args.effective(home, phase.workloadFile());
    long operations;
    if (phase.isLoad()) {
      operations = OptionValues.loadCount(p);
    } else {
      operations = OptionValues.engineOption(p, EngineOptions.OPERATION_COUNT);
    }
    double target = args.target > 0 ? args.target : OptionValues.engineOption(p, EngineOptions.TARGET);
    return PhaseWarmup.choose(p, operations, target, OptionValues.engineOption(p, EngineOptions.MAX_EXECUTION_TIME));
  }

  @Override
  public PhaseOutcome run(Phase phase, int repeat, Path dir) throws IOException, InterruptedException {
    List<String> cmd;
    try {
      cmd = command(phase, dir);
      String warmup = defaultWarmup(phase);
      if (warmup != null) {
        System.err.println(PhaseWarmup.describe("suite", phase.name(), warmup));
      }
    } catch (UsageException e) {
      return PhaseOutcome.failed(ExitCode.USAGE, e.getMessage());
    }
    Process engine;
    synchronized (this) {
      if (stopping) {
        return PhaseOutcome.failed(ExitCode.RUN_FAILED, "not started: the suite is stopping");
      }
      engine = new ProcessBuilder(withOwnSession(cmd)).inheritIO().start();
      current = engine;
    }
    int code = engine.waitFor();
    synchronized (this) {
      current = null;
    }
    if (code == ExitCode.ERRORS_OVER_BUDGET) {
      return PhaseOutcome.overBudget("completed with more failed operations than errors.budget allows (engine exit "
          + code + "; see its WARNING line)");
    }
    return code == ExitCode.OK ? PhaseOutcome.ok()
        : PhaseOutcome.failed(code, "failed: the engine exited with code " + code + " (" + ExitCode.describe(code)
            + ")");
  }
}
