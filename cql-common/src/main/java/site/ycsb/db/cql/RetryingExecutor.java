package site.ycsb.db.cql;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Runs a request, retrying transient failures up to a limit with back-off. It runs inside the binding's DB call, so
 * the latency YCSB measures (service time and intended time alike) includes every attempt and every pause.
 *
 * <p>Only safe retries are made: a transient failure is retried when the request is idempotent; a non-idempotent
 * request (a conditional write) is retried only when the failed attempt certainly did not execute
 * (unavailable/overloaded), never after a timeout, because the first attempt may have been applied and a second
 * one would then wrongly report "not applied".
 */
public final class RetryingExecutor {
  private final int maxRetries;
  private final Backoff backoff;
  private final ErrorClassifier classifier;
  private final Sleeper sleeper;
  private final RetryStats stats;
  private final RateLimitedLog log;
  private final DoubleSupplier random;

  public RetryingExecutor(int maxRetries, Backoff backoff, ErrorClassifier classifier, Sleeper sleeper,
                          RetryStats stats, RateLimitedLog log) {
    this(maxRetries, backoff, classifier, sleeper, stats, log, () -> ThreadLocalRandom.current().nextDouble());
  }

  public RetryingExecutor(int maxRetries, Backoff backoff, ErrorClassifier classifier, Sleeper sleeper,
                          RetryStats stats, RateLimitedLog log, DoubleSupplier random) {
    if (maxRetries < 0) {
      throw new IllegalArgumentException("maxRetries must be >= 0, got " + maxRetries);
    }
    this.maxRetries = maxRetries;
    this.backoff = backoff;
    this.classifier = classifier;
    this.sleeper = sleeper;
    this.stats = stats;
    this.log = log;
    this.random = random;
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
        log.log(op + "-INTERRUPTED", op + " interrupted: " + RateLimitedLog.describe(e));
        return Outcome.failure(ErrorKind.OTHER, retries);
      } catch (Exception e) {
        ErrorKind kind = classifier.classify(e);
        boolean safe = idempotent || kind.certainlyNotExecuted();
        if (!kind.isTransient() || !safe || retries >= maxRetries) {
          if (kind.isTransient()) {
            stats.recordGaveUp(op);
          }
          String why = !kind.isTransient() ? "" : !safe ? " (not retried: conditional write may have been applied)"
              : " after " + retries + " retr" + (retries == 1 ? "y" : "ies");
          log.log(kind + ":" + e.getClass().getName(),
              op + " failed with " + kind + why + ": " + RateLimitedLog.describe(e));
          return Outcome.failure(kind, retries);
        }
        retries++;
        stats.recordRetry(op);
        long pause = backoff.delayMillis(retries, random.getAsDouble());
        log.log(kind + "-RETRY:" + e.getClass().getName(), op + " attempt " + retries + " failed with " + kind
            + ", retrying in " + pause + " ms (limit " + maxRetries + "): " + RateLimitedLog.describe(e));
        try {
          sleeper.sleep(pause);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          return Outcome.failure(kind, retries);
        }
      }
    }
  }

  public int maxRetries() {
    return maxRetries;
  }

  public RetryStats stats() {
    return stats;
  }
}
