package site.ycsb.fleet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The search for the highest target rate that passes: doubling from the start rate until a step fails, then
 * bisection between the highest pass and the lowest failure until they are within the resolution. A step passes
 * when every operation's intended latency meets every SLA, the achieved rate is within 1% of the target, no
 * operation failed, and the client was not the limit. A client-limited step — the engine's verdict says so and the
 * service time still met the SLAs, so the lateness was the client's — ends the search: the highest pass is then only
 * a lower bound of what the database sustains (more client threads or machines are needed).
 *
 * <p>The first step runs on the coldest system (a server that has only served the load: its JIT, caches and
 * connections are cold), so a first step that failed is repeated once before the search settles on a maximum just
 * below it; if the repeat passes, the search goes on upwards from there.
 */
public final class FindmaxSearch {
  /** Runs one measured step at a target rate (a real engine run, or a model in tests). */
  public interface Stepper {
    FindmaxStep run(int index, double targetOpsPerSec) throws IOException, InterruptedException;

    /** A step of another kind than the search (a follow-up "at 60%"); the kind names it in tables. */
    default FindmaxStep run(int index, double targetOpsPerSec, String kind) throws IOException,
        InterruptedException {
      FindmaxStep s = run(index, targetOpsPerSec);
      s.kind = kind;
      return s;
    }
  }

  /** Achieved below this share of the target fails a step. */
  static final double ACHIEVED_SHARE = 0.99;

  private final List<FindmaxSla> slas;
  private final double resolution;
  private final int maxSteps;

  /**
   * @param resolution stop when (lowest failure - highest pass) / highest pass is at most this, e.g. 0.05
   * @param maxSteps at most this many steps in all
   */
  public FindmaxSearch(List<FindmaxSla> slas, double resolution, int maxSteps) {
    this.slas = slas;
    this.resolution = resolution;
    this.maxSteps = maxSteps;
  }

  /** The outcome: every step in order, the highest passing rate (0 if none), and how the search ended. */
  public static final class Outcome {
    /** "rate" (the search over the target rate) or "threads" (the thread ramp). */
    String mode = "rate";
    /** Read by a signal's shutdown hook while the search adds to it ({@link FindmaxProgress}). */
    final List<FindmaxStep> steps = new java.util.concurrent.CopyOnWriteArrayList<>();
    double maximum;
    String ending = "";
    boolean lowerBound;
  }

  public Outcome search(double startRate, Stepper stepper) throws IOException, InterruptedException {
    return search(startRate, stepper, new Outcome());
  }

  /** The search, adding its steps to {@code o} as they complete (so that an interrupted search keeps them). */
  Outcome search(double startRate, Stepper stepper, Outcome o) throws IOException, InterruptedException {
    baselineServiceAvgUs = -1;
    double pass = 0;
    double fail = Double.POSITIVE_INFINITY;
    double rate = startRate;
    double coldFailure = Double.NaN;
    boolean repeating = false;
    while (o.steps.size() < maxSteps) {
      FindmaxStep r = repeating ? stepper.run(o.steps.size() + 1, rate, "repeat of step 1")
          : stepper.run(o.steps.size() + 1, rate);
      if (r.achieved == 0 && !r.reason.isEmpty()) {
        // The engine did not run (bad options, no database): halving the rate would not help.
        o.steps.add(r);
        o.maximum = pass;
        o.ending = "step " + o.steps.size() + " could not run (" + r.reason + "); see its log in the output directory";
        return o;
      }
      judge(r);
      o.steps.add(r);
      if (repeating && r.passed) {
        // Only the cold first step had failed at this rate, and no step ran above it.
        fail = Double.POSITIVE_INFINITY;
      }
      repeating = false;
      if (o.steps.size() == 1 && !r.passed && !clientWasTheLimit(r)) {
        coldFailure = rate;
      }
      if (r.passed) {
        pass = Math.max(pass, rate);
        long avg = FindmaxStep.worst(r.service, "avg");
        if (avg > 0 && (baselineServiceAvgUs <= 0 || avg < baselineServiceAvgUs)) {
          baselineServiceAvgUs = avg;
        }
      } else {
        fail = Math.min(fail, rate);
        if (clientWasTheLimit(r)) {
          o.maximum = pass;
          o.lowerBound = true;
          o.ending = String.format(Locale.ROOT, "the client limited the step at %.0f ops/s: the maximum found is a "
              + "lower bound; use more -threads or more client machines", rate);
          return o;
        }
      }
      if (fail == Double.POSITIVE_INFINITY) {
        rate = rate * 2;
      } else if (pass == 0) {
        rate = rate / 2;
        if (rate < 1) {
          o.ending = "even 1 ops/s does not pass";
          return o;
        }
      } else if ((fail - pass) / pass <= resolution && fail == coldFailure) {
        coldFailure = Double.NaN;
        repeating = true;
        rate = fail;
      } else if ((fail - pass) / pass <= resolution) {
        o.maximum = pass;
        o.ending = String.format(Locale.ROOT, "resolved: %.0f passes, %.0f fails (within %.0f%%)", pass, fail,
            resolution * 100);
        return o;
      } else {
        rate = Math.round((pass + fail) / 2);
      }
    }
    o.maximum = pass;
    o.ending = "stopped after " + maxSteps + " steps (--max-steps) before the resolution was reached";
    return o;
  }

