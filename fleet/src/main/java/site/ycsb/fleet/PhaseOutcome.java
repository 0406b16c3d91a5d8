package site.ycsb.fleet;

/** How one phase ended: exit code 0 means its result directory is complete. */
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

  boolean succeeded() {
    return exitCode == 0;
  }
}
