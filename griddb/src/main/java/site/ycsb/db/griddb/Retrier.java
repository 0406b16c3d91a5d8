package site.ycsb.db.griddb;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

import site.ycsb.support.Backoff;
import site.ycsb.support.RetryCounters;
import site.ycsb.support.RetryLoop;
import site.ycsb.support.Sleeper;

/**
 * Runs a GridDB call in binding-support's {@link RetryLoop}, retrying the failures
 * {@link StoreException#isRetryable} calls transient and safe to repeat (ErrorKind's decision for the request that
 * failed) up to a limit, after binding-support's exponential back-off with jitter (ceilings base, 2x base, 4x base, ..., capped at {@code griddb.retrybackoffmaxmillis}, 5 s by default;
 * each pause between half and all of its ceiling).
 * Timeouts are not retried: the client has already retried internally for {@code failoverTimeout}. This class only
 * loops, waits and counts: every retry, and every operation that ended on a retryable error or a timeout, per
 * operation name, in the {@link RetryCounters} the binding prints at its last cleanup
 * ({@code [GRIDDB-RETRIES], READ, n}).
 *
 * <p>Thread-safe if its sleeper is: it holds no per-call state; the counters are shared by all client threads.
 */
public final class Retrier {
  /** The cap of the pause between two attempts when none is given ({@link GridDBOptions#BACKOFF_MAX}). */
  static final long MAX_BACKOFF_MS = GridDBOptions.BACKOFF_MAX.defaultValue();

  /** A call that may fail with a {@link StoreException}. */
  public interface Call<T> extends RetryLoop.Attempt<T> {
    @Override
    T run() throws StoreException;
  }

  private final int maxRetries;
  private final Backoff backoff;
  private final Sleeper sleeper;
  private final RetryCounters counters;
  private final DoubleSupplier random;

  /**
   * @param backoffMillis the ceiling of the first pause, cut to {@code backoffMaxMillis} when above it (as before
   *            the cap was a property)
   * @param backoffMaxMillis the cap of every pause
   */
  public Retrier(int maxRetries, long backoffMillis, long backoffMaxMillis, RetryCounters counters) {
    this(maxRetries, backoffMillis, backoffMaxMillis, Sleeper.THREAD_SLEEP, counters,
        () -> ThreadLocalRandom.current().nextDouble());
  }

  /** For tests: a recording sleeper and a fixed random number, the default cap. */
  Retrier(int maxRetries, long backoffMillis, Sleeper sleeper, RetryCounters counters, DoubleSupplier random) {
    this(maxRetries, backoffMillis, MAX_BACKOFF_MS, sleeper, counters, random);
  }

  /** For tests: a recording sleeper and a fixed random number. */
  Retrier(int maxRetries, long backoffMillis, long backoffMaxMillis, Sleeper sleeper, RetryCounters counters,
          DoubleSupplier random) {
    this.maxRetries = maxRetries;
    this.backoff = Backoff.exponential(Math.min(backoffMillis, backoffMaxMillis), backoffMaxMillis);
    this.sleeper = sleeper;
    this.counters = counters;
    this.random = random;
  }

  /** The operation names the counters of a GridDB binding know, in print order. */
  static RetryCounters newCounters() {
    return new RetryCounters("READ", "SCAN", "UPDATE", "INSERT", "DELETE");
  }

  /**
   * Runs {@code call} until it succeeds, fails with an error that is not retryable (or a timeout), or the retry
   * limit is reached; then throws that error.
   *
   * @param op the operation name it is counted under (READ, SCAN, UPDATE, INSERT, DELETE)
   */
  public <T> T call(String op, Call<T> call) throws StoreException {
    RetryLoop.Ending<T> ending = RetryLoop.run(call, (failure, retries) -> {
      if (!(failure instanceof StoreException)) {
        return RetryLoop.STOP; // a bug's unchecked exception: not a database answer, never retried
      }
      StoreException e = (StoreException) failure;
      if (!e.isRetryable() || e.isTimeout() || retries >= maxRetries) {
        if (e.isRetryable() || e.isTimeout()) {
          counters.recordGaveUp(op);
        }
        return RetryLoop.STOP;
      }
      counters.recordRetry(op);
      return backoff.delayMillis(retries + 1, random.getAsDouble());
    }, sleeper);
    if (ending.succeeded()) {
      return ending.value();
    }
    Exception failure = ending.failure();
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    throw (StoreException) failure; // the only checked exception a Call may throw
  }
}
