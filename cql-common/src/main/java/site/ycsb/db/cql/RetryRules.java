package site.ycsb.db.cql;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

import site.ycsb.support.Backoff;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;

/**
 * The retry decision shared by the blocking {@link RetryingExecutor} and the non-blocking
 * {@link AsyncRetryingExecutor}: after a failed attempt, retry (after how long) or give up (with which kind) —
 * and count and log either way, so both paths report retries identically. An attempt the driver never answered
 * ({@link UnansweredAttemptException}) is a client-side timeout, whatever the driver's classifier says, and is
 * counted apart as well.
 *
 * <p>Only safe retries are made: a transient failure is retried when the request is idempotent; a non-idempotent
 * request (a conditional write) is retried only when the failed attempt certainly did not execute
 * (unavailable/overloaded), never after a timeout, because the first attempt may have been applied and a second
 * one would then wrongly report "not applied".
 *
 * <p>Thread-safe: immutable configuration; the counters and the log it writes to are thread-safe.
 */
public final class RetryRules {
  /** What to do after a failed attempt: {@link #pauseMillis} {@code >= 0} means retry after that pause. */
  static final class Decision {
    final ErrorKind kind;
    final long pauseMillis;

    private Decision(ErrorKind kind, long pauseMillis) {
      this.kind = kind;
      this.pauseMillis = pauseMillis;
    }

    boolean retry() {
      return pauseMillis >= 0;
    }
  }

  private final int maxRetries;
  private final Backoff backoff;
  private final ErrorClassifier classifier;
  private final RetryCounters stats;
  private final RateLimitedLog log;
  private final DoubleSupplier random;

  public RetryRules(int maxRetries, Backoff backoff, ErrorClassifier classifier, RetryCounters stats,
                    RateLimitedLog log) {
    this(maxRetries, backoff, classifier, stats, log, () -> ThreadLocalRandom.current().nextDouble());
  }

  public RetryRules(int maxRetries, Backoff backoff, ErrorClassifier classifier, RetryCounters stats, RateLimitedLog log,
                    DoubleSupplier random) {
    if (maxRetries < 0) {
      throw new IllegalArgumentException("maxRetries must be >= 0, got " + maxRetries);
    }
    this.maxRetries = maxRetries;
    this.backoff = backoff;
    this.classifier = classifier;
    this.stats = stats;
    this.log = log;
    this.random = random;
  }

  /**
   * Decides after attempt number {@code retries + 1} of {@code op} failed with {@code e}.
   *
   * @param retries retries made so far (0 after the first attempt)
   */
  Decision afterFailure(OpType op, boolean idempotent, int retries, Throwable e) {
    boolean unanswered = e instanceof UnansweredAttemptException;
    if (unanswered) {
      stats.recordUnanswered(op.name());
    }
    ErrorKind kind = unanswered ? ErrorKind.TIMEOUT : classifier.classify(e);
    boolean safe = idempotent || kind.certainlyNotExecuted();
    if (!kind.isTransient() || !safe || retries >= maxRetries) {
      if (kind.isTransient()) {
        stats.recordGaveUp(op.name());
      }
      String why = kind == ErrorKind.UNAVAILABLE_FOR_GOOD ? " (not retried: more replicas required than the cluster "
          + "has nodes, which no retry changes)" : !kind.isTransient() ? "" : !safe ? " (not retried: conditional write may have been applied)"
          : " after " + retries + " retr" + (retries == 1 ? "y" : "ies");
      log.log(kind + ":" + e.getClass().getName(), op + " failed with " + kind + why + ": " + RateLimitedLog.describe(e));
      return new Decision(kind, -1);
    }
    int retry = retries + 1;
    stats.recordRetry(op.name());
    long pause = backoff.delayMillis(retry, random.getAsDouble());
    log.log(kind + "-RETRY:" + e.getClass().getName(), op + " attempt " + retry + " failed with " + kind
        + ", retrying in " + pause + " ms (limit " + maxRetries + "): " + RateLimitedLog.describe(e));
    return new Decision(kind, pause);
  }

  /** Logs an attempt cut short by an interrupt (it is not retried). */
  void interrupted(OpType op, Throwable e) {
    log.log(op + "-INTERRUPTED", op + " interrupted: " + RateLimitedLog.describe(e));
  }
}
