package site.ycsb.db.cql;

/**
 * Which node the request just sent on this thread went to, as the driver's query plan handed it out while the request
 * was being sent: the executors ask right after starting an attempt, so that they know which node it waits on.
 *
 * <p>Thread-confined by design: each thread reads what its own last send recorded.
 */
public interface SentNodes {
  /** Forgets whatever an earlier request of this thread (or anything else it sent) recorded. */
  void clear();

  /** The node of the request this thread sent last since {@link #clear()}, or null when unknown; then clears. */
  AnswerWatch.Node take();
}
