package site.ycsb.db.cql;

import java.util.concurrent.TimeoutException;

/**
 * An attempt the driver did not answer within its deadline (see {@link AttemptDeadline}): its request timeout has
 * passed, and the pool's wait and a margin besides, so the driver lost it or is stuck. Classified as a client-side
 * {@link ErrorKind#TIMEOUT} (retried like one when that is safe) and counted apart, as {@code <OP>-UNANSWERED}.
 *
 * <p>Immutable and thread-safe, as exceptions are once thrown.
 */
public class UnansweredAttemptException extends TimeoutException {
  private static final long serialVersionUID = 1L;

  public UnansweredAttemptException(long deadlineMillis) {
    this("no answer from the driver within " + deadlineMillis + " ms (the request timeout, the pool's wait and a "
        + "margin): treated as a client-side timeout");
  }

  /** An attempt left unanswered for another reason than its deadline, which {@code message} gives. */
  protected UnansweredAttemptException(String message) {
    super(message);
  }
}
