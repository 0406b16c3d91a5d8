package site.ycsb.fleet;

/**
 * How one phase ended: exit code 0 means its result directory is complete; {@link EngineExit#ERRORS_OVER_BUDGET}
 * means it is complete too, but more operations failed than errors.budget allows (the suite goes on, and says so).
 */
public final class PhaseOutcome {
  final int exitCode;
  final String failure;

  private PhaseOutcome(int exitCode, String failure) {
    this.exitCode = exitCode;
    this.failure = failure;
  }

  static PhaseOutcome ok() {
    return new PhaseOutcome(0, null);
  }

  /** A failed phase; {@code why} completes "phase X (repeat n) ..." in one line. */
  static PhaseOutcome failed(int exitCode, String why) {
    return new PhaseOutcome(exitCode == 0 ? 1 : exitCode, why);
  }

  /** A phase whose results are complete but whose failed operations were over errors.budget ({@code why} says so). */
  static PhaseOutcome overBudget(String why) {
    return new PhaseOutcome(EngineExit.ERRORS_OVER_BUDGET, why);
  }

  boolean succeeded() {
    return exitCode == 0;
  }

  /** Whether the phase's result directory is complete: it succeeded, or only its failures were over the budget. */
  boolean resultsComplete() {
    return exitCode == 0 || exitCode == EngineExit.ERRORS_OVER_BUDGET;
  }
}
