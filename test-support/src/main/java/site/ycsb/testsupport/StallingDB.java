package site.ycsb.testsupport;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A test database that answers at once except on every {@code stall.every}-th read of the process (the first
 * included; default 1000), which it holds for {@code stall.ms} milliseconds (default 200): a server that stalls at
 * a fixed rate, the case coordinated omission hides. Other operations answer OK at once.
 *
 * <p>Thread-safe: the read count and the stalls' record are shared by every client thread of the process.
 */
public class StallingDB extends OkDB {
  /** The reads of this process so far. */
  public static final AtomicLong READS = new AtomicLong();
  /** How long each stall actually lasted (ns): a busy machine oversleeps, and an analytical value uses these. */
  public static final List<Long> STALLS_NS = new CopyOnWriteArrayList<>();
  private long every;
  private long stallMs;

  @Override
  public void init() {
    every = Long.parseLong(getProperties().getProperty("stall.every", "1000"));
    stallMs = Long.parseLong(getProperties().getProperty("stall.ms", "200"));
  }

  /** Whether the next read stalls (counts it). */
  protected final boolean nextReadStalls() {
    return READS.getAndIncrement() % every == 0;
  }

  /** How long a stall lasts, ms. */
  protected final long stallMs() {
    return stallMs;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (nextReadStalls()) {
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
}
