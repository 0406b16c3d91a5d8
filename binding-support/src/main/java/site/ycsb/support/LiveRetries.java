package site.ycsb.support;

import java.lang.ref.WeakReference;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The retry counters of every binding in this JVM, so that an engine can read retries while a run lasts: each
 * {@link RetryCounters} registers itself here when it is made. A binding needs nothing more than its counters; in an
 * engine that does not read this registry (YCSB 0.17.0's), it costs one weak reference per counter set.
 *
 * <p>Thread-safe: registering and reading may happen from any thread at once. Counter sets the binding no longer
 * holds are forgotten when the garbage collector takes them, so their counts leave the totals then: a reader that
 * wants retries per interval takes differences of totals over the counters that live through the run.
 */
public final class LiveRetries {
  private static final CopyOnWriteArrayList<WeakReference<RetryCounters>> COUNTERS = new CopyOnWriteArrayList<>();

  private LiveRetries() {
  }

  static void register(RetryCounters counters) {
    COUNTERS.add(new WeakReference<>(counters));
  }

  /**
   * Retries so far per operation name, summed over every live counter set, in the order the names were first
   * registered; empty when no binding counts retries.
   */
  public static Map<String, Long> totals() {
    Map<String, Long> totals = new LinkedHashMap<>();
    Iterator<WeakReference<RetryCounters>> it = COUNTERS.iterator();
    while (it.hasNext()) {
      WeakReference<RetryCounters> ref = it.next();
      RetryCounters counters = ref.get();
      if (counters == null) {
        COUNTERS.remove(ref);
        continue;
      }
      for (String op : counters.operations()) {
        totals.merge(op, counters.retries(op), Long::sum);
      }
    }
    return totals;
  }
}
