package site.ycsb.db.griddb;

/**
 * One time the binding held a cluster unreachable ({@link ClusterHealth}): since when, on the health record's clock,
 * and the failure that began it, which says which node failed and how ({@link NodeNames}, {@link #stoppedAnswering}).
 *
 * <p>Immutable.
 */
final class Outage {
  /** Words of GridDB's client and the JDK that mean a request or a connect got no answer in time. */
  private static final String[] NO_ANSWER = {"timed out", "statement timeout"};
  /**
   * GridDB's summary of any failover that gave up, refused connections included ({@code Failover timed out after 10
   * trials ... Connection refused}): not a sign of silence by itself.
   */
  private static final String FAILOVER_GAVE_UP = "failover timed out";

  private final long sinceMs;
  private final StoreException cause;

  Outage(long sinceMs, StoreException cause) {
    this.sinceMs = sinceMs;
    this.cause = cause;
  }

  long sinceMs() {
    return sinceMs;
  }

  StoreException cause() {
    return cause;
  }

  /** The failure that began it, on one line (no password: see {@link StoreException#oneLine()}). */
  String reason() {
    return cause.oneLine();
  }

  /**
   * True when the node stopped answering over a connection that stayed open (a partition, a frozen process: a request
   * or a connect timed out), false when it refused or broke the connection (a stopped or killed node). Read from the
   * messages of the failure and its causes, where GridDB's client lists every failover trial.
   */
  boolean stoppedAnswering() {
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String m = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT).replace(FAILOVER_GAVE_UP, "");
      for (String words : NO_ANSWER) {
        if (m.contains(words)) {
          return true;
        }
      }
    }
    return false;
  }
}
