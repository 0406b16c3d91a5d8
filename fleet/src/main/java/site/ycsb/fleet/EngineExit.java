package site.ycsb.fleet;

/** The engine's exit codes in words (README: exit codes). */
public final class EngineExit {
  /** Bad command line or property: nothing ran. */
  public static final int USAGE = 2;
  /** The run completed and its results are written, but more operations failed than errors.budget allows. */
  public static final int ERRORS_OVER_BUDGET = site.ycsb.cli.ExitCode.ERRORS_OVER_BUDGET;

  private EngineExit() {
  }

  public static String describe(int code) {
    switch (code) {
      case 0:
        return "completed";
      case 1:
        return "the run failed or did not complete";
      case 2:
        return "bad command line or property";
      case 3:
        return "the workload or binding failed to initialise";
      case ERRORS_OVER_BUDGET:
        return "completed, results written, but more operations failed than errors.budget allows";
      case 130:
        return "interrupted by SIGINT";
      case 143:
        return "interrupted by SIGTERM";
      default:
        return "unexpected exit code";
    }
  }
}
