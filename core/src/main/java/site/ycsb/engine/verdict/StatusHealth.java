package site.ycsb.engine.verdict;

import java.util.Locale;
import java.util.Map;

import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.Measurements;

/**
 * The measures of each cause of lateness over one status interval, for the status line: how long the client's threads
 * waited for a CPU ({@link CpuWaitMeter}; "not measured" where it cannot be read), the share of thread time in
 * database calls and the longest call (from the interval's recorded service times), and the longest pause of the
 * process ({@link PauseMeter}). Everything is read by the status thread when a line is due; nothing is added to an
 * operation's path.
 *
 * <p>Thread-safe: {@link #describe} is synchronized.
 */
public final class StatusHealth {
  private final CpuWaitMeter cpuWait;
  private final PauseMeter pauses;
  private final int threads;
  private CpuWaitMeter.Totals last;

  public StatusHealth(CpuWaitMeter cpuWait, PauseMeter pauses, int threads) {
    this.cpuWait = cpuWait;
    this.pauses = pauses;
    this.threads = Math.max(1, threads);
    this.last = cpuWait.sample();
    pauses.takeIntervalMaxUs();
  }

  /**
   * The bracket of one status line, e.g. {@code [HEALTH: CpuWait=0.12s, ThreadsBusy=35%, LongestCall=12.0ms,
   * MaxPause=28.0ms]}, over {@code seconds} whose measurements are {@code intervals}.
   */
  public synchronized String describe(Map<String, IntervalStats> intervals, double seconds) {
    StringBuilder sb = new StringBuilder("[HEALTH: CpuWait=");
    if (cpuWait.measured()) {
      CpuWaitMeter.Totals now = cpuWait.sample();
      sb.append(String.format(Locale.ROOT, "%.2fs", now.since(last).waitNs / 1e9));
      last = now;
    } else {
      sb.append("not measured");
    }
    double inCallsUs = 0;
    long longest = 0;
    boolean anyService = false;
    for (Map.Entry<String, IntervalStats> e : intervals.entrySet()) {
      IntervalStats s = e.getValue();
      if (s == null || e.getKey().startsWith(Measurements.INTENDED_PREFIX) || e.getKey().equals("CLEANUP")) {
        continue;
      }
      anyService = true;
      inCallsUs += s.mean() * s.count();
      longest = Math.max(longest, s.max());
    }
    if (anyService) {
      sb.append(String.format(Locale.ROOT, ", ThreadsBusy=%.0f%%, LongestCall=%s", 100 * inCallsUs / 1e6
          / (Math.max(1e-9, seconds) * threads), LagVerdict.time(longest).replace(" ", "")));
    }
    sb.append(", MaxPause=").append(LagVerdict.time(pauses.takeIntervalMaxUs()).replace(" ", "")).append(']');
    return sb.toString();
  }
}
