package site.ycsb.db.griddb;

import site.ycsb.Status;

/**
 * Maps a GridDB failure to the status a YCSB operation reports.
 *
 * <p>Stateless and thread-safe.
 */
public final class ErrorMapper {
  private ErrorMapper() {
  }

  /**
   * The status of the failure's {@link ErrorKind}: SERVICE_UNAVAILABLE when the cluster could not be reached or was
   * not ready (after any retries), FORBIDDEN for an authentication failure, ERROR otherwise (a missing container, a
   * transaction the node rolled back, any other error of the request).
   */
  public static Status toStatus(StoreException e) {
    return e.kind().status();
  }
}
