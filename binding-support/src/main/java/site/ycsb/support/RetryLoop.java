package site.ycsb.support;

/**
 * The bindings' one blocking retry loop: runs an attempt until it succeeds or a {@link Policy} stops it, pausing
 * between attempts as the policy says. Which failures are retried, how long to pause and what is counted belong
 * to the policy (each binding has its own); the loop only tries, waits and reports how it ended, so every blocking
 * binding retries the same way: the pause comes before the next attempt, an interrupt ends the loop at once with
 * the thread's interrupt flag kept, and the number of retries is reported whether the call succeeded or not.
 *
 * <p>Stateless and thread-safe: every call keeps its state on its own stack; the policy and sleeper must be
 * thread-safe if they are shared between threads.
 */
public final class RetryLoop {
  /** What a {@link Policy} returns to end the loop with the failure it was given. */
  public static final long STOP = -1;

  private RetryLoop() {
  }

  /** One attempt of the call. */
  @FunctionalInterface
  public interface Attempt<T> {
    T run() throws Exception;
  }

  /** Decides after each failed attempt whether to try again. */
  @FunctionalInterface
  public interface Policy {
    /**
     * @param failure what the attempt threw (never an {@link InterruptedException}: an interrupt is not retried)
     * @param retries the retries made so far (0 after the first attempt)
     * @return the pause in milliseconds before the next attempt (0 or more), or {@link #STOP}
     */
    long pauseBeforeRetry(Exception failure, int retries);
  }

  /** How a loop ended: a value, or the last failure and whether an interrupt ended it. */
  public static final class Ending<T> {
    private final T value;
    private final Exception failure;
    private final int retries;
    private final boolean interruptedAttempt;

    private Ending(T value, Exception failure, int retries, boolean interruptedAttempt) {
      this.value = value;
      this.failure = failure;
      this.retries = retries;
      this.interruptedAttempt = interruptedAttempt;
    }

    public boolean succeeded() {
      return failure == null;
    }

    /** The successful attempt's value (null when it returned null or the loop failed). */
    public T value() {
      return value;
    }

    /**
     * The failure the loop ended with, null on success: the policy stopped on it, the pause after it was
     * interrupted, or (with {@link #interruptedAttempt()}) the attempt itself was interrupted.
     */
    public Exception failure() {
      return failure;
    }

    /** Retries made: attempts after the first, counting one whose pause was interrupted. */
    public int retries() {
      return retries;
    }

    /** True when an attempt threw {@link InterruptedException}; the policy was not asked. */
    public boolean interruptedAttempt() {
      return interruptedAttempt;
    }
  }

  /** Runs {@code attempt} until it succeeds, {@code policy} returns {@link #STOP}, or the thread is interrupted. */
  public static <T> Ending<T> run(Attempt<T> attempt, Policy policy, Sleeper sleeper) {
    int retries = 0;
    while (true) {
      try {
        return new Ending<>(attempt.run(), null, retries, false);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new Ending<>(null, e, retries, true);
      } catch (Exception e) {
        long pause = policy.pauseBeforeRetry(e, retries);
        if (pause < 0) {
          return new Ending<>(null, e, retries, false);
        }
        retries++;
        try {
          sleeper.sleep(pause);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          return new Ending<>(null, e, retries, false);
        }
      }
    }
  }
}
