package site.ycsb.db.cql;

import site.ycsb.Status;

/**
 * Statuses the CQL bindings return besides {@link Status#OK}, {@link Status#NOT_FOUND}, {@link Status#ERROR} and
 * {@link Status#BAD_REQUEST}, so that the results show one {@code Return=} count per cause of failure.
 *
 * <p>Immutable and thread-safe.
 */
public final class CqlStatus {
  /** The coordinator or the client gave up waiting (read/write timeout, client-side request timeout). */
  public static final Status TIMEOUT = new Status("TIMEOUT", "The request timed out.");
  /** Not enough live replicas for the consistency level, or no host could be reached. */
  public static final Status UNAVAILABLE = new Status("UNAVAILABLE", "Not enough replicas or no host available.");
  /** The server (or the client connection pool) refused the request because it is overloaded. */
  public static final Status OVERLOADED = new Status("OVERLOADED", "The cluster or the connection pool is overloaded.");
  /** A lightweight-transaction write whose condition (IF [NOT] EXISTS) did not hold: nothing was written. */
  public static final Status NOT_APPLIED = new Status("NOT_APPLIED", "The conditional write was not applied.");

  private CqlStatus() {
  }
}
