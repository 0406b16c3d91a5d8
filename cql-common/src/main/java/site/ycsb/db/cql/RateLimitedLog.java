package site.ycsb.db.cql;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Emits at most one line per key (an error kind) per interval, and says how many similar lines it held back, so a
 * failing cluster under thousands of operations per second produces a readable log instead of a stack-trace storm.
 */
public final class RateLimitedLog {
  private static final int MAX_DETAIL_CHARS = 240;

  private final Consumer<String> sink;
  private final long intervalNanos;
  private final LongSupplier nanoClock;
  private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

  /**
   * @param sink where the lines go (e.g. an slf4j logger's warn)
   * @param interval minimum time between two lines of the same key
   * @param nanoClock a monotonic clock in nanoseconds ({@code System::nanoTime} outside tests)
   */
  public RateLimitedLog(Consumer<String> sink, long interval, TimeUnit unit, LongSupplier nanoClock) {
    this.sink = sink;
    this.intervalNanos = unit.toNanos(interval);
    this.nanoClock = nanoClock;
  }

  /** Logs {@code message} unless a line with the same key was logged less than one interval ago. */
  public void log(String key, String message) {
    Window window = windows.computeIfAbsent(key, k -> new Window());
    String line = null;
    synchronized (window) {
      long now = nanoClock.getAsLong();
      if (!window.emittedOnce || now - window.lastEmitNanos >= intervalNanos) {
        line = window.suppressed == 0 ? message
            : message + " (" + window.suppressed + " similar message(s) suppressed)";
        window.emittedOnce = true;
        window.lastEmitNanos = now;
        window.suppressed = 0;
      } else {
        window.suppressed++;
      }
    }
    if (line != null) {
      sink.accept(line);
    }
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
    private boolean emittedOnce;
    private long lastEmitNanos;
    private long suppressed;
  }
}
