package site.ycsb.engine;

import java.io.PrintStream;

/**
 * A failure that can recur every interval of a run (a results file on a filling disk): the first time it is printed
 * in full as a warning, the repeats are only counted, and {@link #summary} says in one sentence how often it happened
 * and the last message (the run's failure line). A full disk then costs the user two lines, not one per interval.
 *
 * <p>Thread-safe: synchronized (the status thread reports, the main thread sums up).
 */
final class CountedWarning {
  private final PrintStream out;
  private final String what;
  private long repeats;
  private String last;
  private boolean said;

  /** {@code what} names the failure, e.g. "cannot write the time series". */
  CountedWarning(PrintStream out, String what) {
    this.out = out;
    this.what = what;
  }

  /** One more occurrence, with its own {@code detail} (the exception's message). */
  synchronized void report(String detail) {
    if (!said) {
      said = true;
      out.println("WARNING: " + what + ": " + detail + " (further failures of the kind are counted, not printed)");
      last = detail;
      return;
    }
    repeats++;
    last = detail;
  }

  /** How many occurrences were counted after the first. */
  synchronized long repeats() {
    return repeats;
  }

  /**
   * The failures in one sentence — {@code cannot write the time series 4 times; the last: No space left on device} —
   * or null when there was none.
   */
  synchronized String summary() {
    if (!said) {
      return null;
    }
    long times = repeats + 1;
    return what + " " + times + " time" + (times == 1 ? "" : "s") + (last == null ? "" : "; the last: " + last);
  }
}
