package site.ycsb.engine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import site.ycsb.support.LiveRetries;

/**
 * The bindings' retries per interval and since the run began, per operation name, read from binding-support's
 * {@link LiveRetries} (the counters a binding prints at its end as {@code [CASSANDRA-RETRIES]} and the like). A
 * binding that counts no retries there gives empty maps.
 *
 * <p>Not thread-safe: the status thread alone calls {@link #interval()}.
 */
final class RetryTally {
  private Map<String, Long> last;
  private final Map<String, Long> sinceStart = new LinkedHashMap<>();

  /** Counts from now: what counters already hold (an earlier run's, in the same JVM) is not this run's. */
  RetryTally() {
    last = LiveRetries.totals();
  }

  /**
   * The retries since the previous call (or since construction), per operation name; also added to
   * {@link #sinceStart()}. A difference below zero (a counter set the binding dropped and the garbage collector took)
   * counts as none, so that the totals never fall.
   */
  Map<String, Long> interval() {
    Map<String, Long> now = LiveRetries.totals();
    Map<String, Long> delta = new LinkedHashMap<>();
    for (Map.Entry<String, Long> e : now.entrySet()) {
      Long before = last.get(e.getKey());
      long d = Math.max(0, e.getValue() - (before == null ? 0 : before));
      delta.put(e.getKey(), d);
      sinceStart.merge(e.getKey(), d, Long::sum);
    }
    last = now;
    return delta;
  }

  /** The retries of every interval so far, per operation name (a copy). */
  Map<String, Long> sinceStart() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(sinceStart));
  }
}
