package site.ycsb.fleet.findmax;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The search for the highest target rate that passes: doubling from the start rate until a step fails, then
 * bisection between the highest pass and the lowest failure until they are within the resolution. A step is judged on
 * its bounds — every operation's intended latency within every SLA, failed operations within the error budget, the
 * achieved rate within 1% of the target — and a step that met them passes, whatever else its record says. A step that
 * missed them is then judged on the engine's verdict of its lateness:
 * <ul>
 *   <li>the machine did not run the client on time: the step says nothing about the database; it is repeated once,
 *       and if the repeat is disturbed too it is <em>inconclusive</em>, and the search ends with the highest pass as a
 *       lower bound (or, with no pass yet, goes on at half the rate);
 *   <li>the client limited it (the engine's verdict says so and the service time still met the SLAs, so the lateness
 *       was the client's): the search ends, and the highest pass is only a lower bound of what the database sustains
 *       (more client threads or machines are needed);
 *   <li>otherwise it failed.
 * </ul>
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
  /** The kind of the repeat of a failed first step (a cold server). */
  static final String COLD_REPEAT = "repeat of step 1";
  /** The kind of the repeat of a step the machine disturbed. */
  static final String MACHINE_REPEAT = "repeat: machine busy";

  private final List<FindmaxSla> slas;
  private final double resolution;
  private final int maxSteps;
  /** The share of a step's operations that may fail (0: none may). */
  private double errorBudget;

  /**
   * @param resolution stop when (lowest failure - highest pass) / highest pass is at most this, e.g. 0.05
   * @param maxSteps at most this many steps in all
   */
  public FindmaxSearch(List<FindmaxSla> slas, double resolution, int maxSteps) {
    this.slas = slas;
    this.resolution = resolution;
    this.maxSteps = maxSteps;
  }

  /** Lets up to {@code share} of a step's operations fail (e.g. 0.001); 0, the default, lets none. */
  FindmaxSearch errorBudget(double share) {
    this.errorBudget = share;
    return this;
  }

  /** The outcome: every step in order, the highest passing rate (0 if none), and how the search ended. */
  public static final class Outcome {
    /** "rate" (the search over the target rate) or "threads" (the thread ramp). */
    String mode = "rate";
    /** Read by a signal's shutdown hook while the search adds to it ({@link FindmaxProgress}). */
    final List<FindmaxStep> steps = new java.util.concurrent.CopyOnWriteArrayList<>();
    public double maximum;
    public String ending = "";
    boolean lowerBound;

    /**
     * One sentence on the steps whose client's machine was busy (its threads waited for a CPU as long as they ran),
     * or "" when none was: their figures come from a machine that did not run the client on time.
     */
    String machineNote() {
      List<String> busy = new ArrayList<>();
      for (int i = 0; i < steps.size(); i++) {
        if (steps.get(i).machineBusy || "machine".equals(steps.get(i).cause)) {
          busy.add(Integer.toString(i + 1));
        }
      }
      if (busy.isEmpty()) {
        return "";
      }
      return "the machine was busy during step" + (busy.size() == 1 ? " " : "s ") + String.join(", ", busy)
          + " (the client's threads waited for a CPU as long as they ran, or the machine did not run the client on "
          + "time): run the client on a quieter machine for figures that describe the database alone";
    }
  }

  public Outcome search(double startRate, Stepper stepper) throws IOException, InterruptedException {
    return search(startRate, stepper, new Outcome());
  }

  /** The search, adding its steps to {@code o} as they complete (so that an interrupted search keeps them). */
  Outcome search(double startRate, Stepper stepper, Outcome o) throws IOException, InterruptedException {
    baselineServiceAvgUs = -1;
    double pass = 0;
    double fail = Double.POSITIVE_INFINITY;
    // the lowest rate whose step the machine disturbed twice: nothing is known at or above it
    double disturbed = Double.POSITIVE_INFINITY;
    double rate = startRate;
    double coldFailure = Double.NaN;
    boolean judgedAny = false;
    String repeat = null;
    while (o.steps.size() < maxSteps) {
      FindmaxStep r = repeat != null ? stepper.run(o.steps.size() + 1, rate, repeat)
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
      String repeated = repeat;
      repeat = null;
      if (r.inconclusive) {
        if (!MACHINE_REPEAT.equals(repeated)) {
          repeat = MACHINE_REPEAT; // once more at the same rate: the machine may be quieter now
          continue;
        }
        disturbed = Math.min(disturbed, rate);
        if (pass > 0) {
          return machineEnding(o, pass, rate);
        }
        rate = rate / 2;
        if (rate < 1) {
          o.ending = "even 1 ops/s could not be measured: the machine did not run the client on time";
          return o;
        }
        continue;
      }
      if (COLD_REPEAT.equals(repeated) && r.passed) {
        // Only the cold first step had failed at this rate, and no step ran above it.
        fail = Double.POSITIVE_INFINITY;
      }
      if (!judgedAny && !r.passed && !clientWasTheLimit(r)) {
        coldFailure = rate;
      }
      judgedAny = true;
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
        repeat = COLD_REPEAT;
        rate = fail;
      } else if ((fail - pass) / pass <= resolution) {
        o.maximum = pass;
        o.ending = String.format(Locale.ROOT, "resolved: %.0f passes, %.0f fails (within %.0f%%)", pass, fail,
            resolution * 100);
        return o;
      } else {
        rate = Math.round((pass + fail) / 2);
      }
      if (rate >= disturbed && pass > 0) {
        return machineEnding(o, pass, disturbed);
      }
    }
    o.maximum = pass;
    o.ending = "stopped after " + maxSteps + " steps (--max-steps) before the resolution was reached";
    return o;
  }

  /** Ends the search at the highest pass, a lower bound: the machine did not let the step at {@code rate} count. */
  private static Outcome machineEnding(Outcome o, double pass, double rate) {
    o.maximum = pass;
    o.lowerBound = true;
    o.ending = String.format(Locale.ROOT, "inconclusive at %.0f ops/s: the machine did not run the client on time "
        + "(twice); the maximum found is a lower bound; run the client on a quieter machine", rate);
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

  /**
   * Adds to {@code why} the failed operations of a step beyond the error budget ({@code budget}, a share of its
   * operations; 0: none may fail) and every SLA its intended latency misses.
   */
  static void failuresAndSlas(List<FindmaxSla> slas, double budget, FindmaxStep r, List<String> why) {
    if (r.failedOps > 0 && (budget <= 0 || r.operations <= 0 || r.failedOps >= budget * r.operations)) {
      why.add(r.failedOps + " operations failed" + (budget <= 0 ? "" : String.format(Locale.ROOT, " (%.3g%% of %d;"
          + " budget %s)", 100.0 * r.failedOps / Math.max(1, r.operations), r.operations, budgetText(budget))));
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

  /** An error budget as the user writes it: "errors<0.1%". */
  static String budgetText(double budget) {
    return "errors<" + new java.math.BigDecimal(budget * 100).round(new java.math.MathContext(6))
        .stripTrailingZeros().toPlainString() + "%";
  }

  /**
   * Decides a step: passed when it met its bounds (every SLA, the error budget, its rate); otherwise inconclusive when
   * the engine's verdict says the machine did not run the client on time, else failed, and why.
   */
  void judge(FindmaxStep r) {
    List<String> why = new ArrayList<>();
    if (r.achieved < ACHIEVED_SHARE * r.target) {
      why.add(String.format(Locale.ROOT, "achieved %.0f of %.0f ops/s", r.achieved, r.target));
    }
    failuresAndSlas(slas, errorBudget, r, why);
    r.passed = why.isEmpty();
    r.inconclusive = !r.passed && "machine".equals(r.cause);
    if (r.passed) {
      r.reason = "pass";
    } else if (r.inconclusive) {
      r.reason = "inconclusive: the machine did not run the client on time (" + String.join("; ", why) + ")";
    } else {
      if (r.clientLimited) {
        why.add(clientWasTheLimit(r) ? "client-limited (the database answered within the SLA; the wait was in the "
            + "client)" : "all client threads were waiting on the database");
      }
      r.reason = String.join("; ", why);
    }
  }
}
