package site.ycsb.engine.verdict;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import site.ycsb.Utils;
import site.ycsb.cli.EngineOptions;

/**
 * Measures the client while it runs — its CPU use, its garbage-collection pauses, the pauses of the whole process
 * ({@link PauseMeter}) and the time its threads waited for a CPU ({@link CpuWaitMeter}) — and, when the run ends,
 * gives the verdict on its lateness ({@link LagVerdict}: the machine, the client or the database) with one warning line
 * per problem. The verdict is a number the user can check.
 *
 * <p>Thread-safe: its watcher thread, the status sampler and the main thread use it at once; its state is synchronized
 * or atomic.
 */
public final class ClientHealth {
  /** Runs shorter than this (seconds) get no CPU verdict. */
  static final double MIN_JUDGED_SEC = 1.0;
  /** Runs shorter than this (seconds) get no saturation or GC verdict: start-up work dominates them. */
  static final double SHORT_RUN_SEC = 5.0;
  /** How often the start of measurement (the end of a warm-up) is looked for, milliseconds. */
  static final long MEASURE_START_POLL_MS = 5;

  private final int cores = Runtime.getRuntime().availableProcessors();
  private final AtomicLong maxPauseMs = new AtomicLong();
  private final PauseMeter processPauses = new PauseMeter();
  private final CpuWaitMeter cpuWait = new CpuWaitMeter();
  private CpuWaitMeter.Totals cpuWaitStart = CpuWaitMeter.Totals.NONE;
  /** The threads' wait for a CPU and time on one during measurement; null until {@link #stop}. */
  private CpuWaitMeter.Totals cpuWaitInRun;
  private final List<Runnable> unregister = new ArrayList<>();
  private long cpuStartNs;
  private long gcCountStart;
  private long gcTimeStart;
  private Map<String, Long[]> gcStatsStart;
  private boolean stopped;
  private volatile Thread watcher;

  public double cpuUsedSec;
  public double cpuUtilisation;
  public long gcCount;
  public long gcTimeMs;
  public long lagP99Us;
  public long lagMaxUs;
  public double threadsBusy;
  public boolean clientLimited;
  /** What made the operations late (NONE when the schedule was kept); set by {@link #finish}. */
  public LagVerdict.Cause cause = LagVerdict.Cause.NONE;
  /** The verdict's line on the lateness (or on the failures), null when there is none; set by {@link #finish}. */
  public String verdictText;
  /** The figures the verdict judged (written to summary.json); set by {@link #finish}. */
  public LagVerdict.Measures measures = new LagVerdict.Measures();
  public final List<String> warnings = new ArrayList<>();

