package site.ycsb.db.griddb;

/**
 * How the client finds the cluster: GridDB's three notification methods.
 *
 * <p>Immutable and thread-safe.
 */
public enum ConnectionMethod {
  /** A fixed list of members ({@code host:port,...}); the only method that works where multicast does not. */
  FIXED_LIST("fixed list"),
  /** Multicast discovery on {@code notificationAddress:notificationPort}. */
  MULTICAST("multicast"),
  /** A provider URL that returns the member list. */
  PROVIDER("provider");

  private final String label;

  ConnectionMethod(String label) {
    this.label = label;
  }

  /** Human-readable name used in error messages. */
  public String label() {
    return label;
  }
}
