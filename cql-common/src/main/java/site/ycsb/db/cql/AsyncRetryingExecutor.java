package site.ycsb.db.cql;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import site.ycsb.support.DeadlineWatch;

/**
 * The non-blocking form of {@link RetryingExecutor}: starts a request, and when an attempt fails with a failure
 * that {@link RetryRules} allows to retry, schedules the next attempt after the back-off instead of sleeping — no
 * thread waits for the database or for the pause. The returned stage completes once, with the outcome after all
 * attempts, so latency measured to its completion includes every attempt and every pause, as on the blocking path.
 *
 * <p>The returned stage always completes: whatever an attempt throws (also synchronously, from the call that
 * starts it) is a failed attempt, and with a {@link DeadlineWatch} every attempt has a deadline
 * ({@link AttemptDeadline}): one the driver has not answered by then fails as an {@link UnansweredAttemptException}
 * (a client-side timeout, counted as {@code <OP>-UNANSWERED}), and its late answer, if any, is ignored. So a
 * request ends within its attempts' deadlines and the back-offs between them.
 *
 * <p>Thread-safe: attempts may be started and completed on any thread (callers, the driver's I/O threads, the
 * back-off timer, the deadline watch); each request's state is confined to its own chain of callbacks.
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
  private final DeadlineWatch watch;
  private final long attemptDeadlineMillis;

  /** An executor without attempt deadlines: a stage the driver never completes is waited for (tests only). */
  public AsyncRetryingExecutor(RetryRules rules, Delayer delayer) {
    this(rules, delayer, null, 0);
  }

  /**
   * An executor whose every attempt is watched by {@code watch}, failing as unanswered when the driver has not
   * completed it {@code attemptDeadlineMillis} after it started.
   */
  public AsyncRetryingExecutor(RetryRules rules, Delayer delayer, DeadlineWatch watch, long attemptDeadlineMillis) {
    if (watch != null && attemptDeadlineMillis <= 0) {
      throw new IllegalArgumentException("attempt deadline must be > 0 ms, got " + attemptDeadlineMillis);
    }
    this.rules = rules;
    this.delayer = delayer;
    this.watch = watch;
    this.attemptDeadlineMillis = attemptDeadlineMillis;
  }

  /**
   * Runs {@code attempt} until it succeeds, fails with a non-transient error, may not be retried safely, or the
   * retry limit is reached. The stage never completes exceptionally: failures are outcomes.
   *
   * @param op the operation type (for counting and logging)
   * @param idempotent whether sending the request twice has the same effect as once
   */
  public <T> CompletionStage<Outcome<T>> execute(OpType op, boolean idempotent, AsyncAttempt<T> attempt) {
    Request<T> request = new Request<>(op, idempotent, attempt);
    request.start(0);
    return request.outcome;
  }

  /** One request: its attempts, one after another, and the outcome they end with. */
  private final class Request<T> {
    final OpType op;
    final boolean idempotent;
    final AsyncAttempt<T> attempt;
    final CompletableFuture<Outcome<T>> outcome = new CompletableFuture<>();

    Request(OpType op, boolean idempotent, AsyncAttempt<T> attempt) {
      this.op = op;
      this.idempotent = idempotent;
      this.attempt = attempt;
    }

    void start(int retries) {
      Try<T> t = new Try<>(this, retries);
      CompletionStage<T> stage;
      try {
        stage = attempt.start();
        if (stage == null) {
          throw new IllegalStateException("the attempt returned no future");
        }
      } catch (Throwable e) {
        t.accept(null, e);
        return;
      }
      stage.whenComplete(t);
    }

    /** Decides after a failed attempt; the outcome completes here unless a retry is scheduled. */
    void failed(int retries, Throwable error) {
      try {
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
          delayer.schedule(decision.pauseMillis, () -> start(next));
        } catch (RuntimeException shutDown) {
          // The timer is gone (cleanup under way): the retry cannot happen, so the request ends with its failure.
          outcome.complete(Outcome.failure(decision.kind, retries));
        }
      } catch (RuntimeException | Error bug) {
        // Classifying or logging an unexpected failure must not leave the caller waiting for ever.
        outcome.complete(Outcome.failure(ErrorKind.OTHER, retries));
      }
    }
  }

  /**
   * One attempt, watched from before it starts (the driver may answer at once): its answer and its deadline race,
   * and the watch lets exactly one of them decide. An attempt of its own, so that a late answer of an attempt that
   * has expired (and may have been retried) is never taken for the answer of the next.
   */
  private final class Try<T> extends DeadlineWatch.Entry implements BiConsumer<T, Throwable> {
    private final Request<T> request;
    private final int retries;
    private final boolean watched;

    Try(Request<T> request, int retries) {
      this.request = request;
      this.retries = retries;
      this.watched = watch != null
          && watch.watch(this, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(attemptDeadlineMillis));
    }

    @Override
    public void accept(T value, Throwable error) {
      if (watched && !watch.unwatch(this)) {
        return; // unanswered in time: decided by expired()
      }
      if (error == null) {
        request.outcome.complete(Outcome.success(value, retries));
      } else {
        request.failed(retries, unwrap(error));
      }
    }

    @Override
    protected void expired() {
      request.failed(retries, new UnansweredAttemptException(attemptDeadlineMillis));
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
