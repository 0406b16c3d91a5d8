package site.ycsb.engine.verdict;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Names the party that made a throttled run's operations start late — the machine, the client or the database — from
 * a direct measure of each, and says the measure's number. A verdict never names a cause whose own measure does not
 * support it: the machine needs the client's threads to have waited for a CPU (or the process to have stood still
 * without a garbage collection), the client needs its CPU or its threads to have been used up (or its garbage
 * collector to have paused it), the database needs its own recorded calls to have been slow beyond what the machine's
 * pause explains.
 *
 * <p>The rules, in order, once the schedule was not kept (achieved under 99% of the target, or lag p99 over 10 ms)
 * and some measured operation started more than 10 ms late (nothing measured, or nothing late, has no lateness):
 * <ol>
 *   <li>the cluster was unreachable (no node the client knew was up): the database, and no line of its own (the
 *       cluster's verdict says it; one cause per fact);
 *   <li>lag only in the first seconds: a start-up backlog;
 *   <li>a database node that stopped answering (over open connections, as its binding reported) for at least half
 *       the worst lag: the database, whatever the client's CPU wait or in-flight bound say (calls to the silent node
 *       held them), unless a pause of the process was longer still;
 *   <li>a pause of the whole process that explains half the worst lag: the longest garbage-collection pause (the
 *       client) or the longest pause no collection explains (the machine), the larger;
 *   <li>the client's CPU at 90% of all cores: the client;
 *   <li>when half or more of the lateness was operations waiting for a free thread (in-flight place): the database,
 *       when it held every thread (the -threads-th longest call, less the longest process pause) at least half as
 *       long as the longest such wait; else the client's threads, busy in database calls 60% of the time or more
 *       — beyond the client's wait for a CPU when the machine was busy, as the calls' times hold that wait (the
 *       verdict adds that the machine was busy too when it was); else the workload's own code, when one
 *       operation spent half the worst lag outside its call beyond any pause of the process, and the threads' time
 *       outside calls could have held all of them that long;
 *   <li>the client's threads waited for a CPU at least as long as they ran: the machine (this is also the verdict
 *       when most of the lateness was free threads starting late);
 *   <li>otherwise no measured cause accounts for the lag, and the verdict says so with every measure.
 * </ol>
 *
 * <p>Not thread-safe: built once, when the run ends.
 */
public final class LagVerdict {
  /**
   * The start-up window of the schedule (its first two seconds), whose lateness is judged apart from the steady
   * state's: all threads opening the schedule at once with a cold JVM is not the same fault as lateness later.
   */
  public static final long STARTUP_WINDOW_NS = TimeUnit.SECONDS.toNanos(2);

  /** What made the operations start late (the {@code cause} of summary.json's {@code health.verdict}). */
  public enum Cause {
    /** The schedule was kept (or the run had no schedule and its client had room). */
    NONE,
    /** More operations failed than errors.budget allows: the figures describe failures; lateness is not judged. */
    FAILURES,
    /** Only operations due in the first seconds were late: the JVM and the driver warming up. */
    STARTUP,
    /** The machine did not run the client on time (other processes, CPU steal, a suspended VM). */
    MACHINE,
    /** The client itself: its CPU, its threads or in-flight bound, or its garbage collector. */
    CLIENT,
    /** The database's own calls were slow. */
    DATABASE,
    /** The schedule was not kept and no measured cause accounts for it. */
    UNEXPLAINED;

    /** The name summary.json and the tools use: "machine", "client", ... */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Achieved throughput below this fraction of the target means the schedule was not kept. */
  static final double TARGET_MISSED = 0.99;
  /** A schedule-lag p99 above this many microseconds means operations started late. */
  static final long LAG_P99_LIMIT_US = 10_000;
  /** An event (call, pause) at least this share of the worst lag explains it. */
  static final double EXPLAINS = 0.5;
  /** Threads inside operations more than this share of the time cannot absorb the schedule's bursts. */
  static final double THREADS_BUSY = 0.90;
  /**
   * Threads (or in-flight places) busy more than this share of the time make late starts expected: with service times
   * that vary, an operation often finds every thread taken (at 16 threads and 85% busy about a third of the arrivals
   * wait).
   */
  static final double THREADS_QUEUEING = 0.60;
  /** Client CPU use above this fraction of all cores means the client machine's CPU was the limit. */
  static final double CPU_SATURATED = 0.90;

