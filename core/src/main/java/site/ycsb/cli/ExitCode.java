package site.ycsb.cli;

/**
 * The exit codes of the engine, {@code site.ycsb.Client} (documented in the README).
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

  private ExitCode() {
  }
}
