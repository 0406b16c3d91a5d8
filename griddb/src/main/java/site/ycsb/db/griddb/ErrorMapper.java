package site.ycsb.db.griddb;

import site.ycsb.Status;

/** Maps a GridDB failure to the status a YCSB operation reports. */
public final class ErrorMapper {
  /** GridDB's code for a failed authentication. */
  static final int AUTH_FAILED = 10005;

  private ErrorMapper() {
  }

  /**
   * Timeouts and recoverable errors that outlived the retries mean the cluster is unavailable; an authentication
   * failure is FORBIDDEN; anything else is ERROR.
   */
  public static Status toStatus(StoreException e) {
    if (e.isTimeout() || e.isRetryable()) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (e.getCode() == AUTH_FAILED) {
      return Status.FORBIDDEN;
    }
    return Status.ERROR;
  }
}
