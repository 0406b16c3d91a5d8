package site.ycsb.db.griddb;

import site.ycsb.Status;

import java.util.HashSet;
import java.util.Set;

/**
 * What a failure of GridDB's Java client means for the operation that saw it, classified by the exception class
 * and the GridDB error code the 5.6 client throws against a real GridDB 5.9 node (the table "Errors seen against a
 * real GridDB 5.9" in the binding's README lists what produced each). Each kind says whether a retry may succeed
 * ({@link #isTransient()}), whether the failed request certainly did not change anything on the node
 * ({@link #certainlyNotApplied()}: then even a non-idempotent request may be retried), and the YCSB status
 * reported once the binding gives up.
 *
 * <p>Immutable and thread-safe.
 */
public enum ErrorKind {
  /**
   * No member answered within {@code griddb.failovertimeoutseconds} ({@code GSTimeoutException}, code 145028 or 0, or a
   * connection failure). Not retried: the client has already retried for the failover timeout, and
   * {@link ClusterHealth} turns further operations into fast failures. A write's outcome is unknown.
   */
  UNREACHABLE(Status.SERVICE_UNAVAILABLE, false, false),
  /**
   * {@code [145038:JC_CONTAINER_CLOSED]}: the client closed the handle after a failed failover and refused the call
   * without sending it. Retried with a fresh handle, for any operation.
   */
  STALE_HANDLE(Status.SERVICE_UNAVAILABLE, true, true),
  /**
   * The node refused the request before executing it: not joined to its cluster ({@code 10008}), authentication
   * service not ready ({@code 10075}). Retried for any operation.
   */
  NODE_NOT_READY(Status.SERVICE_UNAVAILABLE, true, true),
  /**
   * {@code [110005:TM_TRANSACTION_NOT_FOUND]}: the node had already rolled the transaction back (its
   * {@code transactionTimeout} expired, for example while another transaction waited on its row lock), so nothing
   * of it was applied. Retried, also for a partial update's commit.
   */
  TRANSACTION_ABORTED(Status.ERROR, true, true),
  /**
   * GridDB marks the error recoverable ({@code GSRecoverableException}): a retry may succeed, but the request may
   * have been applied, so only idempotent requests are retried.
   */
  RECOVERABLE(Status.SERVICE_UNAVAILABLE, true, false),
  /** {@code [10005:TXN_AUTH_FAILED]}: wrong user or password. */
  AUTH_FAILED(Status.FORBIDDEN, false, true),
  /** {@code [10053:TXN_CLUSTER_NAME_INVALID]}: wrong cluster name (a configuration mistake). */
  WRONG_CLUSTER(Status.ERROR, false, true),
  /**
   * The container does not exist (any more): {@code [60157:DS_CONTAINER_UNEXPECTEDLY_REMOVED]} on a handle whose
   * container was dropped, {@code [10016:TXN_CONTAINER_NOT_FOUND]} from a multi-put. The table is gone; a retry
   * cannot help.
   */
  CONTAINER_MISSING(Status.ERROR, false, true),
  /** Anything else: an error of this request, not retried. */
  OTHER(Status.ERROR, false, false);

  static final int NODE_NOT_JOINED = 10008;
  static final int AUTH_SERVICE_NOT_READY = 10075;
  static final int AUTH = 10005;
  static final int CLUSTER_NAME_INVALID = 10053;
  static final int CONTAINER_NOT_FOUND = 10016;
  static final int CONTAINER_REMOVED = 60157;
  static final int TRANSACTION_NOT_FOUND = 110005;
  /** {@code JC_BAD_CONNECTION}: connect refused, or failover gave up. */
  static final int BAD_CONNECTION = 145028;
  /**
   * {@code JC_CONNECTION_TIMEOUT}: no answer within the request timeout, or a connect that timed out. Classified by
   * code too, because the JDBC driver reports it as a plain {@code SQLException} with this code.
   */
  static final int CONNECTION_TIMEOUT = 145029;
  /** {@code JC_CONTAINER_CLOSED}: a handle closed by the client after a failed failover. */
  static final int CONTAINER_CLOSED = 145038;

  private final Status status;
  private final boolean transientFailure;
  private final boolean notApplied;

  ErrorKind(Status status, boolean transientFailure, boolean notApplied) {
    this.status = status;
    this.transientFailure = transientFailure;
    this.notApplied = notApplied;
  }

  /** The status an operation reports when it gives up on this kind of failure. */
  public Status status() {
    return status;
  }

  /** Whether a retry may succeed. */
  public boolean isTransient() {
    return transientFailure;
  }

  /** Whether the failed request certainly changed nothing on the node (so any request may be retried). */
  public boolean certainlyNotApplied() {
    return notApplied;
  }

  /**
   * Whether a request that failed this way is retried: a transient failure, and either the request is idempotent
   * (a read, a full-row put, a remove, a step of a transaction before its commit) or it certainly was not applied.
   */
  public boolean retryable(boolean idempotent) {
    return transientFailure && (idempotent || notApplied);
  }

  /**
   * Classifies a client failure.
   *
   * @param code GridDB's error code (0 when the client gave none, as for some failover timeouts)
   * @param type the exception's class; its simple name and those of its superclasses are used, so that the
   *             client's internal subclasses ({@code GSWrongNodeException} extends {@code GSConnectionException})
   *             classify like their parents
   */
  public static ErrorKind classify(int code, Class<?> type) {
    Set<String> names = new HashSet<>();
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      names.add(c.getSimpleName());
    }
    switch (code) {
    case AUTH:
      return AUTH_FAILED;
    case CLUSTER_NAME_INVALID:
      return WRONG_CLUSTER;
    case CONTAINER_CLOSED:
      return STALE_HANDLE;
    case NODE_NOT_JOINED:
    case AUTH_SERVICE_NOT_READY:
      return names.contains("GSTimeoutException") ? UNREACHABLE : NODE_NOT_READY;
    case TRANSACTION_NOT_FOUND:
      return TRANSACTION_ABORTED;
    case CONTAINER_REMOVED:
    case CONTAINER_NOT_FOUND:
      return CONTAINER_MISSING;
    case BAD_CONNECTION:
    case CONNECTION_TIMEOUT:
      return UNREACHABLE;
    default:
      break;
    }
    if (names.contains("GSTimeoutException") || names.contains("GSConnectionException")) {
      return UNREACHABLE;
    }
    if (names.contains("GSRecoverableException")) {
      return RECOVERABLE;
    }
    return OTHER;
  }
}
