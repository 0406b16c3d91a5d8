package site.ycsb.observe;

/**
 * What identifies a run's series beside every other client's: none of them is free text that a user typed (the label
 * option, host lists and properties could hold a secret), only generated or checked values.
 *
 * <p>Immutable and thread-safe.
 */
public final class RunLabels {
  /** A random UUID per run, the {@code runId} of its summary.json. */
  public final String runId;
  /** This machine's host name, as summary.json records it. */
  public final String host;
  /** The binding's DB class, a class that was loaded. */
  public final String binding;
  /** The workload class, a class that was loaded. */
  public final String workload;
  /** {@code load} or {@code run}. */
  public final String phase;

  public RunLabels(String runId, String host, String binding, String workload, String phase) {
    this.runId = runId;
    this.host = host;
    this.binding = binding;
    this.workload = workload;
    this.phase = phase;
  }
}