  /** The figures of one run that the verdict judges; -1 marks a figure that was not measured. */
  public static final class Measures {
    public double runtimeSec;
    public double throughput;
    public double target;
    public long lagP99Us;
    public long lagMaxUs;
    /** Schedule lag of operations due in the first seconds (p99, max) and after them (p99, count), µs. */
    public long startupLagP99Us;
    public long startupLagMaxUs;
    public long steadyLagP99Us;
    public long steadyCount;
    /** The client's threads' run-queue delay (time ready but not run) and time on a CPU, ns; -1: not measured. */
    public long cpuWaitNs = -1;
    public long cpuRunNs = -1;
    /** The same wait of the engine's operation threads alone (ns); -1 when they cannot be told apart. */
    public long workerCpuWaitNs = -1;
    /** The machine's 1-minute load average when the run ended (-1: unknown), and its cores. */
    public double loadAverage = -1;
    public int cores = Runtime.getRuntime().availableProcessors();
    /** The client process's CPU time / (run time × cores), -1 when the run was too short to judge. */
    double cpuUtilisation = -1;
    /** -threads, and whether it bounded operations in flight (the asynchronous path) rather than counting threads. */
    public int threads;
    public boolean inFlightBound;
    /** Time inside database calls (summed over threads or in-flight places), ns, and its share of their time. */
    public long busyNs;
    public double busyFraction;
    /**
     * The threads' time in the operation loop from each operation's start to its end (ns; the database call and the
     * workload's own work around it), -1 when it is not kept apart from {@link #busyNs}.
     */
    public long loopBusyNs = -1;
    /** The longest time one operation took in the loop (its call and the workload's code around it), µs; -1 unknown. */
    public long longestLoopOpUs = -1;
    /** The slowest operation type's service-time p99.9 (-1: not recorded) and the longest call, µs. */
    public long serviceP999Us = -1;
    public long longestCallUs;
    /**
     * The longest the database can have held every thread (in-flight place) at once, µs: the -threads-th longest
     * recorded call (every one of them that long); -1 when not recorded. A database makes operations start late only
     * by holding every thread: a stall holds them all, slow calls among free threads hold none of the schedule.
     */
    public long heldEveryThreadUs = -1;
    /** The schedule lag summed over the measured operations, µs. */
    public long lagSumUs;
    /**
     * The part of it spent waiting for a free thread (in-flight place) — a slot claimed after it fell due — in total
     * (-1: not measured) and the longest such wait, µs. The rest is operations a free thread started late.
     */
    public long queuedUs = -1;
    public long maxQueuedUs;
    /** The longest time the process did not run (GC or the OS; {@link PauseMeter}), and the longest GC pause, µs. */
    public long processPauseUs;
    public long gcPauseUs;
    /**
     * The longest time a database node did not answer over open connections within the measured run, µs (0: none
     * did), as the binding reported it ({@code DatabaseReports.nodeSilence}), and the silences named for a verdict.
     */
    public long silentNodeUs;
    public String silentNodes = "";
    /** The measured operations (0: nothing was measured, and there is no lateness to judge). */
    public long operations = -1;
    /**
     * Whether the cluster was unreachable during the measured run (no node the client knew was up): its own verdict
     * says so, and it is the cause of any lateness then, not the client's threads or CPU.
     */
    public boolean clusterUnreachable;

    /** Whether the client's threads waited for a CPU at least as long as they ran on one. */
    public boolean machineBusy() {
      return cpuWaitNs >= 0 && cpuRunNs >= 0 && cpuWaitNs > 0 && cpuWaitNs >= cpuRunNs;
    }

    /** The part of the longest process pause that no garbage collection explains: the OS did not run it. */
    long osPauseUs() {
      return Math.max(0, processPauseUs - gcPauseUs);
    }

    boolean cpuSaturated() {
      return cpuUtilisation >= CPU_SATURATED;
    }

    /** The threads' time in the operation loop outside database calls (the workload's own code), ns; -1 unknown. */
    public long outsideCallsNs() {
      return loopBusyNs < 0 ? -1 : Math.max(0, loopBusyNs - busyNs);
    }
  }

