package site.ycsb.db.cql;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * The non-blocking form of {@link RetryingExecutor}: starts a request, and when an attempt fails with a failure
 * that {@link RetryRules} allows to retry, schedules the next attempt after the back-off instead of sleeping — no
 * thread waits for the database or for the pause. The returned stage completes once, with the outcome after all
 * attempts, so latency measured to its completion includes every attempt and every pause, as on the blocking path.
 *
 * <p>Thread-safe: attempts may be started and completed on any thread (callers, the driver's I/O threads, the
 * back-off timer); each request's state is confined to its own chain of callbacks.
 */
public final class AsyncRetryingExecutor {
  /** One try of a request, started without blocking; it may throw or return a stage that fails. */
  @FunctionalInterface
  public interface AsyncAttempt<T> {
    CompletionStage<T> start() throws Exception;
  }

  /** Runs a task after a delay without blocking the caller (a timer thread in production, a queue in tests). */
  @FunctionalInterface
  public interface Delayer {
    void schedule(long delayMillis, Runnable task);
  }

  private final RetryRules rules;
  private final Delayer delayer;

  public AsyncRetryingExecutor(RetryRules rules, Delayer delayer) {
    this.rules = rules;
    this.delayer = delayer;
  }

  /**
   * Runs {@code attempt} until it succeeds, fails with a non-transient error, may not be retried safely, or the
   * retry limit is reached. The stage never completes exceptionally: failures are outcomes.
   *
   * @param op the operation type (for counting and logging)
   * @param idempotent whether sending the request twice has the same effect as once
   */
  public <T> CompletionStage<Outcome<T>> execute(OpType op, boolean idempotent, AsyncAttempt<T> attempt) {
    CompletableFuture<Outcome<T>> outcome = new CompletableFuture<>();
    attempt(op, idempotent, attempt, 0, outcome);
    return outcome;
  }

  private <T> void attempt(OpType op, boolean idempotent, AsyncAttempt<T> attempt, int retries,
                           CompletableFuture<Outcome<T>> outcome) {
    CompletionStage<T> stage;
    try {
      stage = attempt.start();
    } catch (Throwable e) {
      failed(op, idempotent, attempt, retries, e, outcome);
      return;
    }
    stage.whenComplete((value, error) -> {
      if (error == null) {
        outcome.complete(Outcome.success(value, retries));
      } else {
        failed(op, idempotent, attempt, retries, unwrap(error), outcome);
      }
    });
  }

  private <T> void failed(OpType op, boolean idempotent, AsyncAttempt<T> attempt, int retries, Throwable error,
                          CompletableFuture<Outcome<T>> outcome) {
    if (error instanceof InterruptedException) {
      rules.interrupted(op, error);
      outcome.complete(Outcome.failure(ErrorKind.OTHER, retries));
      return;
    }
    RetryRules.Decision decision = rules.afterFailure(op, idempotent, retries, error);
    if (!decision.retry()) {
      outcome.complete(Outcome.failure(decision.kind, retries));
      return;
    }
    int next = retries + 1;
    try {
      delayer.schedule(decision.pauseMillis, () -> attempt(op, idempotent, attempt, next, outcome));
    } catch (RuntimeException shutDown) {
      // The timer is gone (cleanup under way): the retry cannot happen, so the request ends with its failure.
      outcome.complete(Outcome.failure(decision.kind, retries));
    }
  }

  private static Throwable unwrap(Throwable error) {
    Throwable e = error;
    while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null) {
      e = e.getCause();
    }
    return e;
  }
}
