package site.ycsb.db.griddb;

/**
 * Runs a GridDB call, retrying errors GridDB marks as recoverable ({@code GSRecoverableException}) up to a limit
 * with exponential back-off (base, 2x base, 4x base, ..., capped at 5 s). Timeouts are not retried: the client has
 * already retried internally for {@code failoverTimeout}.
 */
public final class Retrier {
  private static final long MAX_BACKOFF_MS = 5000;

  /** A call that may fail with a {@link StoreException}. */
  public interface Call<T> {
    T run() throws StoreException;
  }

  /** Sleeps; replaceable in unit tests. */
  public interface Sleeper {
    void sleep(long millis) throws InterruptedException;
  }

  private final int maxRetries;
  private final long backoffMillis;
  private final Sleeper sleeper;

  public Retrier(int maxRetries, long backoffMillis, Sleeper sleeper) {
    this.maxRetries = maxRetries;
    this.backoffMillis = backoffMillis;
    this.sleeper = sleeper;
  }

  public Retrier(int maxRetries, long backoffMillis) {
    this(maxRetries, backoffMillis, Thread::sleep);
  }

  public <T> T call(Call<T> call) throws StoreException {
    int attempt = 0;
    while (true) {
      try {
        return call.run();
      } catch (StoreException e) {
        if (!e.isRetryable() || e.isTimeout() || attempt >= maxRetries) {
          throw e;
        }
        long wait = Math.min(MAX_BACKOFF_MS, backoffMillis << Math.min(attempt, 20));
        attempt++;
        try {
          sleeper.sleep(wait);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }
}
