package site.ycsb.db.cql;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The blocking path's wait for one attempt's answer, with its deadline ({@link AttemptDeadline}) and an eye on its
 * node ({@link AnswerWatch}): it waits in slices, and between two slices asks whether the node has gone silent; an
 * idempotent attempt on a silent node is then given up ({@link SilentNodeException}) so that the retry goes to another
 * replica after a threshold instead of the request timeout — when another node answers: with none to go to (a single
 * node, all of them silent) it waits on, looking again each threshold, and keeps its retries for after. A non-idempotent attempt (a conditional write) is never
 * given up early — its retry rules would not resend it after a timeout anyway — but still helps find the silence.
 * The first slice lasts the threshold, so an answer that comes within it costs one timed wait, as without the watch.
 * An interrupt does not cut the wait short (as the driver's own {@code getUninterruptibly}); it is kept for the caller.
 *
 * <p>Stateless and thread-safe.
 */
public final class AttemptWait {
  private AttemptWait() {
  }

  /**
   * The answer of {@code future}, an attempt sent to {@code node} (null when unknown: then only the deadline applies)
   * at {@code sentAtNs} on the watch's clock.
   *
   * @throws UnansweredAttemptException when the deadline passed, or the node was found silent (an idempotent attempt)
   * @throws RuntimeException the attempt's own failure, as the driver reported it
   */
  public static <T> T get(Future<T> future, AnswerWatch<?> answers, AnswerWatch.Node node, long sentAtNs,
                          boolean idempotent, long deadlineMillis) throws UnansweredAttemptException {
    long deadline = sentAtNs + TimeUnit.MILLISECONDS.toNanos(deadlineMillis);
    boolean interrupted = false;
    try {
      long now = sentAtNs; // the attempt was sent just now: no clock read before its answer
      long check = node == null ? deadline : earlier(deadline, answers.nextCheckNs(node, sentAtNs, now));
      while (true) {
        try {
          return future.get(Math.max(0, check - now), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          throw rethrow(e.getCause());
        } catch (TimeoutException e) {
          // decided below, with the time now
        }
        now = answers.nanoTime();
        if (now - deadline >= 0) {
          future.cancel(true);
          throw new UnansweredAttemptException(deadlineMillis);
        }
        if (now - check < 0) {
          continue; // woken early (an interrupt): the slice is not over
        }
        boolean silent = answers.silent(node, sentAtNs, now);
        if (silent && idempotent && answers.answeringElsewhere(node)) {
          answers.gaveUp(node);
          // the driver forgets the request (and frees its stream) instead of holding it until its read timeout
          future.cancel(true);
          throw new SilentNodeException(node.name(), now - sentAtNs, answers.thresholdNanos());
        }
        check = earlier(deadline, silent ? (idempotent ? now + answers.thresholdNanos() : deadline)
            : answers.nextCheckNs(node, sentAtNs, now));
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static long earlier(long a, long b) {
    return a - b < 0 ? a : b;
  }

  private static RuntimeException rethrow(Throwable cause) {
    if (cause instanceof RuntimeException) {
      return (RuntimeException) cause;
    }
    if (cause instanceof Error) {
      throw (Error) cause;
    }
    return new IllegalStateException(cause);
  }
}
