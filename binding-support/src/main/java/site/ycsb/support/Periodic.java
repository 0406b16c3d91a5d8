package site.ycsb.support;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A task run again and again on one daemon thread of its own, each run starting a fixed delay after the previous one
 * ended (a slow run delays the next instead of piling runs up): a binding's sampling of its database's own view of
 * the nodes. Being a daemon, the thread never keeps the JVM alive. A run that answers false, or throws, ends the
 * repetition, so a task catches what it can survive.
 *
 * <p>Thread-safe: {@link #cancel} and {@link #close} may be called from any thread, the task's own included.
 */
public final class Periodic implements AutoCloseable {
  private final ScheduledExecutorService thread;
  private final long closeWaitMillis;

  /** One run of the task. */
  public interface Task {
    /** Runs once; true to be run again after the delay, false to end the repetition. */
    boolean run();
  }

  private Periodic(ScheduledExecutorService thread, long closeWaitMillis) {
    this.thread = thread;
    this.closeWaitMillis = closeWaitMillis;
  }

  /**
   * Runs {@code task} now and then {@code delayMillis} after each run ends, on a daemon thread named {@code
   * threadName}, until a run answers false; {@link #close} waits at most {@code closeWaitMillis} for a run under way.
   */
  public static Periodic start(String threadName, long delayMillis, long closeWaitMillis, Task task) {
    Periodic p = new Periodic(RetryTimer.start(threadName), closeWaitMillis);
    // the task ends the repetition through its answer: it needs no reference to a Periodic not yet returned
    p.thread.scheduleWithFixedDelay(() -> {
      if (!task.run()) {
        p.cancel();
      }
    }, 0, delayMillis, TimeUnit.MILLISECONDS);
    return p;
  }

  /** No further runs; a run under way ends as it would. */
  public void cancel() {
    thread.shutdown();
  }

  /** No further runs; a run under way is interrupted and waited for, at most the close wait given at start. */
  @Override
  public void close() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(closeWaitMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Whether the thread has ended (after {@link #cancel} or {@link #close} and the last run). */
  public boolean isTerminated() {
    return thread.isTerminated();
  }
}
