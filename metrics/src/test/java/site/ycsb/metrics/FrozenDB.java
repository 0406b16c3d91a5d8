package site.ycsb.metrics;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A test database that freezes: every operation waits until the test {@link #release}s it (at most a minute), as calls
 * to a frozen node do. Not a database; one stall per JVM at a time.
 */
public class FrozenDB extends DB {
  private static volatile CountDownLatch released = new CountDownLatch(1);

  /** Stalls every operation from now on. */
  static void stall() {
    released = new CountDownLatch(1);
  }

  /** Lets every operation, waiting or to come, through. */
  static void release() {
    released.countDown();
  }

  private static Status serve() {
    try {
      return released.await(1, TimeUnit.MINUTES) ? Status.OK : Status.ERROR;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Status.ERROR;
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return serve();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return serve();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return serve();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return serve();
  }

  @Override
  public Status delete(String table, String key) {
    return serve();
  }
}
