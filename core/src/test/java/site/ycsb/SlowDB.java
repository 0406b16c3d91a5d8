package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test database whose every operation takes {@code slow.ms} milliseconds (0: none), and which records how many
 * operations were in flight at once and which threads ran the operations after the first {@code slow.skip}.
 */
public class SlowDB extends DB {
  static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  static final AtomicInteger MAX_IN_FLIGHT = new AtomicInteger();
  static final AtomicLong CALLS = new AtomicLong();
  /** The threads that ran an operation after the first {@code slow.skip} ones. */
  static final Set<Thread> THREADS_AFTER_SKIP = ConcurrentHashMap.newKeySet();
  private long ms;
  private long skip;

  static void clear() {
    IN_FLIGHT.set(0);
    MAX_IN_FLIGHT.set(0);
    CALLS.set(0);
    THREADS_AFTER_SKIP.clear();
  }

  @Override
  public void init() {
    ms = Long.parseLong(getProperties().getProperty("slow.ms", "0"));
    skip = Long.parseLong(getProperties().getProperty("slow.skip", "0"));
  }

  private Status op() {
    int now = IN_FLIGHT.incrementAndGet();
    MAX_IN_FLIGHT.accumulateAndGet(now, Math::max);
    if (CALLS.getAndIncrement() >= skip) {
      THREADS_AFTER_SKIP.add(Thread.currentThread());
    }
    try {
      if (ms > 0) {
        Thread.sleep(ms);
      }
      return Status.OK;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Status.ERROR;
    } finally {
      IN_FLIGHT.decrementAndGet();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return op();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return op();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return op();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return op();
  }

  @Override
  public Status delete(String table, String key) {
    return op();
  }
}