  /**
   * Follow-up runs at shares of the found maximum (0.6 for "at 60%"), judged like search steps and appended to the
   * outcome's steps; they do not change the maximum. Nothing runs when no maximum was found.
   */
  void followUps(Outcome o, List<Double> shares, Stepper stepper) throws IOException, InterruptedException {
    if (o.maximum <= 0) {
      return;
    }
    for (double share : shares) {
      double rate = Math.max(1, Math.round(o.maximum * share));
      FindmaxStep r = stepper.run(o.steps.size() + 1, rate, "at " + percent(share));
      if (!(r.achieved == 0 && !r.reason.isEmpty())) {
        judge(r);
      }
      o.steps.add(r);
    }
  }

  /** 0.6 as "60%", 0.625 as "62.5%". */
  static String percent(double share) {
    double p = share * 100;
    return (p == Math.rint(p) ? Long.toString((long) p) : String.format(Locale.ROOT, "%.1f", p)) + "%";
  }

  /**
   * The lowest average service time (µs; of the slowest operation type) of the passing steps so far — the
   * database's answer time while it is not queueing; -1 before a step passed.
   */
  private long baselineServiceAvgUs = -1;

  /** How much the average service time may grow over the fastest passing step's before it counts as queueing. */
  static final double SERVICE_GROWTH = 2.0;

  /**
   * Whether a step the engine flagged as client-limited was limited by the client rather than the database: the
   * database's own answers met every SLA and did not slow down markedly (by {@link #SERVICE_GROWTH}) against the
   * fastest passing step. A database at its capacity queues requests inside itself: every client thread then waits
   * on it (the engine's flag) while the service time grows — that is the database's limit, not the client's.
   */
  boolean clientWasTheLimit(FindmaxStep r) {
    if (!r.clientLimited || !serviceMeetsSlas(r)) {
      return false;
    }
    long avg = FindmaxStep.worst(r.service, "avg");
    return baselineServiceAvgUs <= 0 || avg < 0 || avg <= SERVICE_GROWTH * baselineServiceAvgUs;
  }

  /**
   * Whether the service time (the database's answer, without the wait behind the schedule) met every SLA: then a
   * late schedule was the client's doing (too few threads or too little CPU). When the service time itself misses
   * the SLA, the database was saturated and more client threads would only queue more requests in it.
   */
  boolean serviceMeetsSlas(FindmaxStep r) {
    for (FindmaxSla sla : slas) {
      long worst = FindmaxStep.worst(r.service, sla.statistic);
      if (worst < 0 || worst >= sla.limitUs) {
        return false;
      }
    }
    return true;
  }

  /** Adds to {@code why} the failed operations of a step and every SLA its intended latency misses. */
  static void failuresAndSlas(List<FindmaxSla> slas, FindmaxStep r, List<String> why) {
    if (r.failedOps > 0) {
      why.add(r.failedOps + " operations failed");
    }
    for (FindmaxSla sla : slas) {
      long worst = r.worst(sla.statistic);
      if (worst < 0) {
        why.add(sla.statistic + " not reported");
      } else if (worst >= sla.limitUs) {
        why.add(String.format(Locale.ROOT, "%s %.1f ms (bound %s)", sla.statistic, worst / 1000.0, sla));
      }
    }
  }

  /** Decides whether a step passed, and why not. */
  void judge(FindmaxStep r) {
    List<String> why = new ArrayList<>();
    if (r.achieved < ACHIEVED_SHARE * r.target) {
      why.add(String.format(Locale.ROOT, "achieved %.0f of %.0f ops/s", r.achieved, r.target));
    }
    failuresAndSlas(slas, r, why);
    if (r.clientLimited) {
      why.add(clientWasTheLimit(r) ? "client-limited (the database answered within the SLA; the wait was in the "
          + "client)" : "all client threads were waiting on the database");
    }
    r.passed = why.isEmpty();
    r.reason = r.passed ? "pass" : String.join("; ", why);
  }
}
