package site.ycsb.fleet.findmax;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The findmax record of the steps completed so far, for an interrupted findmax (Ctrl-C, SIGTERM, SIGHUP: a closed
 * ssh session): the search adds each completed step to {@link #outcome()}, and the signal's shutdown hook writes
 * findmax.md, .csv and .json from them with {@link #writeInterrupted}, the maximum marked as a lower bound. The
 * record is written once, by whichever of the search's end and the hook comes first. Thread-safe.
 */
public final class FindmaxProgress {
  private final FindmaxSearch.Outcome outcome = new FindmaxSearch.Outcome();
  private final AtomicBoolean written = new AtomicBoolean();

  /** The outcome the search or ramp fills in as its steps complete. */
  FindmaxSearch.Outcome outcome() {
    return outcome;
  }

  /** Claims the record for the search's own end; false if an interruption already wrote it. */
  boolean claim() {
    return written.compareAndSet(false, true);
  }

  /**
   * Writes the record of the completed steps, unless the search already wrote its own. Judged steps only: a step
   * the signal cut short has no verdict and stays out (its directory holds what it measured, marked interrupted).
   */
  public void writeInterrupted(Path out, List<FindmaxSla> slas, double errorBudget, PrintStream log) {
    if (!claim()) {
      return;
    }
    FindmaxSearch.Outcome partial = new FindmaxSearch.Outcome();
    partial.mode = outcome.mode;
    double best = 0;
    for (FindmaxStep s : outcome.steps) {
      if (s.reason == null || s.reason.isEmpty()) {
        continue;
      }
      partial.steps.add(s);
      if (s.passed) {
        best = Math.max(best, partial.mode.equals("threads") ? s.achieved : s.target);
      }
    }
    partial.maximum = best;
    partial.lowerBound = true;
    partial.ending = String.format(Locale.ROOT, "interrupted after %d completed step%s: the maximum so far is a "
        + "lower bound", partial.steps.size(), partial.steps.size() == 1 ? "" : "s");
    try {
      FindmaxReport.write(out, partial, slas, errorBudget);
      log.println("findmax: interrupted; the " + partial.steps.size() + " completed step(s) are in "
          + out.resolve(FindmaxReport.MARKDOWN));
    } catch (IOException e) {
      log.println("findmax: interrupted; could not write the record of the completed steps: " + e.getMessage());
    }
  }
}
