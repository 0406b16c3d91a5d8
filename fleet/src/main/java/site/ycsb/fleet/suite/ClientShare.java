package site.ycsb.fleet.suite;

/** What one client does in one phase: its part of the key space (load), of the operations (run) and of the rate. */
public final class ClientShare {
  /** Index of the client in the hosts list (0-based). */
  public final int client;
  /** Load: first key and number of keys; -1 when the phase does not split keys. */
  public final long insertStart;
  public final long insertCount;
  /** Run: operations; -1 when not split. */
  public final long operationCount;
  /** Ops/s for -target; 0 = unthrottled (no -target). */
  public final double target;

  public ClientShare(int client, long insertStart, long insertCount, long operationCount, double target) {
    this.client = client;
    this.insertStart = insertStart;
    this.insertCount = insertCount;
    this.operationCount = operationCount;
    this.target = target;
  }
}
