package site.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test database that answers at once except on every {@code stall.every}-th read (the first included), which it
 * holds for {@code stall.ms} milliseconds: a server that stalls at a fixed rate, the case coordinated omission hides.
 */
public class StallingDB extends DB {
  static final AtomicLong READS = new AtomicLong();

  /** How long each stall actually lasted (ns): a busy machine oversleeps, and the analytical value uses these. */
  static final java.util.List<Long> STALLS_NS = new java.util.concurrent.CopyOnWriteArrayList<>();
  private long every;
  private long stallMs;

  @Override
  public void init() {
    every = Long.parseLong(getProperties().getProperty("stall.every", "1000"));
    stallMs = Long.parseLong(getProperties().getProperty("stall.ms", "200"));
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (READS.getAndIncrement() % every == 0) {
      long t0 = System.nanoTime();
      try {
        Thread.sleep(stallMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Status.ERROR;
      }
      STALLS_NS.add(System.nanoTime() - t0);
    }
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return Status.OK;
  }
}
