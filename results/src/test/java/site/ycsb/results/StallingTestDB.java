package site.ycsb.results;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A database for engine processes started by the tests: answers at once except on every
 * {@code stall.every}-th read (the first included), which it holds for {@code stall.ms} milliseconds.
 */
public class StallingTestDB extends DB {
  private static final AtomicLong READS = new AtomicLong();
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
      try {
        Thread.sleep(stallMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Status.ERROR;
      }
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
