package site.ycsb;

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

/**
 * Measures whether the client itself limited the run: its CPU use, its garbage-collection pauses and how late
 * operations started relative to the schedule. The verdict is a number the user can check, with one warning
 * line per problem.
 *
 * <p>Thread-safe: its watcher thread, the status sampler and the main thread use it at once; its state is synchronized
 * or atomic.
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
  /**
   * Threads (or in-flight places) busy more than this share of the time make late starts expected, not a sign of the
   * machine: with service times that vary, an operation often finds every thread taken (queueing theory: at 16
   * threads and 85% busy, about a third of the arrivals wait).
   */
  static final double THREADS_QUEUEING = 0.60;
  /** Runs shorter than this (seconds) get no CPU verdict. */
  static final double MIN_JUDGED_SEC = 1.0;
  /** Runs shorter than this (seconds) get no saturation or GC verdict: start-up work dominates them. */
  static final double SHORT_RUN_SEC = 5.0;
  /** A service time at least this share of the largest lag means the database, not the client, held threads. */
  static final double STALL_SHARE = 0.5;
  /** A process pause explains an operation up to this many times its length; a longer one was a stall too. */
  static final double PAUSE_AND_STALL = 1.5;
  /** How often the start of measurement (the end of a warm-up) is looked for, milliseconds. */
  static final long MEASURE_START_POLL_MS = 5;

  private final int cores = Runtime.getRuntime().availableProcessors();
  private final AtomicLong maxPauseMs = new AtomicLong();
  private final PauseMeter processPauses = new PauseMeter();
  private final List<Runnable> unregister = new ArrayList<>();
  private long cpuStartNs;
  private long gcCountStart;
  private long gcTimeStart;
  private Map<String, Long[]> gcStatsStart;
  private boolean stopped;
  private volatile Thread watcher;

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
  synchronized void stop() {
    stopped = true;
    processPauses.stop();
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

  /**
   * Called just before the schedule opens. With no warm-up ({@code measuring} is null) measurement starts now.
   * Otherwise CPU, garbage collection and process pauses are counted again from the moment {@code measuring} first
   * says true (polled every {@value #MEASURE_START_POLL_MS} ms by a daemon thread): the verdicts judge them against the
   * measured run time, and a warm-up's JIT compilation and start-up collections must not be charged to it.
   */
  void start(BooleanSupplier measuring) {
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
    maxPauseMs.set(0);
    processPauses.start();
  }

  /** Each collector's count and time when measurement started, for the {@code [TOTAL_GC...]} lines. */
  synchronized Map<String, Long[]> gcStatsAtStart() {
    return gcStatsStart;
  }

  /** The longest time the client process did not run between {@link #start} and {@link #stop}, microseconds. */
  private static String databaseStall(long maxServiceUs, long lagMax) {
    return String.format("the database stalled: one operation took %.2f s, and while threads waited for it the "
        + "schedule fell behind by up to %.2f s; the intended latency includes the stall, as an open-loop benchmark "
        + "must. Not a client problem.", maxServiceUs / 1e6, lagMax / 1e6);
  }

  long processPauseUs() {
    return processPauses.maxPauseUs();
  }

  /** What the verdicts need beyond the overall figures: when the lag happened, how long operations took, errors. */
  static final class Context {
    /** Schedule lag of operations due in the first seconds (p99, max) and after them (p99), microseconds. */
    long startupLagP99Us;
    long startupLagMaxUs;
    long steadyLagP99Us;
    long steadyCount;
    /** The longest service time of one measured operation, microseconds (0 if unknown). */
    long maxServiceUs;
    /** The longest time the client process did not run (GC, the OS), microseconds; see {@link PauseMeter}. */
    long processPauseUs;
    /** Measured operations that failed, all measured operations, and the failing statuses, e.g. "READ ERROR=12". */
    long failedOps;
    long allOps;
    String failures = "";
    /** The asynchronous path ran: -threads bounded the operations in flight rather than counting threads. */
    boolean inFlightBound;
    /** Calls the binding never completed, recorded as lost after {@link #deadlineSec} ({@code async.deadline.s}). */
    long lostOps;
    long deadlineSec;
  }

  /**
   * Judges the run and fills the warnings: the most specific explanation wins — most operations failed (the
   * figures describe failures), a start-up backlog (lag only in the first seconds), a pause of the client process
   * (GC or the OS; measured by {@link PauseMeter}), a database stall (an operation took about as long as the worst
   * lag), then the client's CPU, its threads, or the machine. Called when the run
   * ends.
   *
   * @param busyFraction the share of the run's thread-time (or in-flight capacity) spent inside measured operations
   */
  void finish(double runtimeSec, double throughput, double target, long lagP99, long lagMax, double busyFraction,
              Context c) {
    if (!stopped) {
      stop();
    }
    if (c.lostOps > 0) {
      // first: it is a fault of the client library, and the other verdicts describe the run around it
      warnings.add(LostOperations.verdict(c.lostOps, c.deadlineSec));
    }
    if (c.allOps > 0 && c.failedOps * 2 > c.allOps) {
      warnings.add(String.format("most operations failed (%d of %d: %s): the figures describe failures, not the "
          + "database's performance; see the binding's messages above.", c.failedOps, c.allOps, c.failures));
      lagP99Us = lagP99;
      lagMaxUs = lagMax;
      threadsBusy = busyFraction;
      cpuUtilisation = -1;
      return;
    }
    if (runtimeSec < SHORT_RUN_SEC) {
      // A run of a few seconds is mostly start-up: no CPU or GC verdict, only the schedule's.
      cpuUsedSec = -1;
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
        String what = String.format("operations started late by p99 %.1f ms (max %.1f ms) and %.0f of the target "
            + "%.0f ops/s were achieved", lagP99 / 1000.0, lagMax / 1000.0, throughput, target);
        boolean startupOnly = c.startupLagMaxUs > LAG_P99_LIMIT_US && c.steadyCount > 0
            && c.steadyLagP99Us <= LAG_P99_LIMIT_US;
        // A stall is a pause of the database while the client had room: with its threads busy nearly all the time,
        // long operations are the normal state, and the threads (too few) are the limit.
        // A pause of the whole client process makes the operations in flight as slow as a database stall would:
        // the pause meter, which runs beside them, tells the two apart.
        boolean processPaused = c.processPauseUs > LAG_P99_LIMIT_US && c.processPauseUs >= STALL_SHARE * lagMax
            && !cpuSaturated;
        boolean stall = c.maxServiceUs > LAG_P99_LIMIT_US && c.maxServiceUs >= STALL_SHARE * lagMax
            && busyFraction < THREADS_BUSY;
        if (startupOnly) {
          warnings.add(String.format("start-up backlog: operations due in the first %d s started late (p99 %.1f ms,"
              + " max %.1f ms), later ones on time (p99 %.1f ms): the JVM and the driver were warming up. Add "
              + "-p warmup=5s (or more) so that the measurement starts after it.",
              TimeUnit.NANOSECONDS.toSeconds(RunState.STARTUP_WINDOW_NS),
              c.startupLagP99Us / 1000.0, c.startupLagMaxUs / 1000.0, c.steadyLagP99Us / 1000.0));
        } else if (processPaused) {
          clientLimited = true;
          warnings.add(String.format("the client process was paused: for up to %.2f s it did not run (longest "
              + "garbage-collection pause %d ms; the rest is the OS not running it: other processes, CPU steal, a "
              + "suspended VM), and the schedule fell behind by up to %.2f s. The latency figures include the pause; "
              + "it was not the database.", c.processPauseUs / 1e6, maxPauseMs.get(), lagMax / 1e6));
          // An operation half as long again as the pause was not held by the pause alone: both happened (a loaded
          // machine took a 1.2 s database stall's process off the CPU for 0.6 s).
          if (stall && c.maxServiceUs > PAUSE_AND_STALL * c.processPauseUs) {
            warnings.add(databaseStall(c.maxServiceUs, lagMax));
          }
        } else if (stall) {
          warnings.add(databaseStall(c.maxServiceUs, lagMax));
        } else if (cpuSaturated) {
          clientLimited = true;
          warnings.add(String.format("client-limited run: %s; the client used %.0f%% of %d cores. Use more client "
              + "machines.", what, cpuUtilisation * 100, cores));
        } else if (busyFraction >= THREADS_QUEUEING && c.inFlightBound) {
          clientLimited = true;
          warnings.add(String.format("the schedule was not kept: %s; the in-flight bound (-threads on the "
              + "asynchronous path) was %.0f%% full, so operations waited for a free place before they started. "
              + "Raise -threads or lower -target.", what, busyFraction * 100));
        } else if (busyFraction >= THREADS_QUEUEING) {
          clientLimited = true;
          warnings.add(String.format("the schedule was not kept: %s; the client threads were busy %.0f%% of the time"
              + " waiting for the database, so operations often found every thread taken. Raise -threads or lower "
              + "-target.", what, busyFraction * 100));
        } else {
          clientLimited = true;
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
    if (runtimeSec >= SHORT_RUN_SEC && (gcTimeMs > 0.05 * runtimeSec * 1000 || maxPauseMs.get() > 200)) {
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
