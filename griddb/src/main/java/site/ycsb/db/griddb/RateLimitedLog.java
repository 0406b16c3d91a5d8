package site.ycsb.db.griddb;

import org.slf4j.Logger;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Logs one line per kind of error at most once per interval, shared by all client threads; the next line of a
 * kind says how many were suppressed in between. No stack traces.
 */
public final class RateLimitedLog {
  private final Logger logger;
  private final long intervalNanos;
  private final ConcurrentMap<String, Kind> kinds = new ConcurrentHashMap<>();

  private static final class Kind {
    private long lastNanos;
    private boolean logged;
    private final AtomicLong suppressed = new AtomicLong();
  }

  public RateLimitedLog(Logger logger, long interval, TimeUnit unit) {
    this.logger = logger;
    this.intervalNanos = unit.toNanos(interval);
  }

  /**
   * Logs {@code line} as a warning unless a line of this {@code kind} was logged less than an interval ago.
   *
   * @return true if it was logged
   */
  public boolean warn(String kind, String line) {
    Kind k = kinds.computeIfAbsent(kind, x -> new Kind());
    long now = System.nanoTime();
    long suppressed;
    synchronized (k) {
      if (k.logged && now - k.lastNanos < intervalNanos) {
        k.suppressed.incrementAndGet();
        return false;
      }
      k.logged = true;
      k.lastNanos = now;
      suppressed = k.suppressed.getAndSet(0);
    }
    logger.warn(suppressed == 0 ? line : line + " (" + suppressed + " more like this since the last report)");
    return true;
  }
}
