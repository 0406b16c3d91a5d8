package site.ycsb.engine;

import java.util.concurrent.TimeUnit;

import site.ycsb.cli.EngineOptions;

/**
 * The words for operations the run could not wait for: calls a binding never completed within
 * {@code async.deadline.s} (lost: recorded as {@code LOST}, and the run did not complete as asked), and operations
 * still in flight when an interrupted run stopped waiting (not in the figures).
 *
 * <p>Stateless and thread-safe.
 */
final class LostOperations {
  private LostOperations() {
  }

  /** The run's failure line for {@code lost} calls given up at {@code deadlineNs}. */
  static String describe(long lost, long deadlineNs) {
    return lost + " asynchronous call(s) were never completed by the binding within " + EngineOptions.ASYNC_DEADLINE_S
        + "=" + TimeUnit.NANOSECONDS.toSeconds(deadlineNs) + " s: recorded as Return=" + AsyncDBWrapper.LOST.getName()
        + " with that time as their latency; the binding or its driver lost them (a client-library fault, not an "
        + "answer of the database), so the run did not complete as asked";
  }

  /** Prints what an interrupted run left in flight when it stopped waiting after {@code graceSec}. */
  static void reportUnfinished(RunState state, long graceSec) {
    long unfinished = state.unfinishedOps.get();
    if (unfinished > 0) {
      System.err.println(unfinished + " operation(s) still in flight " + graceSec + " s after the interruption; "
          + "reporting without them (they are not in the figures).");
    }
    if (state.opsDone.getCount() > 0) {
      System.err.println(state.opsDone.getCount() + " client thread(s) still inside an operation after " + graceSec
          + " s; reporting without them.");
    }
  }
}
