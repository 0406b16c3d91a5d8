package site.ycsb;

/** The figures of one finished run that are not per-measurement: times, counts, exit status, health. */
final class RunResult {
  /** Unique per run, so that tools can tell a copy of a result from another client's result. */
  final String runId = java.util.UUID.randomUUID().toString();
  long startEpochMs;
  long endEpochMs;
  long runtimeMs;
  long operations;
  double throughput;
  long initMs;
  long cleanupMs;
  long warmupOps;
  long warmupMs;
  long failedInserts;
  int exitCode;
  String exitReason;
  /** The signal that stopped the run early (e.g. SIGINT), or null. */
  String interruptedBy;
  ClientHealth health;
  /**
   * The JVM's garbage-collection counts and times (ms) per collector when the run ended, read once so that the
   * printed results, output.txt and any export file agree (a collection between two reads would make them differ).
   */
  java.util.Map<String, Long[]> gcStats = Utils.getGCStatst();
  /** How late operations started against their schedule (us), whole run; written as schedule-lag.hdr. */
  org.HdrHistogram.Histogram scheduleLag;
}
