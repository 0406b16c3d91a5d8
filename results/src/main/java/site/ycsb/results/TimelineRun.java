package site.ycsb.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One line of runs on the timeline: one engine run, or several run one after another (a findmax run's steps), each a
 * {@link Part} with its own intervals and events, all on one wall-clock axis whose elapsed time counts from the first
 * part's schedule opening. Between two parts nothing was measured: the chart draws a gap there, never a rate.
 */
final class TimelineRun {
  final String name;
  /** In time order; at least one. */
  final List<Part> parts;
  /** Every part's events, in time order. */
  final List<TimelineEvent> events;
  /** Elapsed time 0 (the first part's schedule opening), as the throughput and node CPU charts count. */
  final long zeroEpochMs;

  /** One engine run of the line: its record, its intervals, its events and its own schedule's opening. */
  static final class Part {
    /** Its name in the tables: the configuration, or the findmax step. */
    final String name;
    final ReportRun run;
    final RunIntervals intervals;
    final List<TimelineEvent> events;
    /** Its schedule's opening (its own elapsed 0). */
    final long openingEpochMs;
    /**
     * The binding's retries per time-series interval, {@code {start epoch ms (0: the run's start), end epoch ms,
     * retries}}; empty when it counts none.
     */
    final List<long[]> retries;

    Part(String name, ReportRun run, RunIntervals intervals, List<TimelineEvent> events, long openingEpochMs,
        List<long[]> retries) {
      this.name = name;
      this.run = run;
      this.intervals = intervals;
      this.events = events;
      this.openingEpochMs = openingEpochMs;
      this.retries = retries;
    }

    /** The run's part, or null when it has no hdr logs. */
    static Part of(String name, ReportRun r) throws UsageException {
      RunIntervals intervals = RunIntervals.of(r.dir);
      return intervals == null ? null : new Part(name, r, intervals, RunEvents.of(r.dir),
          NodeReport.timeAxisZero(r.dir), TimeseriesCsv.overallRetries(r.dir.timeseries()));
    }

    /** The end of its last interval (epoch ms). */
    long lastMs() {
      return intervals.grid.endOf(intervals.grid.size() - 1);
    }

    /** Retries per second over (startMs, endMs], from the time-series intervals ending in it; null when none. */
    Double retryRate(long startMs, long endMs) {
      if (retries.isEmpty() || endMs <= startMs) {
        return null;
      }
      long n = 0;
      for (long[] r : retries) {
        if (r[1] > startMs && r[1] <= endMs) {
          n += r[2];
        }
      }
      return n * 1000.0 / (endMs - startMs);
    }
  }

  private TimelineRun(String name, List<Part> parts) {
    this.name = name;
    this.parts = parts;
    this.zeroEpochMs = parts.get(0).openingEpochMs;
    List<TimelineEvent> all = new ArrayList<>();
    for (Part p : parts) {
      all.addAll(p.events);
    }
    all.sort(null);
    this.events = all;
  }

  /** One run, named {@code name}; null when it has no hdr logs. */
  static TimelineRun of(String name, ReportRun r) throws UsageException {
    Part p = Part.of(name, r);
    return p == null ? null : new TimelineRun(name, java.util.Collections.singletonList(p));
  }

  /** Runs made one after another, on one axis in the order they ran; null when there is none. */
  static TimelineRun sequence(String name, List<Part> parts) {
    if (parts.isEmpty()) {
      return null;
    }
    List<Part> sorted = new ArrayList<>(parts);
    sorted.sort(Comparator.comparingLong(p -> p.openingEpochMs));
    return new TimelineRun(name, sorted);
  }

  /**
   * Where the gap before part {@code k} lies on the axis (elapsed s): between the previous part's last interval and
   * this part's first; NaN for the first part, which has none.
   */
  double gapBeforeS(int k) {
    if (k == 0) {
      return Double.NaN;
    }
    long previousEnd = parts.get(k - 1).lastMs();
    long nextStart = parts.get(k).intervals.grid.startOf(0);
    return elapsedS(previousEnd + (nextStart - previousEnd) / 2);
  }

  /** The end of the last part's last interval (elapsed s). */
  double endS() {
    return elapsedS(parts.get(parts.size() - 1).lastMs());
  }

  /** The part whose record holds the event; the first when none does. */
  Part partOf(TimelineEvent e) {
    for (Part p : parts) {
      if (p.events.contains(e)) {
        return p;
      }
    }
    return parts.get(0);
  }

  /**
   * Retries per second of each time-series interval as {@code {elapsed s at its end, retries/s}}; an interval too
   * short for a rate (the sliver a run ends with) is left out, as the other rates leave it out, rather than drawn as
   * a spike or a fall; between two parts a point {@code {gap, NaN}}, so that no line crosses the gap.
   */
  List<double[]> retryRates() {
    long longest = 0;
    for (Part p : parts) {
      for (long[] r : p.retries) {
        longest = Math.max(longest, r[1] - (r[0] > 0 ? r[0] : p.openingEpochMs));
      }
    }
    List<double[]> out = new ArrayList<>();
    for (int k = 0; k < parts.size(); k++) {
      Part p = parts.get(k);
      if (k > 0) {
        out.add(new double[] {gapBeforeS(k), Double.NaN});
      }
      for (long[] r : p.retries) {
        long start = r[0] > 0 ? r[0] : p.openingEpochMs;
        if (r[1] > start && r[1] - start >= RunIntervals.MIN_RATE_SHARE * longest) {
          out.add(new double[] {elapsedS(r[1]), r[2] * 1000.0 / (r[1] - start)});
        }
      }
    }
    return out;
  }

  double elapsedS(long epochMs) {
    return (epochMs - zeroEpochMs) / 1000.0;
  }

  /**
   * The operation types whose latency is drawn (in any part): {@code intended} true gives the Intended- measurements
   * (without the prefix), else the service ones; failed operations and CLEANUP are left out (their rate is drawn
   * instead).
   */
  List<String> operations(boolean intended) {
    Set<String> out = new LinkedHashSet<>();
    for (Part p : parts) {
      for (Map.Entry<String, List<RunIntervals.Cell>> e : p.intervals.byMeasurement.entrySet()) {
        String name = e.getKey();
        boolean isIntended = name.startsWith("Intended-");
        String op = isIntended ? name.substring("Intended-".length()) : name;
        if (isIntended == intended && !op.equals("CLEANUP") && !RunIntervals.isFailed(op) && total(e.getValue()) > 0) {
          out.add(op);
        }
      }
    }
    return new ArrayList<>(out);
  }

  private static long total(List<RunIntervals.Cell> cells) {
    long n = 0;
    for (RunIntervals.Cell h : cells) {
      n += h.getTotalCount();
    }
    return n;
  }
}
