package site.ycsb;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Measures whether the client itself limited the run: its CPU use, its garbage-collection pauses and how late
 * operations started relative to the schedule. The verdict is a number the user can check, with one warning
 * line per problem.
 */
final class ClientHealth {
  /** CPU use above this fraction of all cores means the client machine was the bottleneck. */
  static final double CPU_SATURATED = 0.90;
  /** Achieved throughput below this fraction of the target means the schedule was not kept. */
  static final double TARGET_MISSED = 0.99;
  /** A schedule-lag p99 above this many microseconds means operations started late. */
  static final long LAG_P99_LIMIT_US = 10_000;
  /** Threads inside operations more than this share of the time cannot absorb the schedule's bursts. */
  static final double THREADS_BUSY = 0.90;
  /** Runs shorter than this (seconds) get no CPU verdict. */
  static final double MIN_JUDGED_SEC = 1.0;

  private final int cores = Runtime.getRuntime().availableProcessors();
  private final AtomicLong maxPauseMs = new AtomicLong();
  private final List<Runnable> unregister = new ArrayList<>();
  private long cpuStartNs;
  private long gcCountStart;
  private long gcTimeStart;
  private boolean stopped;

  double cpuUsedSec;
  double cpuUtilisation;
  long gcCount;
  long gcTimeMs;
  long lagP99Us;
  long lagMaxUs;
  double threadsBusy;
  boolean clientLimited;
  final List<String> warnings = new ArrayList<>();

  ClientHealth() {
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
  void stop() {
    stopped = true;
    for (Runnable r : unregister) {
      r.run();
    }
    long cpuNs = processCpuNs();
    cpuUsedSec = cpuNs < 0 || cpuStartNs < 0 ? -1 : (cpuNs - cpuStartNs) / 1e9;
    gcCount = Utils.getGCTotalCollectionCount() - gcCountStart;
    gcTimeMs = Utils.getGCTotalTime() - gcTimeStart;
  }

  long gcMaxPauseMs() {
    return maxPauseMs.get();
  }

  /** Called when measurement starts. */
  void start() {
    cpuStartNs = processCpuNs();
    gcCountStart = Utils.getGCTotalCollectionCount();
    gcTimeStart = Utils.getGCTotalTime();
    maxPauseMs.set(0);
  }

  /**
   * Called when the run ends; judges the run and fills the warnings.
   *
   * @param busyFraction the share of the run's thread-time spent inside measured operations
   */
  void finish(double runtimeSec, double throughput, double target, long lagP99, long lagMax, double busyFraction) {
    if (!stopped) {
      stop();
    }
    // Too short a run to judge CPU use: start-up work would dominate it.
    cpuUtilisation = cpuUsedSec < 0 || runtimeSec < MIN_JUDGED_SEC ? -1 : cpuUsedSec / (runtimeSec * cores);
    lagP99Us = lagP99;
    lagMaxUs = lagMax;
    threadsBusy = busyFraction;
    boolean cpuSaturated = cpuUtilisation >= CPU_SATURATED;
    if (target > 0) {
      boolean missed = throughput < TARGET_MISSED * target;
      boolean late = lagP99 > LAG_P99_LIMIT_US;
      if (missed || late) {
        clientLimited = true;
        String what = String.format("operations started late by p99 %.1f ms (max %.1f ms) and %.0f of the target "
            + "%.0f ops/s were achieved", lagP99 / 1000.0, lagMax / 1000.0, throughput, target);
        if (cpuSaturated) {
          warnings.add(String.format("client-limited run: %s; the client used %.0f%% of %d cores. Use more client "
              + "machines.", what, cpuUtilisation * 100, cores));
        } else if (busyFraction >= THREADS_BUSY) {
          warnings.add(String.format("the schedule was not kept: %s; the client threads were busy %.0f%% of the time"
              + " waiting for the database. Raise -threads or lower -target.", what, busyFraction * 100));
        } else {
          warnings.add(String.format("the schedule was not kept: %s, although the client CPU was at %.0f%% and its "
              + "threads busy %.0f%%: this machine did not run the client threads on time (other processes, CPU "
              + "steal, or start-up; consider a warmup).", what, Math.max(0, cpuUtilisation * 100),
              busyFraction * 100));
        }
      }
    } else if (cpuSaturated) {
      warnings.add(String.format("client-limited run: the client used %.0f%% of %d cores, so the throughput "
          + "measures this client machine as much as the database; use more client machines.",
          cpuUtilisation * 100, cores));
      clientLimited = true;
    }
    if (runtimeSec > 0 && (gcTimeMs > 0.05 * runtimeSec * 1000 || maxPauseMs.get() > 200)) {
      warnings.add(String.format("client garbage collection took %d ms (%.1f%% of the run, longest pause %d ms); "
          + "give the client more heap (-jvm-args=-Xmx...).", gcTimeMs, 100.0 * gcTimeMs / (runtimeSec * 1000),
          maxPauseMs.get()));
    }
  }

  private static long processCpuNs() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
    }
    return -1;
  }

  int cores() {
    return cores;
  }
}
