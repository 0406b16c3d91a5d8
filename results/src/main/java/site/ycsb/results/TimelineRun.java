package site.ycsb.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One run on the timeline: its name, its intervals, its events, and the moment its elapsed time counts from. */
final class TimelineRun {
  final String name;
  final ReportRun run;
  final RunIntervals intervals;
  final List<TimelineEvent> events;
  /** Elapsed time 0 (the schedule's opening), as the throughput and node CPU charts count. */
  final long zeroEpochMs;
  /**
   * The binding's retries per time-series interval, {@code {start epoch ms (0: the run's start), end epoch ms,
   * retries}}; empty when it counts none.
   */
  final List<long[]> retries;

  TimelineRun(String name, ReportRun run, RunIntervals intervals, List<TimelineEvent> events, long zeroEpochMs,
      List<long[]> retries) {
    this.name = name;
    this.run = run;
    this.intervals = intervals;
    this.events = events;
    this.zeroEpochMs = zeroEpochMs;
    this.retries = retries;
  }

  static TimelineRun of(String name, ReportRun r) throws UsageException {
    RunIntervals intervals = RunIntervals.of(r.dir);
    return intervals == null ? null
        : new TimelineRun(name, r, intervals, RunEvents.of(r.dir), NodeReport.timeAxisZero(r.dir),
            TimeseriesCsv.overallRetries(r.dir.timeseries()));
  }

  /**
   * Retries per second of each time-series interval as {@code {elapsed s at its end, retries/s}}; an interval too
   * short for a rate (the sliver a run ends with) is left out, as the other rates leave it out, rather than drawn as
   * a spike or a fall.
   */
  List<double[]> retryRates() {
    long longest = 0;
    for (long[] r : retries) {
      longest = Math.max(longest, r[1] - (r[0] > 0 ? r[0] : zeroEpochMs));
    }
    List<double[]> out = new ArrayList<>();
    for (long[] r : retries) {
      long start = r[0] > 0 ? r[0] : zeroEpochMs;
      if (r[1] > start && r[1] - start >= RunIntervals.MIN_RATE_SHARE * longest) {
        out.add(new double[] {elapsedS(r[1]), r[2] * 1000.0 / (r[1] - start)});
      }
    }
    return out;
  }

  /** Retries per second over (startMs, endMs], from the time-series intervals ending in it; null when none counted. */
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

  double elapsedS(long epochMs) {
    return (epochMs - zeroEpochMs) / 1000.0;
  }

  /**
   * The operation types whose latency is drawn: {@code intended} true gives the Intended- measurements (without
   * the prefix), else the service ones; failed operations and CLEANUP are left out (their rate is drawn instead).
   */
  List<String> operations(boolean intended) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, List<RunIntervals.Cell>> e : intervals.byMeasurement.entrySet()) {
      String name = e.getKey();
      boolean isIntended = name.startsWith("Intended-");
      String op = isIntended ? name.substring("Intended-".length()) : name;
      if (isIntended == intended && !op.equals("CLEANUP") && !RunIntervals.isFailed(op) && total(e.getValue()) > 0) {
        out.add(op);
      }
    }
    return out;
  }

  private static long total(List<RunIntervals.Cell> cells) {
    long n = 0;
    for (RunIntervals.Cell h : cells) {
      n += h.getTotalCount();
    }
    return n;
  }
}
