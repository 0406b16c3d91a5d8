package site.ycsb;

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
  private volatile boolean running;
  private Thread thread;

  /** Starts measuring from zero. */
  synchronized void start() {
    stop();
    maxPauseNs.set(0);
    running = true;
    thread = new Thread(this::measure, "ycsb-pause-meter");
    thread.setDaemon(true);
    thread.start();
  }

  private void measure() {
    long interval = TimeUnit.MILLISECONDS.toNanos(INTERVAL_MS);
    while (running) {
      long before = System.nanoTime();
      LockSupport.parkNanos(interval);
      long late = System.nanoTime() - before - interval;
      if (late > maxPauseNs.get()) {
        maxPauseNs.accumulateAndGet(late, Math::max);
      }
    }
  }

  /** Stops measuring; the maximum stays readable. */
  synchronized void stop() {
    running = false;
    if (thread != null) {
      LockSupport.unpark(thread);
      thread = null;
    }
  }

  /** The longest time the process did not run while the meter ran, microseconds. */
  long maxPauseUs() {
    return maxPauseNs.get() / 1000;
  }
}