  public ClientHealth() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter) {
        NotificationEmitter emitter = (NotificationEmitter) gc;
        NotificationListener listener = this::onGc;
        emitter.addNotificationListener(listener, null, null);
        unregister.add(() -> {
          try {
            emitter.removeNotificationListener(listener);
          } catch (Exception e) {
            // already gone: nothing to undo
          }
        });
      }
    }
  }

  private void onGc(Notification n, Object handback) {
    if (!"com.sun.management.gc.notification".equals(n.getType()) || !(n.getUserData() instanceof CompositeData)) {
      return;
    }
    CompositeData info = (CompositeData) n.getUserData();
    String action = String.valueOf(info.get("gcAction"));
    if (action.contains("major") && String.valueOf(info.get("gcName")).contains("G1 Concurrent")) {
      return;
    }
    Object gcInfo = info.get("gcInfo");
    if (gcInfo instanceof CompositeData) {
      long duration = ((Number) ((CompositeData) gcInfo).get("duration")).longValue();
      maxPauseMs.accumulateAndGet(duration, Math::max);
    }
  }

  /** Called when the last operation ended, before cleanup: CPU and GC are counted up to here. */
  public synchronized void stop() {
    stopped = true;
    processPauses.stop();
    for (Runnable r : unregister) {
      r.run();
    }
    cpuWaitInRun = cpuWait.sample().since(cpuWaitStart);
    long cpuNs = processCpuNs();
    cpuUsedSec = cpuNs < 0 || cpuStartNs < 0 ? -1 : (cpuNs - cpuStartNs) / 1e9;
    gcCount = Utils.getGCTotalCollectionCount() - gcCountStart;
    gcTimeMs = Utils.getGCTotalTime() - gcTimeStart;
  }

  /** The process's threads' wait for a CPU since measurement started, seconds; -1 where it is not measured. */
  public synchronized double cpuWaitSecSoFar() {
    if (!cpuWait.measured()) {
      return -1;
    }
    CpuWaitMeter.Totals now = stopped ? cpuWaitInRun : cpuWait.sample().since(cpuWaitStart);
    return now.waitNs / 1e9;
  }

  /** Garbage collection time since measurement started (up to {@link #stop}), milliseconds. */
  public synchronized long gcMsSoFar() {
    return stopped ? gcTimeMs : Utils.getGCTotalTime() - gcTimeStart;
  }

  public long gcMaxPauseMs() {
    return maxPauseMs.get();
  }

  /**
   * Called just before the schedule opens. With no warm-up ({@code measuring} is null) measurement starts now.
   * Otherwise CPU, garbage collection and process pauses are counted again from the moment {@code measuring} first
   * says true (polled every {@value #MEASURE_START_POLL_MS} ms by a daemon thread): the verdicts judge them against the
   * measured run time, and a warm-up's JIT compilation and start-up collections must not be charged to it.
   */
  public void start(BooleanSupplier measuring) {
    baseline();
    if (measuring != null) {
      Thread w = new Thread(() -> {
        while (!measuring.getAsBoolean()) {
          synchronized (this) {
            if (stopped) {
              return;
            }
          }
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(MEASURE_START_POLL_MS));
        }
        synchronized (this) {
          if (!stopped) {
            baseline();
          }
        }
      }, "ycsb-health-measure-start");
      w.setDaemon(true);
      watcher = w;
      w.start();
    }
  }

  /**
   * The thread that waits for the end of the warm-up, null without a warm-up: for tests. It ends once it has restarted
   * the counting, or when the run stops first.
   */
  Thread watcher() {
    return watcher;
  }

  private synchronized void baseline() {
    cpuStartNs = processCpuNs();
    gcCountStart = Utils.getGCTotalCollectionCount();
    gcTimeStart = Utils.getGCTotalTime();
    gcStatsStart = Utils.getGCStatst();
    cpuWaitStart = cpuWait.sample();
    maxPauseMs.set(0);
    processPauses.start();
  }

  /** Each collector's count and time when measurement started, for the {@code [TOTAL_GC...]} lines. */
  public synchronized Map<String, Long[]> gcStatsAtStart() {
    return gcStatsStart;
  }

  /** The longest time the client process did not run between {@link #start} and {@link #stop}, microseconds. */
  public long processPauseUs() {
    return processPauses.maxPauseUs();
  }

  /** The process's threads' run-queue delay: for the status lines' figures of each interval. */
  public CpuWaitMeter cpuWaitMeter() {
    return cpuWait;
  }

  /** The process pause meter: for the status lines' figures of each interval. */
  public PauseMeter pauseMeter() {
    return processPauses;
  }

  /** What the verdicts need beyond the run's measures: the failures and the calls the binding never completed. */
  public static final class Context {
    /** The measured operations that failed, judged against errors.budget (none failed, by default). */
    public ErrorBudget errors = ErrorBudget.judge(0, java.util.Collections.<String, Map<String, Long>>emptyMap());
    /** Calls the binding never completed, recorded as lost after {@link #deadlineSec} ({@code async.deadline.s}). */
    public long lostOps;
    public long deadlineSec;
    /** The status lost calls are recorded with (the engine's, named here so that the verdict needs no engine class). */
    public String lostStatus = "LOST";
  }

  /**
   * Judges the run and fills the warnings: lost calls first (a fault of the client library), then the failed
   * operations ({@link ErrorBudget}: over the budget the figures describe failures, and the verdict ends there), then
   * the lateness verdict ({@link LagVerdict}) and a garbage-collection
   * warning. {@code m} holds the run's figures (lag, throughput, service times, busy threads); this adds the client's
   * own (CPU, CPU wait, pauses, load) and keeps it for the summary. Called when the run ends.
   */
  public void finish(LagVerdict.Measures m, Context c) {
    if (!stopped) {
      stop();
    }
    measures = m;
    lagP99Us = m.lagP99Us;
    lagMaxUs = m.lagMaxUs;
    threadsBusy = m.busyFraction;
    m.cores = cores;
    m.processPauseUs = processPauseUs();
    m.gcPauseUs = maxPauseMs.get() * 1000;
    m.loadAverage = Utils.getSystemLoadAverage();
    if (cpuWait.measured() && cpuWaitInRun != null) {
      m.cpuWaitNs = cpuWaitInRun.waitNs;
      m.cpuRunNs = cpuWaitInRun.runNs;
      boolean workersNamed = cpuWaitInRun.workerRunNs > 0 || cpuWaitInRun.workerWaitNs > 0;
      m.workerCpuWaitNs = workersNamed ? cpuWaitInRun.workerWaitNs : -1;
    }
    if (c.lostOps > 0) {
      warnings.add(lostVerdict(c.lostOps, c.deadlineSec, c.lostStatus));
    }
    String failed = c.errors.verdict();
    if (failed != null) {
      warnings.add(failed);
    }
    if (c.errors.exceeded()) {
      // One rule for failures: over errors.budget the figures describe failures, and their lateness is not judged.
      verdictText = failed;
      cpuUtilisation = -1;
      cause = LagVerdict.Cause.FAILURES;
      return;
    }
    if (m.runtimeSec < SHORT_RUN_SEC) {
      // A run of a few seconds is mostly start-up: no CPU or GC verdict, only the schedule's.
      cpuUsedSec = -1;
    }
    // Too short a run to judge CPU use: start-up work would dominate it.
    cpuUtilisation = cpuUsedSec < 0 || m.runtimeSec < MIN_JUDGED_SEC ? -1 : cpuUsedSec / (m.runtimeSec * cores);
    m.cpuUtilisation = cpuUtilisation;
    LagVerdict verdict = LagVerdict.judge(m);
    cause = verdict.cause;
    clientLimited = verdict.clientLimited;
    verdictText = verdict.text;
    if (verdict.text != null) {
      warnings.add(verdict.text);
    }
    if (m.runtimeSec >= SHORT_RUN_SEC && (gcTimeMs > 0.05 * m.runtimeSec * 1000 || maxPauseMs.get() > 200)) {
      warnings.add(String.format("client garbage collection took %d ms (%.1f%% of the run, longest pause %d ms); "
          + "give the client more heap (-jvm-args=-Xmx...).", gcTimeMs, 100.0 * gcTimeMs / (m.runtimeSec * 1000),
          maxPauseMs.get()));
    }
  }

  /** The process's CPU time so far, ns; -1 where the JVM does not say. */
  static long processCpuNs() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
    }
    return -1;
  }

  public int cores() {
    return cores;
  }

  /**
   * The verdict line (health warning) for {@code lost} calls (the run's failure line is the engine's: it stops the
   * run, this one judges it).
   */
  static String lostVerdict(long lost, long deadlineSec, String lostStatus) {
    return String.format("%d operation(s) were lost: the binding never completed them, and the engine recorded them "
        + "as %s after %d s (%s); a client-library fault, not the database's answer.", lost,
        lostStatus, deadlineSec, EngineOptions.ASYNC_DEADLINE_S);
  }
}
