package site.ycsb.fleet.suite;

import site.ycsb.cli.ExitCode;


/**
 * How one phase ended: exit code 0 means its result directory is complete; {@link ExitCode#ERRORS_OVER_BUDGET}
 * means it is complete too, but more operations failed than errors.budget allows (the suite goes on, and says so).
 */
public final class PhaseOutcome {
  public final int exitCode;
  public final String failure;

  private PhaseOutcome(int exitCode, String failure) {
    this.exitCode = exitCode;
    this.failure = failure;
  }

  public static PhaseOutcome ok() {
    return new PhaseOutcome(ExitCode.OK, null);
  }

  /** A failed phase; {@code why} completes "phase X (repeat n) ..." in one line. */
  public static PhaseOutcome failed(int exitCode, String why) {
    return new PhaseOutcome(exitCode == ExitCode.OK ? ExitCode.RUN_FAILED : exitCode, why);
  }

  /** A phase whose results are complete but whose failed operations were over errors.budget ({@code why} says so). */
  public static PhaseOutcome overBudget(String why) {
    return new PhaseOutcome(ExitCode.ERRORS_OVER_BUDGET, why);
  }

  public boolean succeeded() {
    return exitCode == ExitCode.OK;
  }

  /** Whether the phase's result directory is complete: it succeeded, or only its failures were over the budget. */
  boolean resultsComplete() {
    return exitCode == ExitCode.OK || exitCode == ExitCode.ERRORS_OVER_BUDGET;
  }
}
