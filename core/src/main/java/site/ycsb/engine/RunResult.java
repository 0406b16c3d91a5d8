package site.ycsb.engine;

import site.ycsb.Utils;
import site.ycsb.engine.verdict.ClientHealth;
import site.ycsb.engine.verdict.DatabaseReport;
import site.ycsb.engine.verdict.ErrorBudget;

/**
 * The figures of one finished run that are not per-measurement: times, counts, exit status, health.
 *
 * <p>Not thread-safe: filled and read by the main thread after the run.
 */
final class RunResult {
  /** Unique per run, so that tools can tell a copy of a result from another client's result. */
  final String runId;
  long startEpochMs;

  RunResult(String runId) {
    this.runId = runId;
  }
  long endEpochMs;
  long runtimeMs;
  long operations;
  double throughput;

  /**
   * The operations of {@link #throughput} (attempts, as 0.17.0 counts them) less the failed database operations
   * ({@link ErrorBudget}'s count), per second. In the unit of {@link #throughput}, so never above it: a
   * read-modify-write is one operation there and two database operations, and is taken off once per failed part —
   * exact for every workload without read-modify-writes, a lower bound with them.
   */
  double successfulThroughput() {
    if (errors == null || runtimeMs == 0) {
      return throughput;
    }
    return 1000.0 * Math.max(0, operations - errors.failed) / runtimeMs;
  }
  long initMs;
  long cleanupMs;
  long warmupOps;
  long warmupMs;
  long failedInserts;
  /** Asynchronous calls the binding never completed within async.deadline.s (recorded as LOST). */
  long lostOps;
  /** Operations still in flight when an interrupted run stopped waiting for them (not in the figures). */
  long unfinishedOps;
  int exitCode;
  String exitReason;
  /** Whether the run was stopped by its time limit ({@code maxexecutiontime}). */
  boolean timedOut;
  /** The signal that stopped the run early (e.g. SIGINT), or null. */
  String interruptedBy;
  ClientHealth health;
  /** The measured operations that failed, judged against errors.budget; null in tests that build a result. */
  ErrorBudget errors;
  /** What the bindings reported about the database (settings, node events); null in tests that build a result. */
  DatabaseReport database;
  /** summary.json's databaseView section (JSON, see {@link DatabaseView}), or null when no binding sampled one. */
  String databaseView;
  /** summary.json's databaseNodes section (JSON), or null when no database node was sampled. */
  String databaseNodes;
  /** What the database nodes did, their verdicts and sampling problems, one line each for stderr. */
  java.util.List<String> databaseNodeLines = java.util.Collections.emptyList();
  /**
   * Garbage-collection counts and times (ms) per collector during the run (from the schedule's opening to its end),
   * read once so that the printed results, output.txt and any export file agree. 0.17.0 printed the JVM's totals
   * since it started, so init and (here) the engine's pre-warm counted against a short run: 800% GC time was seen.
   */
  java.util.Map<String, Long[]> gcStats;

  /** Each collector's count and time now minus {@code atStart} ({@link Utils#getGCStatst()} taken then). */
  static java.util.Map<String, Long[]> gcSince(java.util.Map<String, Long[]> atStart) {
    java.util.Map<String, Long[]> now = Utils.getGCStatst();
    for (java.util.Map.Entry<String, Long[]> e : now.entrySet()) {
      Long[] before = atStart.get(e.getKey());
      if (before != null) {
        // A collector reports -1 when it cannot tell; then so does the difference.
        Long[] v = e.getValue();
        for (int i = 0; i < v.length; i++) {
          v[i] = v[i] < 0 || before[i] < 0 ? -1 : v[i] - before[i];
        }
      }
    }
    return now;
  }
  /** How late operations started against their schedule (us), whole run; written as schedule-lag.hdr. */
  org.HdrHistogram.Histogram scheduleLag;
  /** Measured operations that started more than an hour late, recorded in {@link #scheduleLag} as one hour. */
  long lagsAbove1h;
}
