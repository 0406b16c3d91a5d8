package site.ycsb.fleet.findmax;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The thread ramp for closed-loop users, in the spirit of cassandra-stress's {@code auto} rate: unthrottled steps at
 * rising thread counts until the throughput stops rising — the best throughput of the last {@code window} steps is
 * less than {@code minGain} above the best before them. A step passes when no operation failed and its latency
 * meets every SLA (if any; in a closed loop the intended latency is the service time); the result is the highest
 * throughput of a passing step. Running out of thread counts while the throughput still rises makes the result a
 * lower bound.
 */
final class FindmaxRamp {
  /** Runs one unthrottled step with a given number of client threads. */
  interface Stepper {
    FindmaxStep run(int index, int threads) throws IOException, InterruptedException;
  }

  private final List<FindmaxSla> slas;
  private final double minGain;
  private final int window;
  /** The share of a step's operations that may fail (0: none may). */
  private double errorBudget;

  /**
   * @param minGain e.g. 0.05: the ramp ends when the last {@code window} steps raised the throughput by less
   * @param window how many steps the gain is judged over (at least 1)
   */
  FindmaxRamp(List<FindmaxSla> slas, double minGain, int window) {
    this.slas = slas;
    this.minGain = minGain;
    this.window = window;
  }

  /** Lets up to {@code share} of a step's operations fail (e.g. 0.001); 0, the default, lets none. */
  FindmaxRamp errorBudget(double share) {
    this.errorBudget = share;
    return this;
  }

  FindmaxSearch.Outcome ramp(List<Integer> threads, Stepper stepper) throws IOException, InterruptedException {
    return ramp(threads, stepper, new FindmaxSearch.Outcome());
  }

  /** The ramp, adding its steps to {@code o} as they complete (so that an interrupted ramp keeps them). */
  FindmaxSearch.Outcome ramp(List<Integer> threads, Stepper stepper, FindmaxSearch.Outcome o) throws IOException,
      InterruptedException {
    o.mode = "threads";
    for (int t : threads) {
      FindmaxStep r = stepper.run(o.steps.size() + 1, t);
      r.threads = t;
      r.kind = "threads";
      o.steps.add(r);
      if (r.achieved == 0 && !r.reason.isEmpty()) {
        o.ending = "step " + o.steps.size() + " could not run (" + r.reason + "); see its log in the output directory";
        finish(o);
        return o;
      }
      judge(r);
      int n = o.steps.size();
      if (n > window) {
        double before = best(o.steps.subList(0, n - window), false);
        double recent = best(o.steps.subList(n - window, n), false);
        if (recent < before * (1 + minGain)) {
          o.ending = String.format(Locale.ROOT, "the throughput rose less than %.0f%% over the last %d step%s "
              + "(%.0f ops/s before, %.0f after)", minGain * 100, window, window == 1 ? "" : "s", before, recent);
          finish(o);
          return o;
        }
      }
    }
    o.ending = "the throughput was still rising at " + threads.get(threads.size() - 1) + " threads: the result is a "
        + "lower bound; add larger thread counts (or client machines)";
    o.lowerBound = true;
    finish(o);
    return o;
  }

  private static void finish(FindmaxSearch.Outcome o) {
    o.maximum = best(o.steps, true);
  }

  /** The highest achieved throughput of the steps (of the passing steps only, if {@code passing}), or 0. */
  private static double best(List<FindmaxStep> steps, boolean passing) {
    double best = 0;
    for (FindmaxStep s : steps) {
      if (!passing || s.passed) {
        best = Math.max(best, s.achieved);
      }
    }
    return best;
  }

  /** A ramp step passes when its failures are within the error budget and the latency meets every SLA. */
  void judge(FindmaxStep r) {
    List<String> why = new ArrayList<>();
    FindmaxSearch.failuresAndSlas(slas, errorBudget, r, why);
    r.passed = why.isEmpty();
    r.reason = r.passed ? "pass" : String.join("; ", why);
  }
}
