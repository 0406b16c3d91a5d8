package site.ycsb.db.griddb;

/** GridDB error codes the binding acts on, as the 5.6 client reports them against a 5.9 server. */
final class GridDBErrors {
  /** {@code JC_BAD_CONNECTION}: connect refused, or failover gave up. */
  static final int BAD_CONNECTION = 145028;
  /** {@code JC_CONTAINER_CLOSED}: a handle closed by the client after a failed failover. */
  static final int CONTAINER_CLOSED = 145038;

  private GridDBErrors() {
  }
}
