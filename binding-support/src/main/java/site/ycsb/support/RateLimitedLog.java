package site.ycsb.support;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A log that writes at most one line per key (a kind of error) per interval and, on the next line of that key, says
 * how many it held back — so a failing cluster under thousands of operations per second gives a readable log instead
 * of a storm of lines. The one wording of the count is {@code "<line> (N similar message(s) suppressed)"}.
 *
 * <p>Thread-safe: shared by all client threads; each key has its own window, updated under that window's lock, and
 * the line is handed to the sink outside any lock.
 */
public final class RateLimitedLog {
  private static final int MAX_DETAIL_CHARS = 240;

  private final Consumer<String> sink;
  private final long intervalNanos;
  private final LongSupplier nanoClock;
  private final int freeLines;
  private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

  /** A log on the real monotonic clock ({@link System#nanoTime()}). */
  public RateLimitedLog(Consumer<String> sink, long interval, TimeUnit unit) {
    this(sink, interval, unit, System::nanoTime, 1);
  }

  /**
   * @param sink where the lines go (e.g. an slf4j logger's warn)
   * @param interval minimum time between two lines of the same key
   * @param nanoClock a monotonic clock in nanoseconds ({@code System::nanoTime} outside tests)
   */
  public RateLimitedLog(Consumer<String> sink, long interval, TimeUnit unit, LongSupplier nanoClock) {
    this(sink, interval, unit, nanoClock, 1);
  }

  /**
   * @param freeLines how many lines of a key are written before the interval applies (at least 1): the first few
   *     retries of a run are worth seeing one by one
   */
  public RateLimitedLog(Consumer<String> sink, long interval, TimeUnit unit, LongSupplier nanoClock, int freeLines) {
    if (interval < 0 || freeLines < 1) {
      throw new IllegalArgumentException("need interval >= 0 and freeLines >= 1, got " + interval + " and "
          + freeLines);
    }
    this.sink = sink;
    this.intervalNanos = unit.toNanos(interval);
    this.nanoClock = nanoClock;
    this.freeLines = freeLines;
  }

  /**
   * Writes {@code message} unless a line of the same key was written less than one interval ago (and the key's
   * free lines are used up).
   *
   * @return true if the line was written
   */
  public boolean log(String key, String message) {
    Window window = windows.computeIfAbsent(key, k -> new Window());
    String line;
    synchronized (window) {
      long now = nanoClock.getAsLong();
      if (window.emitted >= freeLines && now - window.lastEmitNanos < intervalNanos) {
        window.suppressed++;
        return false;
      }
      line = withSuppressed(message, window.suppressed);
      window.emitted = window.emitted == Long.MAX_VALUE ? window.emitted : window.emitted + 1;
      window.lastEmitNanos = now;
      window.suppressed = 0;
    }
    sink.accept(line);
    return true;
  }

  /** The one wording of a line that follows suppressed ones. */
  static String withSuppressed(String message, long suppressed) {
    return suppressed == 0 ? message : message + " (" + suppressed + " similar message(s) suppressed)";
  }

  /**
   * A one-line description of a failure: simple class name and the first line of its message, cut to a readable
   * length. Never a stack trace.
   */
  public static String describe(Throwable failure) {
    String message = failure.getMessage();
    String text = failure.getClass().getSimpleName();
    if (message != null && !message.isEmpty()) {
      int newline = message.indexOf('\n');
      String first = newline >= 0 ? message.substring(0, newline) : message;
      text = text + ": " + first.trim();
    }
    return text.length() > MAX_DETAIL_CHARS ? text.substring(0, MAX_DETAIL_CHARS) + "..." : text;
  }

  private static final class Window {
    private long emitted;
    private long lastEmitNanos;
    private long suppressed;
  }
}
