package site.ycsb.fleet.findmax;

import java.util.LinkedHashMap;
import java.util.Map;

/** The outcome of one measured step at one target rate: what was achieved and whether it passed, and why not. */
public final class FindmaxStep {
  final double target;
  final double achieved;
  /** Per operation type (READ, UPDATE, ...): statistic name (avg, p95, p99, p999) to intended latency in µs. */
  final Map<String, Map<String, Long>> intended = new LinkedHashMap<>();
  /** The same figures of the service time (call to return, without the wait behind the schedule). */
  final Map<String, Map<String, Long>> service = new LinkedHashMap<>();
  final boolean clientLimited;
  /** Operations that failed (the error budget judges them). */
  final long failedOps;
  /** The measured operations of the step (0 when unknown): the error budget is a share of them. */
  long operations;
  /**
   * What the engine's verdict blamed the step's lateness on (summary.json's {@code health.verdict.cause}: "machine",
   * "client", "database", ...; over a fleet the first of machine, client, database that any client names), or "".
   */
  String cause = "";
  /** Whether a client's threads waited for a CPU at least as long as they ran (the machine was busy). */
  boolean machineBusy;
  /** The verdict line of the engine (one per client over a fleet, "host: ..."), or "". */
  String verdict = "";
  /** The client's measures in a few words, e.g. "CPU wait 1.20 s (ran 0.40 s), load 9.0 on 2 cores"; "" if none. */
  String measures = "";
  boolean passed;
  /** The step missed its bounds while the machine did not run the client on time: neither passed nor failed. */
  boolean inconclusive;
  String reason = "";
  String dir = "";
  /** "search" (the search over the rate), "at 60%" (a follow-up at a share of the maximum), "threads" (ramp). */
  String kind = "search";
  /** The engine's exit code (0 when it completed). */
  int exitCode;
  /** The engine's last error line when it failed, else "". */
  String engineMessage = "";
  /** The client threads of the step when findmax chose them (thread ramp), else 0 (as the client options say). */
  int threads;

  FindmaxStep(double target, double achieved, boolean clientLimited, long failedOps) {
    this.target = target;
    this.achieved = achieved;
    this.clientLimited = clientLimited;
    this.failedOps = failedOps;
  }

  /** The step's outcome in one word, the same in every table: "pass", "inconclusive" or "fail". */
  String outcome() {
    return passed ? "pass" : inconclusive ? "inconclusive" : "fail";
  }

  /** The worst intended value of a statistic over the operation types, or -1 when none reported it. */
  long worst(String statistic) {
    return worst(intended, statistic);
  }

  /** The worst value of a statistic in {@code figures} over the operation types, or -1. */
  static long worst(Map<String, Map<String, Long>> figures, String statistic) {
    long worst = -1;
    for (Map<String, Long> op : figures.values()) {
      Long v = op.get(statistic);
      if (v != null && v > worst) {
        worst = v;
      }
    }
    return worst;
  }
}
