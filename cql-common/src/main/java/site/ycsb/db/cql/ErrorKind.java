package site.ycsb.db.cql;

import site.ycsb.Status;

/**
 * Why a CQL request failed; each kind has its own status and says whether trying again can help.
 *
 * <p>Immutable and thread-safe.
 */
public enum ErrorKind {
  /** Timed out at the coordinator or in the client; the write may or may not have been applied. */
  TIMEOUT(CqlStatus.TIMEOUT, true),
  /** Not enough replicas alive, or no host reachable: the request was not executed. */
  UNAVAILABLE(CqlStatus.UNAVAILABLE, true),
  /**
   * Not executed because the consistency level needs more replicas than the cluster has nodes at all (up or down,
   * e.g. THREE on one node, or a replication factor above the cluster's size): no retry can change that during the
   * run, so none is made. Its status is UNAVAILABLE, as the database said.
   */
  UNAVAILABLE_FOR_GOOD(CqlStatus.UNAVAILABLE, false),
  /** The server or the client pool shed the request: it was not executed. */
  OVERLOADED(CqlStatus.OVERLOADED, true),
  /** Anything else (bad query, server error, authorization...): retrying would fail the same way. */
  OTHER(Status.ERROR, false);

  private final Status status;
  private final boolean transientFailure;

  ErrorKind(Status status, boolean transientFailure) {
    this.status = status;
    this.transientFailure = transientFailure;
  }

  /** The status an operation that failed for good with this kind returns. */
  public Status status() {
    return status;
  }

  /** True when the same request may succeed later, so a retry is worth its back-off. */
  public boolean isTransient() {
    return transientFailure;
  }

  /**
   * True when the failed attempt certainly did not execute, so even a non-idempotent (conditional) write may be
   * sent again.
   */
  public boolean certainlyNotExecuted() {
    return this == UNAVAILABLE || this == UNAVAILABLE_FOR_GOOD || this == OVERLOADED;
  }
}