  final Cause cause;
  /** The verdict's line (null when the schedule was kept). */
  final String text;
  /** Whether the client was the limit (its figures understate the database). */
  final boolean clientLimited;

  private LagVerdict(Cause cause, String text) {
    this.cause = cause;
    this.text = text;
    this.clientLimited = cause == Cause.CLIENT;
  }

  /** Judges a run's measures. */
  static LagVerdict judge(Measures m) {
    if (m.operations == 0) {
      // nothing was measured (a signal during the warm-up): no verdict on a client or a schedule that did nothing
      return new LagVerdict(Cause.NONE, null);
    }
    if (m.target <= 0) {
      if (m.cpuSaturated()) {
        return new LagVerdict(Cause.CLIENT, String.format(Locale.ROOT, "client-limited run: the client used %.0f%% of"
            + " %d cores, so the throughput measures this client machine as much as the database; use more client "
            + "machines.", m.cpuUtilisation * 100, m.cores));
      }
      return new LagVerdict(Cause.NONE, null);
    }
    boolean missed = m.throughput < TARGET_MISSED * m.target;
    boolean late = m.lagP99Us > LAG_P99_LIMIT_US;
    // Lateness needs an operation that started late: with every operation on time (a rate missed only by a run that
    // lasted beyond its last operation) no cause is named.
    if (!missed && !late || m.lagMaxUs <= LAG_P99_LIMIT_US) {
      return new LagVerdict(Cause.NONE, null);
    }
    if (m.clusterUnreachable) {
      // One cause per fact: the outage's verdict names it; the threads it held are not the client's limit.
      return new LagVerdict(Cause.DATABASE, null);
    }
    String what = String.format(Locale.ROOT, "operations started late by p99 %s (max %s) and %.0f of the target %.0f "
        + "ops/s were achieved", time(m.lagP99Us), time(m.lagMaxUs), m.throughput, m.target);
    if (m.startupLagMaxUs > LAG_P99_LIMIT_US && m.steadyCount > 0 && m.steadyLagP99Us <= LAG_P99_LIMIT_US) {
      return new LagVerdict(Cause.STARTUP, String.format(Locale.ROOT, "start-up backlog: operations due in the first "
          + "%d s started late (p99 %s, max %s), later ones on time (p99 %s): the JVM and the driver were warming up."
          + " Add -p warmup=5s (or more) so that the measurement starts after it.",
          TimeUnit.NANOSECONDS.toSeconds(STARTUP_WINDOW_NS), time(m.startupLagP99Us),
          time(m.startupLagMaxUs), time(m.steadyLagP99Us)));
    }
    LagVerdict silent = silentNode(m, what);
    if (silent != null) {
      return silent;
    }
    LagVerdict pause = processPause(m);
    if (pause != null) {
      return pause;
    }
    if (m.cpuSaturated()) {
      return new LagVerdict(Cause.CLIENT, String.format(Locale.ROOT, "client-limited run: %s; the client used %.0f%% "
          + "of %d cores. Use more client machines.", what, m.cpuUtilisation * 100, m.cores));
    }
    boolean queueing = m.queuedUs < 0 || m.queuedUs >= EXPLAINS * m.lagSumUs;
    if (queueing) {
      LagVerdict pool = fullPool(m, what);
      if (pool != null) {
        return pool;
      }
    }
    if (m.machineBusy()) {
      return new LagVerdict(Cause.MACHINE, String.format(Locale.ROOT, "the machine did not run the client on time: "
          + "%s; %sthe client's threads waited %s in total for a CPU (%sthey ran %s%s), while its CPU use was %s and its"
          + " threads busy in database calls %.0f%% of the time (the calls' times hold that wait). Other processes (or "
          + "CPU steal) took the CPUs; the latency figures include the wait. It was not the database.", what, queueing ? "" : String.format(
          Locale.ROOT, "%.0f%% of the lateness was operations a free thread started late; ", 100 - queuedPercent(m)),
          seconds(m.cpuWaitNs), m.workerCpuWaitNs < 0 ? "" : "the operation threads " + seconds(m.workerCpuWaitNs)
          + "; ", seconds(m.cpuRunNs), load(m), percentOrUnknown(m.cpuUtilisation), m.busyFraction * 100));
    }
    return new LagVerdict(Cause.UNEXPLAINED, String.format(Locale.ROOT, "the schedule was not kept: %s, and no "
        + "measured cause accounts for it: %s the client's threads waited %s for a CPU%s, its CPU use was %s, its "
        + "threads were busy in database calls %.0f%% of the time, the longest call took %s and the process stood still"
        + " for at most %s.", what, m.queuedUs < 0 ? "" : String.format(Locale.ROOT, "%.0f%% of the lateness was "
        + "operations waiting for a free thread;", queuedPercent(m)), m.cpuWaitNs < 0 ? "(not measured: no /proc/self/task/*/schedstat here)"
        : seconds(m.cpuWaitNs), m.cpuWaitNs < 0 ? "" : " (they ran " + seconds(m.cpuRunNs) + load(m) + ")",
        percentOrUnknown(m.cpuUtilisation), m.busyFraction * 100, time(m.longestCallUs), time(m.processPauseUs)));
  }

