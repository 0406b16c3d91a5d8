package site.ycsb.engine.verdict;

import java.util.Map;

import site.ycsb.measurements.IntervalStats;
import site.ycsb.measurements.Measurements;

/**
 * The lateness verdict's cause while a throttled run goes on, for the live metrics: the {@link LagVerdict} rules
 * whose measures exist at that moment, applied to the interval just taken. It reads what the engine keeps anyway
 * (the schedule's next slot, the interval's recorded calls, the operations in flight, the process's CPU time, its
 * threads' wait for a CPU, the bindings' node events); nothing is added to an operation's path.
 *
 * <p>The rules, in order: the schedule is not behind by more than 10 ms now (its next slot is not that overdue):
 * {@link LagVerdict.Cause#NONE NONE}; in its first two seconds: {@code STARTUP}; a node down or not answering now, as
 * a binding reported: {@code DATABASE}; the client's CPU at 90% of all cores over the interval: {@code CLIENT}; every
 * thread (in-flight place) in an operation: {@code DATABASE} when no call ended in the interval or its longest call
 * lasted half as long as the schedule is behind, else {@code CLIENT} (too few threads); the threads waited for a CPU
 * at least as long as they ran: {@code MACHINE}; else {@code UNEXPLAINED}.
 *
 * <p>Known only at the end, and so never said live: {@code FAILURES} (errors.budget is over the whole run), the
 * lag percentiles and the process pauses and garbage collections that explain them, and whether the run as a whole
 * kept its schedule; the end's verdict (summary.json's) may name another cause than the intervals did. With
 * {@code measurement.interval=intended} the recorded times are intended latencies, so the longest "call" holds the lag
 * too (as the status line's LongestCall does).
 *
 * <p>Thread-safe: {@link #judge} is synchronized (the status thread calls it).
 */
public final class LiveVerdict {
  private final CpuWaitMeter cpuWait;
  private final int cores;
  private final int threads;
  private final DatabaseReport database;
  private CpuWaitMeter.Totals lastWait;
  private long lastCpuNs;

  /**
   * @param health the run's client measures (CPU wait, cores)
   * @param threads {@code -threads}: blocking threads, or the in-flight bound of the asynchronous path
   * @param database what the bindings report about the nodes, or null
   */
  public LiveVerdict(ClientHealth health, int threads, DatabaseReport database) {
    this.cpuWait = health.cpuWaitMeter();
    this.cores = Math.max(1, health.cores());
    this.threads = Math.max(1, threads);
    this.database = database;
    this.lastWait = cpuWait.measured() ? cpuWait.sample() : null;
    this.lastCpuNs = ClientHealth.processCpuNs();
  }

  /**
   * The cause over the interval just taken.
   *
   * @param intervals the interval's measurements (service times, microseconds)
   * @param seconds the interval's length
   * @param behindNs how far the schedule is behind now ({@code OperationSchedule.behindNs})
   * @param sinceStartSec time since the schedule opened
   * @param inFlight operations in flight now, -1 when not known
   */
  public synchronized LagVerdict.Cause judge(Map<String, IntervalStats> intervals, double seconds, long behindNs,
      double sinceStartSec, long inFlight) {
    Interval i = new Interval();
    i.seconds = seconds;
    i.behindUs = behindNs / 1000;
    i.sinceStartSec = sinceStartSec;
    i.nodeOut = database != null && database.anyNodeOutNow();
    i.cores = cores;
    i.threads = threads;
    i.inFlight = inFlight;
    long cpuNs = ClientHealth.processCpuNs();
    i.cpuNs = cpuNs < 0 || lastCpuNs < 0 ? -1 : cpuNs - lastCpuNs;
    lastCpuNs = cpuNs;
    if (lastWait != null) {
      CpuWaitMeter.Totals now = cpuWait.sample();
      CpuWaitMeter.Totals d = now.since(lastWait);
      i.waitNs = d.waitNs;
      i.runNs = d.runNs;
      lastWait = now;
    }
    for (Map.Entry<String, IntervalStats> e : intervals.entrySet()) {
      IntervalStats s = e.getValue();
      if (s == null || e.getKey().startsWith(Measurements.INTENDED_PREFIX) || e.getKey().equals("CLEANUP")) {
        continue;
      }
      i.callsEnded += s.count();
      if (s.count() > 0) {
        i.longestCallUs = Math.max(i.longestCallUs, s.max());
      }
    }
    return cause(i);
  }

  /** One interval's measures; -1 marks one not measured. */
  static final class Interval {
    double seconds;
    long behindUs;
    double sinceStartSec;
    boolean nodeOut;
    int cores = 1;
    int threads = 1;
    long inFlight = -1;
    long cpuNs = -1;
    long waitNs = -1;
    long runNs = -1;
    long callsEnded;
    long longestCallUs;
  }

  /** The rules of the class comment. */
  static LagVerdict.Cause cause(Interval i) {
    if (i.behindUs <= LagVerdict.LAG_P99_LIMIT_US) {
      return LagVerdict.Cause.NONE;
    }
    if (i.sinceStartSec * 1e9 < LagVerdict.STARTUP_WINDOW_NS) {
      return LagVerdict.Cause.STARTUP;
    }
    if (i.nodeOut) {
      return LagVerdict.Cause.DATABASE;
    }
    if (i.cpuNs >= 0 && i.cpuNs >= LagVerdict.CPU_SATURATED * i.seconds * 1e9 * i.cores) {
      return LagVerdict.Cause.CLIENT;
    }
    if (i.inFlight >= i.threads) {
      boolean heldByCalls = i.callsEnded == 0 || i.longestCallUs >= LagVerdict.eventNeededUs(i.behindUs);
      return heldByCalls ? LagVerdict.Cause.DATABASE : LagVerdict.Cause.CLIENT;
    }
    if (i.waitNs > 0 && i.runNs >= 0 && i.waitNs >= i.runNs) {
      return LagVerdict.Cause.MACHINE;
    }
    return LagVerdict.Cause.UNEXPLAINED;
  }
}
