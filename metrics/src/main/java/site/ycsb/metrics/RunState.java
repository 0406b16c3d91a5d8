package site.ycsb.metrics;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.Measurements;
import site.ycsb.observe.LiveFigures;

/**
 * What is served at one instant: the latest interval's figures with the latency counts and sums added up over the
 * run (a summary's _count and _sum only grow), and the end of the run once it is known.
 *
 * <p>Immutable; a new one per interval, swapped in whole so that a scrape never mixes two intervals.
 */
final class RunState {
  static final RunState EMPTY = new RunState(null, Collections.<String, double[]>emptyMap(), null, -1);

  /** The latest figures, or null before the first interval. */
  final LiveFigures figures;
  /** Per measurement name: {count, sum in seconds} over the run. */
  final Map<String, double[]> latencyTotals;
  /** The verdict's cause once the run has ended, else null. */
  final String verdict;
  final int exitCode;

  private RunState(LiveFigures figures, Map<String, double[]> latencyTotals, String verdict, int exitCode) {
    this.figures = figures;
    this.latencyTotals = latencyTotals;
    this.verdict = verdict;
    this.exitCode = exitCode;
  }

  /** This state followed by {@code next}'s interval. */
  RunState next(LiveFigures next) {
    Map<String, double[]> totals = new HashMap<>(latencyTotals);
    for (Map.Entry<String, IntervalStats> e : next.intervals.entrySet()) {
      IntervalStats s = e.getValue();
      if (s == null) {
        continue;
      }
      double[] before = totals.get(e.getKey());
      double count = (before == null ? 0 : before[0]) + s.count();
      double sum = (before == null ? 0 : before[1]) + s.mean() * s.count() / 1e6;
      totals.put(e.getKey(), new double[] {count, sum});
    }
    return new RunState(next, Collections.unmodifiableMap(totals), verdict, exitCode);
  }

  /** This state, ended. */
  RunState end(String cause, int code) {
    return new RunState(figures, latencyTotals, cause, code);
  }

  boolean ended() {
    return verdict != null;
  }

  /** The operation a measurement name is of: {@code Intended-READ} is READ's intended latency. */
  static String operation(String measurement) {
    return isIntended(measurement) ? measurement.substring(Measurements.INTENDED_PREFIX.length()) : measurement;
  }

  static boolean isIntended(String measurement) {
    return measurement.startsWith(Measurements.INTENDED_PREFIX);
  }
}
