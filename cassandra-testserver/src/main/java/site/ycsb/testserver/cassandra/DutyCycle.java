package site.ycsb.testserver.cassandra;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A slow node: freezes a process for {@code frozenMillis} of every {@code periodMillis} (SIGSTOP, then SIGCONT)
 * until stopped or until the process is gone, and leaves it running (SIGCONT) whichever way the cycle ends.
 *
 * <p>Thread-safe: one thread runs the cycle, any other may stop it.
 */
final class DutyCycle {
  /** Longest period accepted: a longer cycle is a freeze, better said with freeze and thaw. */
  static final long MAX_PERIOD_MILLIS = 3_600_000;

  final ProcessStamp target;
  final long frozenMillis;
  final long periodMillis;
  private final CountDownLatch stopRequested = new CountDownLatch(1);
  private final CountDownLatch ended = new CountDownLatch(1);

  DutyCycle(ProcessStamp target, long frozenMillis, long periodMillis) {
    check(frozenMillis, periodMillis);
    this.target = target;
    this.frozenMillis = frozenMillis;
    this.periodMillis = periodMillis;
  }

  /** Throws an IllegalArgumentException unless 0 < frozen < period <= {@link #MAX_PERIOD_MILLIS}. */
  static void check(long frozenMillis, long periodMillis) {
    if (frozenMillis <= 0) {
      throw new IllegalArgumentException("the frozen time must be positive, got " + frozenMillis + " ms");
    }
    if (periodMillis <= frozenMillis) {
      throw new IllegalArgumentException("the period must be longer than the frozen time, got frozen "
          + frozenMillis + " ms of every " + periodMillis + " ms");
    }
    if (periodMillis > MAX_PERIOD_MILLIS) {
      throw new IllegalArgumentException("the period must be at most " + MAX_PERIOD_MILLIS + " ms, got "
          + periodMillis + " ms");
    }
  }

  /** Runs the cycle on this thread; returns once stopped (or the process is gone), the process left running. */
  void run() {
    try {
      while (stopRequested.getCount() > 0 && target.isAlive()) {
        Signals.send("STOP", target.pid);
        boolean stop = stopRequested.await(frozenMillis, TimeUnit.MILLISECONDS);
        Signals.send("CONT", target.pid);
        if (stop || stopRequested.await(periodMillis - frozenMillis, TimeUnit.MILLISECONDS)) {
          break;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (TestServerException e) {
      // the process ended between the check and the signal: nothing is left to freeze
    } finally {
      // An interrupted thread could not wait for the kill command that thaws the process: clear the flag for it.
      boolean interrupted = Thread.interrupted();
      continueTarget();
      ended.countDown();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Asks the cycle to end; returns at once. */
  void stop() {
    stopRequested.countDown();
  }

  /** Waits up to {@code millis} for the cycle to end; true when it has. */
  boolean awaitEnd(long millis) {
    try {
      return ended.await(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ended.getCount() == 0;
    }
  }

  /** SIGCONT to the process if it still lives (a no-op for a running one). */
  void continueTarget() {
    if (target.isAlive()) {
      try {
        Signals.send("CONT", target.pid);
      } catch (TestServerException e) {
        // it ended meanwhile
      }
    }
  }

  @Override
  public String toString() {
    return "slow (frozen " + frozenMillis + " ms of every " + periodMillis + " ms)";
  }
}
