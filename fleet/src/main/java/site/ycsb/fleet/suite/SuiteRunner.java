package site.ycsb.fleet.suite;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import site.ycsb.cli.ExitCode;


/**
 * Runs the phases in order, {@code repeat} times, each into {@code <out>/<repeat>/<phase>/}, with the hooks around
 * each phase (each hook recorded in the phase directory's {@code tool-events.tsv}, for the report's timeline). The
 * first phase or hook that fails stops everything (one line naming it and its exit code); what was
 * done so far stays. At the end the throughput table (every repeat, median and min–max) is written and the report tool runs over
 * every completed phase directory.
 */
public final class SuiteRunner {
  private final String tool;
  private final List<Phase> phases;
  private final int repeats;
  private final Path out;
  private final Hook before;
  private final Hook after;
  private final PhaseRunner runner;
  private final ReportStep report;
  private final PrintStream err;
  /** Read by a signal's shutdown hook ({@link #writeInterruptedSummary}) while the run adds to it. */
  /** The suite's summary for people, in the output directory. */
  static final String SUMMARY_MD = "suite-summary.md";
  private final List<Path> completed = new java.util.concurrent.CopyOnWriteArrayList<>();
  /** Whether suite-summary.md was written (by the run's end or by an interruption: once). */
  private final java.util.concurrent.atomic.AtomicBoolean summaryWritten =
      new java.util.concurrent.atomic.AtomicBoolean();

  /** Runs the report over the completed phase directories; returns its exit code. */
  public interface ReportStep {
    int run(Path outDir, List<Path> phaseDirs) throws IOException, InterruptedException;
  }

  public SuiteRunner(String tool, List<Phase> phases, int repeats, Path out, String hookBefore, String hookAfter,
      PhaseRunner runner, ReportStep report, PrintStream err) {
    this.tool = tool;
    this.phases = phases;
    this.repeats = repeats;
    this.out = out;
    this.before = hookBefore == null ? null : new Hook(hookBefore, "before");
    this.after = hookAfter == null ? null : new Hook(hookAfter, "after");
    this.runner = runner;
    this.report = report;
    this.err = err;
  }

  /** Runs the suite; returns the exit code for the tool (0, or the failed phase's/hook's code). */
  public int run() throws IOException, InterruptedException {
    List<String> overBudget = new ArrayList<>();
    int total = phases.size() * repeats;
    int step = 0;
    int exit = ExitCode.OK;
    outer:
    for (int rep = 1; rep <= repeats; rep++) {
      for (Phase phase : phases) {
        step++;
        Path dir = out.resolve(Integer.toString(rep)).resolve(phase.name());
        Files.createDirectories(dir);
        err.println(tool + ": [" + step + "/" + total + "] " + phase.name() + " (repeat " + rep + ") -> " + dir);
        String where = "phase " + phase.name() + " (repeat " + rep + ")";
        if (before != null) {
          int code = runHook(before, phase, rep, dir);
          if (code != ExitCode.OK) {
            exit = stop("the hook before " + where + " failed with exit code " + code, code);
            break outer;
          }
        }
        PhaseOutcome outcome = runner.run(phase, rep, dir);
        if (outcome.resultsComplete() && !outcome.succeeded()) {
          // Its figures are complete and mix in failures: recorded, and the suite goes on; its exit code says so.
          err.println(tool + ": " + where + " " + outcome.failure + "; going on");
          overBudget.add(where);
        } else if (!outcome.succeeded()) {
          exit = stop(where + " " + outcome.failure, outcome.exitCode);
          break outer;
        }
        completed.add(dir);
        if (after != null) {
          int code = runHook(after, phase, rep, dir);
          if (code != ExitCode.OK) {
            exit = stop("the hook after " + where + " failed with exit code " + code, code);
            break outer;
          }
        }
      }
    }
    if (!completed.isEmpty() && summaryWritten.compareAndSet(false, true)) {
      SuiteTable table = SuiteTable.read(completed);
      Files.write(out.resolve(SUMMARY_MD), (table.markdown() + table.verdictsMarkdown()
          + FleetSummary.markdown(completed)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      SuiteSummaryJson.write(out, completed);
      err.print(table.markdown());
      DatabaseNodeTable.append(out.resolve(SUMMARY_MD), completed, err);
      if (report != null) {
        int code = report.run(out.resolve("report"), completed);
        if (code != ExitCode.OK) {
          err.println(tool + ": the report over " + out + " failed with exit code " + code);
          exit = exit == ExitCode.OK ? code : exit;
        }
      }
    }
    if (exit == ExitCode.OK && !overBudget.isEmpty()) {
      err.println(tool + ": all " + total + " phases completed; results in " + out + "; more operations failed than "
          + "errors.budget allows in " + String.join(", ", overBudget) + " (exit " + ExitCode.ERRORS_OVER_BUDGET
          + ")");
      exit = ExitCode.ERRORS_OVER_BUDGET;
    } else if (exit == ExitCode.OK) {
      err.println(tool + ": all " + total + " phases completed; results in " + out);
    }
    return exit;
  }

  /**
   * The tool was interrupted (Ctrl-C, SIGTERM, SIGHUP: a closed ssh session) and its running phase stopped: writes
   * suite-summary.md over the phases completed so far, unless the run's end already wrote it. The interrupted phase
   * is not among them (its directory keeps what it measured, marked interrupted); the report is not run.
   */
  public void writeInterruptedSummary() {
    List<Path> done = new ArrayList<>(completed);
    if (done.isEmpty() || !summaryWritten.compareAndSet(false, true)) {
      return;
    }
    try {
      SuiteTable table = SuiteTable.read(done);
      Files.write(out.resolve(SUMMARY_MD), (table.markdown() + FleetSummary.markdown(done))
          .getBytes(java.nio.charset.StandardCharsets.UTF_8));
      SuiteSummaryJson.write(out, done);
      err.println(tool + ": interrupted; " + SUMMARY_MD + " covers the " + done.size() + " completed phase(s) in "
          + out);
      DatabaseNodeTable.append(out.resolve(SUMMARY_MD), done, err);
    } catch (IOException | RuntimeException e) {
      err.println(tool + ": interrupted; could not write " + SUMMARY_MD + ": " + e.getMessage());
    }
  }

  /**
   * Runs a hook and records it in the phase directory for the report's timeline (when it ran, its exit code, its
   * command's first word only: the rest may hold a secret). A hook the record cannot take still counts as run.
   */
  private int runHook(Hook hook, Phase phase, int rep, Path dir) throws IOException, InterruptedException {
    long start = System.currentTimeMillis();
    int code = hook.run(phase, rep, dir);
    try {
      site.ycsb.results.ToolEvents.hook(dir, tool, hook.when(), hook.command(), start, System.currentTimeMillis(),
          code);
    } catch (IOException e) {
      err.println(tool + ": could not record the hook " + hook.when() + " the phase in " + dir + " ("
          + e.getMessage() + "); going on");
    }
    return code;
  }

  private int stop(String what, int code) {
    err.println(tool + ": " + what + "; stopping. " + completed.size() + " completed phase(s) kept in " + out);
    return code;
  }

  List<Path> completed() {
    return completed;
  }
}
