package site.ycsb.engine.verdict;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures how long the client process was not running: a daemon thread asks to wake every
 * {@value #INTERVAL_MS} ms and records how much later than asked it woke. A garbage-collection pause, the OS not
 * scheduling the process (other processes, CPU steal) or a suspended VM all show up here, a database stall does
 * not — which is what tells the two apart when operations were slow (the idea of jHiccup). At 100 wake-ups a
 * second it costs next to nothing.
 *
 * <p>Thread-safe: {@link #maxPauseUs} may be read from any thread while the meter runs.
 */
final class PauseMeter {
  static final long INTERVAL_MS = 10;
  private final AtomicLong maxPauseNs = new AtomicLong();
  /** The longest pause since {@link #takeIntervalMaxUs} was last called (the status lines' interval). */
  private final AtomicLong intervalMaxNs = new AtomicLong();
  /** The measuring thread; a thread that is no longer this one ends (a restart must not leave the old one running). */
  private volatile Thread thread;

  /** Starts measuring from zero (a running meter is stopped first). */
  synchronized void start() {
    stop();
    maxPauseNs.set(0);
    Thread t = new Thread(this::measure, "ycsb-pause-meter");
    t.setDaemon(true);
    thread = t;
    t.start();
  }

  private void measure() {
    long interval = TimeUnit.MILLISECONDS.toNanos(INTERVAL_MS);
    Thread self = Thread.currentThread();
    while (thread == self) {
      long before = System.nanoTime();
      LockSupport.parkNanos(interval);
      long late = System.nanoTime() - before - interval;
      if (thread == self && late > maxPauseNs.get()) {
        maxPauseNs.accumulateAndGet(late, Math::max);
      }
      if (thread == self && late > intervalMaxNs.get()) {
        intervalMaxNs.accumulateAndGet(late, Math::max);
      }
    }
  }

  /** Stops measuring; the maximum stays readable. */
  synchronized void stop() {
    Thread t = thread;
    thread = null;
    if (t != null) {
      LockSupport.unpark(t);
    }
  }

  /** The measuring thread, null when stopped: for tests. */
  Thread thread() {
    return thread;
  }

  /** The longest time the process did not run since the previous call (or the start), microseconds. */
  long takeIntervalMaxUs() {
    return intervalMaxNs.getAndSet(0) / 1000;
  }

  /** The longest time the process did not run while the meter ran, microseconds. */
  long maxPauseUs() {
    return maxPauseNs.get() / 1000;
  }
}
