package site.ycsb.db.cql;

import java.util.function.DoubleSupplier;

import site.ycsb.support.Backoff;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;
import site.ycsb.support.RetryLoop;
import site.ycsb.support.Sleeper;

/**
 * Runs a request, retrying transient failures up to a limit with back-off, in binding-support's {@link RetryLoop}.
 * It runs inside the binding's DB call, so the latency YCSB measures (service time and intended time alike)
 * includes every attempt and every pause.
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
    RulesPolicy policy = new RulesPolicy(rules, op, idempotent);
    RetryLoop.Ending<T> ending = RetryLoop.run(attempt, policy, sleeper);
    if (ending.succeeded()) {
      return Outcome.success(ending.value(), ending.retries());
    }
    if (ending.interruptedAttempt()) {
      rules.interrupted(op, (InterruptedException) ending.failure());
      return Outcome.failure(ErrorKind.OTHER, ending.retries());
    }
    return Outcome.failure(policy.lastKind, ending.retries());
  }

  /** The rules' decision for one request, remembering the kind of its last failure for the outcome. */
  private static final class RulesPolicy implements RetryLoop.Policy {
    private final RetryRules rules;
    private final OpType op;
    private final boolean idempotent;
    ErrorKind lastKind;

    RulesPolicy(RetryRules rules, OpType op, boolean idempotent) {
      this.rules = rules;
      this.op = op;
      this.idempotent = idempotent;
    }

    @Override
    public long pauseBeforeRetry(Exception failure, int retries) {
      RetryRules.Decision decision = rules.afterFailure(op, idempotent, retries, failure);
      lastKind = decision.kind;
      return decision.retry() ? decision.pauseMillis : RetryLoop.STOP;
    }
  }
}