  /**
   * A pause of the whole process that explains at least half of the worst lag — the longest garbage-collection pause
   * (the client), or the longest pause no collection explains (the OS did not run it: the machine; not when the
   * client's own CPU was saturated) — the larger of the two; null if neither does.
   */
  private static LagVerdict processPause(Measures m) {
    long needed = eventNeededUs(m.lagMaxUs);
    long gc = m.gcPauseUs;
    long os = m.cpuSaturated() ? -1 : m.osPauseUs();
    if (Math.max(gc, os) < needed) {
      return null;
    }
    if (os >= gc) {
      return new LagVerdict(Cause.MACHINE, String.format(Locale.ROOT, "the machine did not run the client on time: for"
          + " up to %s the client process did not run (longest garbage-collection pause %s; the rest is the OS not "
          + "running it: other processes, CPU steal, a suspended VM)%s, and the schedule fell behind by up to %s (p99 "
          + "%s). The latency figures include the pause%s", time(m.processPauseUs),
          time(m.gcPauseUs), m.cpuWaitNs < 0 ? "" : "; its threads waited " + seconds(m.cpuWaitNs)
          + " in total for a CPU" + load(m), time(m.lagMaxUs), time(m.lagP99Us), databaseToo(m)));
    }
    return new LagVerdict(Cause.CLIENT, String.format(Locale.ROOT, "the client's garbage collector paused it for up "
        + "to %s, and the schedule fell behind by up to %s (p99 %s); the latency figures include the pause. Give the"
        + " client more heap (-jvm-args=-Xmx...).", time(m.gcPauseUs), time(m.lagMaxUs), time(m.lagP99Us)));
  }

  /**
   * A database node stopped answering for at least half the worst lag: the calls sent to it held threads (in-flight
   * places) until the binding gave them up, whatever else the client's measures say — a busy machine or a full
   * in-flight bound is then the silent node's doing, and the verdict adds a busy machine as a second fact. A pause
   * of the process longer than the silence is the process's (the next rule); null otherwise.
   */
  private static LagVerdict silentNode(Measures m, String what) {
    if (m.silentNodeUs <= 0 || m.silentNodeUs < eventNeededUs(m.lagMaxUs) || m.processPauseUs >= m.silentNodeUs) {
      return null;
    }
    return new LagVerdict(Cause.DATABASE, String.format(Locale.ROOT, "a database node stopped answering: %s (its "
        + "connections stayed open: a partition, a frozen or overloaded process); %s; calls sent to it held %s until "
        + "the binding gave them up or it answered (longest call %s). The intended latency includes the wait, as an "
        + "open-loop benchmark must. The database's doing, not the client's (the process stood still for at most %s).",
        m.silentNodes, what, m.inFlightBound ? "in-flight places" : "threads", time(m.longestCallUs),
        time(m.processPauseUs)) + machineAlsoBusy(m));
  }

  /** A call this many times as long as the process's pause was not held by the pause alone: both happened. */
  static final double PAUSE_AND_STALL = 1.5;

