package site.ycsb.db.cql;

import java.util.function.DoubleSupplier;

import site.ycsb.support.Backoff;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;
import site.ycsb.support.Sleeper;

/**
 * Runs a request, retrying transient failures up to a limit with back-off. It runs inside the binding's DB call, so
 * the latency YCSB measures (service time and intended time alike) includes every attempt and every pause.
 * Which failures are retried, and how they are counted and logged, is decided by {@link RetryRules} (shared with
 * {@link AsyncRetryingExecutor}).
 *
 * <p>Thread-safe: one instance (in the binding's shared runtime) serves every client thread; it holds no state of a
 * request, and its collaborators (rules, sleeper, counters, log) are thread-safe.
 */
public final class RetryingExecutor {
  private final RetryRules rules;
  private final Sleeper sleeper;

  public RetryingExecutor(int maxRetries, Backoff backoff, ErrorClassifier classifier, Sleeper sleeper,
                          RetryCounters stats, RateLimitedLog log, DoubleSupplier random) {
    this(new RetryRules(maxRetries, backoff, classifier, stats, log, random), sleeper);
  }

  /** An executor applying {@code rules} (which may be shared with an {@link AsyncRetryingExecutor}). */
  public RetryingExecutor(RetryRules rules, Sleeper sleeper) {
    this.rules = rules;
    this.sleeper = sleeper;
  }

  /**
   * Runs {@code attempt} until it succeeds, fails with a non-transient error, may not be retried safely, or the
   * retry limit is reached.
   *
   * @param op the operation type (for counting and logging)
   * @param idempotent whether sending the request twice has the same effect as once
   */
  public <T> Outcome<T> execute(OpType op, boolean idempotent, Attempt<T> attempt) {
    int retries = 0;
    while (true) {
      try {
        return Outcome.success(attempt.run(), retries);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        rules.interrupted(op, e);
        return Outcome.failure(ErrorKind.OTHER, retries);
      } catch (Exception e) {
        RetryRules.Decision decision = rules.afterFailure(op, idempotent, retries, e);
        if (!decision.retry()) {
          return Outcome.failure(decision.kind, retries);
        }
        retries++;
        try {
          sleeper.sleep(decision.pauseMillis);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          return Outcome.failure(decision.kind, retries);
        }
      }
    }
  }
}
