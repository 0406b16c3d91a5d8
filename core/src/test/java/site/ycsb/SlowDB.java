package site.ycsb;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test database whose every operation takes {@code slow.ms} milliseconds (0: none), which pauses for
 * {@code slow.pause.ms} from its {@code slow.pause.at}-th call on (every operation in flight then ends when the pause
 * does), and which records how many operations were in flight at once and which threads ran the operations after the
 * first {@code slow.skip}.
 */
public class SlowDB extends site.ycsb.testsupport.OkDB {
  static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  static final AtomicInteger MAX_IN_FLIGHT = new AtomicInteger();
  static final AtomicLong CALLS = new AtomicLong();
  /** The threads that ran an operation after the first {@code slow.skip} ones. */
  static final Set<Thread> THREADS_AFTER_SKIP = ConcurrentHashMap.newKeySet();
  /** Until when (nanoTime) every operation is held: a database pause, started by {@code slow.pause.at}. */
  static final AtomicLong PAUSE_UNTIL_NS = new AtomicLong();
  /** Whether a pause was started (its end is then in {@link #PAUSE_UNTIL_NS}). */
  static final java.util.concurrent.atomic.AtomicBoolean PAUSED = new java.util.concurrent.atomic.AtomicBoolean();
  private long ms;
  private long skip;
  private long pauseAt;
  private long pauseMs;

  static void clear() {
    IN_FLIGHT.set(0);
    MAX_IN_FLIGHT.set(0);
    CALLS.set(0);
    THREADS_AFTER_SKIP.clear();
    PAUSED.set(false);
  }

  @Override
  public void init() {
    ms = Long.parseLong(getProperties().getProperty("slow.ms", "0"));
    skip = Long.parseLong(getProperties().getProperty("slow.skip", "0"));
    pauseAt = Long.parseLong(getProperties().getProperty("slow.pause.at", "-1"));
    pauseMs = Long.parseLong(getProperties().getProperty("slow.pause.ms", "0"));
  }

  @Override
  protected Status answer(String operation, String key) {
    return op();
  }

  private Status op() {
    int now = IN_FLIGHT.incrementAndGet();
    MAX_IN_FLIGHT.accumulateAndGet(now, Math::max);
    long call = CALLS.getAndIncrement();
    if (call >= skip) {
      THREADS_AFTER_SKIP.add(Thread.currentThread());
    }
    if (call == pauseAt) {
      PAUSE_UNTIL_NS.set(System.nanoTime() + pauseMs * 1_000_000L);
      PAUSED.set(true);
    }
    try {
      if (ms > 0) {
        Thread.sleep(ms);
      }
      long left;
      while (PAUSED.get() && (left = PAUSE_UNTIL_NS.get() - System.nanoTime()) > 0) {
        Thread.sleep(Math.max(1, left / 1_000_000L));
      }
      return Status.OK;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Status.ERROR;
    } finally {
      IN_FLIGHT.decrementAndGet();
    }
  }
}
