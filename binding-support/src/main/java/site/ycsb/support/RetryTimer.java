package site.ycsb.support;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The non-blocking counterpart of {@link Sleeper}: one daemon thread that starts asynchronous retries after their
 * back-off, so no thread waits through the pause. Idle unless retrying; being a daemon, it never keeps the JVM alive.
 * Whoever creates one shuts it down when its retries can no longer happen (a binding's last cleanup).
 *
 * <p>Thread-safe: every client thread of a binding schedules its retries on the one timer at once.
 */
public final class RetryTimer {
  private RetryTimer() {
  }

  /** A single-thread scheduler whose daemon thread is named {@code threadName}. */
  public static ScheduledExecutorService start(String threadName) {
    return Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, threadName);
      thread.setDaemon(true);
      return thread;
    });
  }
}