  /**
   * After a pause of the process: "; it was not the database." — or, when the database held every thread half as
   * long again as the pause (a loaded machine took a 1.2 s database stall's process off the CPU for 0.6 s), that the
   * database was slow too, with its measure.
   */
  private static String databaseToo(Measures m) {
    long held = m.heldEveryThreadUs >= 0 ? m.heldEveryThreadUs : m.longestCallUs;
    if (held <= LAG_P99_LIMIT_US || held <= PAUSE_AND_STALL * m.processPauseUs) {
      return "; it was not the database.";
    }
    return String.format(Locale.ROOT, ". The database was slow too: its calls held every %s for %s (longest call %s, "
        + "service p99.9 %s), more than the pause explains.", m.inFlightBound ? "in-flight place" : "thread",
        time(held), time(m.longestCallUs), m.serviceP999Us < 0 ? "not recorded" : time(m.serviceP999Us));
  }

  /**
   * Why operations waited for a free thread (in-flight place), when that is most of the lateness: the database held
   * every thread about as long as the longest wait, the threads were busy in calls, or the workload's own code held
   * them; null when none of these measures accounts for it.
   */
  private static LagVerdict fullPool(Measures m, String what) {
    // The database held every thread (place) for at most the -threads-th longest call, less a pause of the process
    // that may lie inside the calls: slow calls among free threads left others to take the operations. With the
    // threads busy nearly all the time long calls are the normal state, and the threads (too few) are the limit.
    long longestWait = m.queuedUs < 0 ? m.lagMaxUs : m.maxQueuedUs;
    long held = (m.heldEveryThreadUs >= 0 ? m.heldEveryThreadUs : m.longestCallUs) - m.processPauseUs;
    if (m.busyFraction < THREADS_BUSY && held >= eventNeededUs(longestWait)) {
      return new LagVerdict(Cause.DATABASE, String.format(Locale.ROOT, "the database was slow: service p99.9 %s, "
          + "longest call %s%s, and while every thread waited for it the schedule fell behind by up to %s (p99 %s); "
          + "the intended latency includes the wait, as an open-loop benchmark must. Not a client problem (the process"
          + " stood still for at most %s).", m.serviceP999Us < 0 ? "not recorded" : time(m.serviceP999Us),
          time(m.longestCallUs), m.heldEveryThreadUs < 0 ? "" : String.format(Locale.ROOT, " (%d calls took at least "
          + "%s: all %d %s held at once)", Math.max(1, m.threads), time(m.heldEveryThreadUs), Math.max(1, m.threads),
          m.inFlightBound ? "in-flight places" : "threads"), time(m.lagMaxUs), time(m.lagP99Us),
          time(m.processPauseUs)) + machineAlsoBusy(m));
    }
    if (busyBeyondCpuWait(m) >= THREADS_QUEUEING) {
      return new LagVerdict(Cause.CLIENT, m.inFlightBound
          ? String.format(Locale.ROOT, "the client limited the schedule: %s; the in-flight bound (-threads %d on the "
              + "asynchronous path) was %.0f%% full%s, so operations waited for a free place before they started. "
              + "Raise -threads or lower -target.", what, m.threads, m.busyFraction * 100, beyondWait(m))
              + machineAlsoBusy(m)
          : String.format(Locale.ROOT, "the client limited the schedule: %s; all %d threads were busy in database "
              + "calls %.0f%% of the time%s, so operations often found every thread taken. Raise -threads or lower "
              + "-target.", what, m.threads, m.busyFraction * 100, beyondWait(m)) + machineAlsoBusy(m));
    }
    // The workload's own code held the threads: one operation spent, outside its call, at least half the worst lag
    // beyond any pause of the process, and the threads' time outside calls could have held every one of them so long.
    long needed = eventNeededUs(m.lagMaxUs);
    long outsideOne = m.longestLoopOpUs - m.longestCallUs - m.processPauseUs;
    long outside = m.outsideCallsNs();
    if (m.longestLoopOpUs >= 0 && outside >= 0 && outsideOne >= needed
        && outside / 1000 >= (double) needed * Math.max(1, m.threads)) {
      return new LagVerdict(Cause.CLIENT, String.format(Locale.ROOT, "the client's own work held its threads: %s; "
          + "one operation took %s in the loop against a longest database call of %s, and the threads spent %s in the "
          + "workload's code outside database calls (%.0f%% of their time) and %.0f%% in database calls. The workload,"
          + " not the database, made the operations late.", what, time(m.longestLoopOpUs), time(m.longestCallUs),
          seconds(outside), 100.0 * outside / (m.runtimeSec * 1e9 * Math.max(1, m.threads)), m.busyFraction * 100));
    }
    return null;
  }

