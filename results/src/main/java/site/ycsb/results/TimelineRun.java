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

  TimelineRun(String name, ReportRun run, RunIntervals intervals, List<TimelineEvent> events, long zeroEpochMs) {
    this.name = name;
    this.run = run;
    this.intervals = intervals;
    this.events = events;
    this.zeroEpochMs = zeroEpochMs;
  }

  static TimelineRun of(String name, ReportRun r) throws UsageException {
    RunIntervals intervals = RunIntervals.of(r.dir);
    return intervals == null ? null
        : new TimelineRun(name, r, intervals, RunEvents.of(r.dir), NodeReport.timeAxisZero(r.dir));
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
