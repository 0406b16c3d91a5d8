package site.ycsb.cli;

/**
 * The exit codes of the engine, {@code site.ycsb.Client} (documented in the README), and of the tools that start
 * engines or read their results ({@code suite}, {@code fleet}, {@code findmax}, {@code merge}, {@code report},
 * {@code mark}): 0 done, 1 failed or incomplete (for a tool: I/O, interruption, a phase incomplete), 2 a usage
 * error, or the code of the engine or hook that failed. {@link #describe} puts one in words.
 *
 * <p>Immutable and thread-safe.
 */
public final class ExitCode {
  /** The run completed; failed operations, if any, stayed within {@code errors.budget} and are counted. */
  public static final int OK = 0;
  /** The run started but did not complete as asked: a client thread failed, inserts failed for good,
   *  too many consecutive errors, or results could not be written. Results (if printed) are partial. */
  public static final int RUN_FAILED = 1;
  /** Bad command line, property, or class name: nothing ran. */
  public static final int USAGE = 2;
  /** The workload or a database binding failed to initialise: nothing was measured. */
  public static final int INIT_FAILED = 3;
  /**
   * The run completed and its results are written, but more of its measured operations failed than
   * {@code errors.budget} allows: its figures mix in failures (a verdict names the operation types and statuses).
   */
  public static final int ERRORS_OVER_BUDGET = 4;
  /** The engine was stopped by SIGINT (Ctrl-C): 128 + 2, the shells' convention; what it measured is kept. */
  public static final int INTERRUPTED_SIGINT = 130;
  /** The engine was stopped by SIGTERM: 128 + 15; what it measured is kept. */
  public static final int INTERRUPTED_SIGTERM = 143;
  /** The engine was stopped by SIGHUP (its terminal or ssh connection went away): 128 + 1; what it measured is kept. */
  public static final int INTERRUPTED_SIGHUP = 129;

  private ExitCode() {
  }

  /** An engine's exit code in words, for the tools' messages; "unexpected exit code" for any other. */
  public static String describe(int code) {
    switch (code) {
      case OK:
        return "completed";
      case RUN_FAILED:
        return "the run failed or did not complete";
      case USAGE:
        return "bad command line or property";
      case INIT_FAILED:
        return "the workload or binding failed to initialise";
      case ERRORS_OVER_BUDGET:
        return "completed, results written, but more operations failed than errors.budget allows";
      case INTERRUPTED_SIGINT:
        return "interrupted by SIGINT";
      case INTERRUPTED_SIGTERM:
        return "interrupted by SIGTERM";
      case INTERRUPTED_SIGHUP:
        return "interrupted by SIGHUP";
      default:
        return "unexpected exit code";
    }
  }
}