  /**
   * The threads' (in-flight places') share of time in database calls, on a quiet machine. When the machine was busy
   * ({@link Measures#machineBusy}) the calls' times hold the client's wait for a CPU, so this is the share the target
   * rate would need of them with the calls' time beyond that wait: the busy share less the wait, scaled from the
   * achieved rate to the target. Threads short of the target even without the wait are the client's limit; threads
   * that would have had room were held by the machine.
   */
  static double busyBeyondCpuWait(Measures m) {
    if (!m.machineBusy()) {
      return m.busyFraction;
    }
    double capacityNs = m.runtimeSec * 1e9 * Math.max(1, m.threads);
    double toTarget = m.throughput > 0 ? Math.max(1, m.target / m.throughput) : 1;
    return capacityNs <= 0 ? 0 : toTarget * Math.max(0, m.busyNs - waitInCallsNs(m)) / capacityNs;
  }

  /**
   * The CPU wait that can lie inside the calls: on the blocking path the operation threads' own (they make the calls),
   * on the asynchronous path every thread's (the binding's own threads complete the calls); ns.
   */
  private static long waitInCallsNs(Measures m) {
    return m.inFlightBound || m.workerCpuWaitNs < 0 ? m.cpuWaitNs : m.workerCpuWaitNs;
  }

  /** " (at the target rate the calls, less the client's 10.00 s wait for a CPU, need them 79% of the time)", or "". */
  private static String beyondWait(Measures m) {
    return !m.machineBusy() ? "" : String.format(Locale.ROOT, " (at the target rate the calls, less the %s %s wait for"
        + " a CPU, need them %.0f%% of the time)", m.inFlightBound || m.workerCpuWaitNs < 0 ? "client's"
        : "operation threads'", seconds(waitInCallsNs(m)), busyBeyondCpuWait(m) * 100);
  }

  /** The share of the lateness (summed over operations) spent waiting for a free thread or place, percent. */
  private static double queuedPercent(Measures m) {
    return m.lagSumUs <= 0 || m.queuedUs < 0 ? 0 : Math.min(100, 100.0 * m.queuedUs / m.lagSumUs);
  }

  /**
   * " The client's machine was busy too: ..." when its threads waited for a CPU at least as long as they ran, else "":
   * the calls' times hold part of that wait, and a database on the same machine is slowed by it as well.
   */
  private static String machineAlsoBusy(Measures m) {
    return !m.machineBusy() ? "" : String.format(Locale.ROOT, " The client's machine was busy too: its threads waited "
        + "%s for a CPU and ran %s%s; the calls' times hold part of that wait, and a database on the same machine is "
        + "slowed by it as well.", seconds(m.cpuWaitNs), seconds(m.cpuRunNs), load(m));
  }

  /** How long an event (a call, a pause) must be to explain the worst lag {@code lagMaxUs}: half of it, µs. */
  static long eventNeededUs(long lagMaxUs) {
    return Math.max(LAG_P99_LIMIT_US, (long) (EXPLAINS * lagMaxUs));
  }

  /** "; load average 9.0 on 2 cores", or "" when unknown. */
  private static String load(Measures m) {
    return m.loadAverage < 0 ? "" : String.format(Locale.ROOT, "; load average %.1f on %d cores", m.loadAverage,
        m.cores);
  }

  private static String percentOrUnknown(double share) {
    return share < 0 ? "not judged (short run)" : String.format(Locale.ROOT, "%.0f%% of all cores", share * 100);
  }

  /** Nanoseconds as "1.23 s". */
  static String seconds(long ns) {
    return String.format(Locale.ROOT, "%.2f s", ns / 1e9);
  }

  /** Microseconds as "25 us", "12.5 ms" or "2.10 s". */
  static String time(long us) {
    if (us < 1000) {
      return us + " us";
    }
    if (us < 1_000_000) {
      return String.format(Locale.ROOT, "%.1f ms", us / 1000.0);
    }
    return String.format(Locale.ROOT, "%.2f s", us / 1e6);
  }
}
