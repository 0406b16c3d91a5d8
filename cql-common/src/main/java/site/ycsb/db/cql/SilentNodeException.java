package site.ycsb.db.cql;

import java.util.concurrent.TimeUnit;

/**
 * An attempt given up before its deadline because the node it waits on is silent ({@link AnswerWatch}): the node has
 * answered nothing, to anyone, for the threshold. An unanswered attempt like one past its deadline — a client-side
 * timeout, counted as {@code <OP>-UNANSWERED} and retried when that is safe, by then on another replica — whose
 * message names the node, so that the binding's log line says which node held it.
 *
 * <p>Immutable and thread-safe, as exceptions are once thrown.
 */
public final class SilentNodeException extends UnansweredAttemptException {
  private static final long serialVersionUID = 1L;

  public SilentNodeException(String node, long waitedNanos, long thresholdNanos) {
    super("node " + node + " is silent (no answer to any request for " + TimeUnit.NANOSECONDS.toMillis(thresholdNanos)
        + " ms or more): attempt given up after " + TimeUnit.NANOSECONDS.toMillis(waitedNanos) + " ms without waiting "
        + "for the request timeout");
  }
}
