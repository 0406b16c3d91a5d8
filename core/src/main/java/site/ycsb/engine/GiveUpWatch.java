package site.ycsb.engine;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import site.ycsb.cli.EngineOptions;
import site.ycsb.engine.verdict.ErrorBudget;

/**
 * Ends a run that cannot succeed ({@code errors.giveup}): when for the whole window every measured operation that
 * ended failed, at least one did, and none was answered (counted from the first look while measuring, or from the
 * last answer), it gives the verdict that ends the run, naming the operation types and statuses that failed in the
 * window. An outage that heals within the window is ridden out: one answer starts the window again. Fed the run's
 * {@code Return=} counts, so the blocking and the asynchronous path are watched alike; it decides from the instants
 * it is given, so it can be tested without waiting.
 *
 * <p>Not thread-safe: used by the run's main thread.
 */
final class GiveUpWatch {
  private final long windowNs;
  /** When the window started: the first look, or the last look that saw a new answer. */
  private long sinceNs;
  private boolean started;
  /** The counts at {@link #sinceNs}: the window's failures are what was added since. */
  private ErrorBudget atStart;
  private Map<String, Map<String, Long>> countsAtStart = new TreeMap<>();

  /** A watch over {@code windowNs}; 0: never gives up. */
  GiveUpWatch(long windowNs) {
    this.windowNs = windowNs;
  }

  /**
   * Looks at the counts at {@code nowNs}; returns the verdict that ends the run, or null while it goes on (or when
   * the watch is off).
   */
  String observe(long nowNs, Map<String, Map<String, Long>> statusCounts) {
    if (windowNs <= 0) {
      return null;
    }
    ErrorBudget now = ErrorBudget.judge(0, statusCounts);
    if (!started || answered(now) > answered(atStart)) {
      started = true;
      sinceNs = nowNs;
      atStart = now;
      countsAtStart = statusCounts;
      return null;
    }
    long failed = now.failed - atStart.failed;
    if (nowNs - sinceNs < windowNs || failed <= 0) {
      return null;
    }
    ErrorBudget window = ErrorBudget.judge(0, since(statusCounts, countsAtStart));
    return String.format("ended early: for %s every operation failed and none was answered (%d failed: %s; "
        + "%s=%s): the database cannot serve this run as configured; see the binding's messages above",
        seconds(nowNs - sinceNs), failed, window.failures(), EngineOptions.ERRORS_GIVE_UP, seconds(windowNs));
  }

  private static long answered(ErrorBudget b) {
    return b.attempted - b.failed;
  }

  /** {@code now} less {@code before}, count by count. */
  private static Map<String, Map<String, Long>> since(Map<String, Map<String, Long>> now,
      Map<String, Map<String, Long>> before) {
    Map<String, Map<String, Long>> delta = new TreeMap<>();
    for (Map.Entry<String, Map<String, Long>> op : now.entrySet()) {
      Map<String, Long> was = before.getOrDefault(op.getKey(), new TreeMap<>());
      Map<String, Long> d = new TreeMap<>();
      for (Map.Entry<String, Long> st : op.getValue().entrySet()) {
        d.put(st.getKey(), st.getValue() - was.getOrDefault(st.getKey(), 0L));
      }
      delta.put(op.getKey(), d);
    }
    return delta;
  }

  /** A window as it is written: {@code 60s}, {@code 1.5s}. */
  static String seconds(long ns) {
    double s = ns / 1e9;
    return (s == Math.rint(s) ? Long.toString((long) s) : Double.toString(Math.round(s * 10) / 10.0)) + "s";
  }

  /** How often the run's main thread looks: often enough for a window of seconds, cheap beside a run. */
  static final long LOOK_EVERY_NS = TimeUnit.MILLISECONDS.toNanos(500);
}
