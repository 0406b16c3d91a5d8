package site.ycsb.metrics;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import site.ycsb.Status;
import site.ycsb.testsupport.OkDB;

/**
 * A test database that freezes: every operation waits until the test {@link #release}s it (at most a minute), as calls
 * to a frozen node do. Not a database; one freeze per JVM at a time.
 */
public class FrozenDB extends OkDB {
  private static volatile CountDownLatch released = new CountDownLatch(1);

  /** Stalls every operation from now on. */
  static void stall() {
    released = new CountDownLatch(1);
  }

  /** Lets every operation, waiting or to come, through. */
  static void release() {
    released.countDown();
  }

  @Override
  protected Status answer(String operation, String key) {
    try {
      return released.await(1, TimeUnit.MINUTES) ? Status.OK : Status.ERROR;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Status.ERROR;
    }
  }
}
