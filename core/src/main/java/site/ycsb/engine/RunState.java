package site.ycsb.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import site.ycsb.engine.verdict.LagVerdict;

/**
 * What the client threads and the main thread of one run share: the phase gates, the operation counters and
 * the problems seen. Counters are lock-free; problem lists are synchronized (rare).
 *
 * <p>Thread-safe: shared by every client thread, the status sampler and the main thread.
 */
final class RunState {
  /** Counted down by each thread once its DB init (successful or not) is over. */
  final CountDownLatch initDone;
  /** Opened by the main thread when every init succeeded and the schedule is anchored. */
  final CountDownLatch startGate = new CountDownLatch(1);
  /** Counted down by each thread when it has no more operations to run. */
  final CountDownLatch opsDone;
  /** Opened by the main thread after the run's end time is taken; threads then clean up. */
  final CountDownLatch cleanupGate = new CountDownLatch(1);
  volatile boolean aborted;

  /**
   * How late operations intended to start in the first {@link #STARTUP_WINDOW_NS} of the schedule started relative
   * to their slot, in microseconds (throttled runs only). Each operation is recorded once, here or in
   * {@link #steadyLagUs}; the lag of the whole run is their sum ({@link #scheduleLag}).
   */
  private final Recorder startupLagUs = new Recorder(1, 3_600_000_000L, 3);
  /** The lag of the operations after it. */
  private final Recorder steadyLagUs = new Recorder(1, 3_600_000_000L, 3);
  /** The two lag histograms once taken (after the run), null before. */
  private Histogram startupLag;
  private Histogram steadyLag;
  /** The longest service time of one measured operation (ns), across threads: a database stall shows here. */
  final java.util.concurrent.atomic.AtomicLong maxServiceNs = new java.util.concurrent.atomic.AtomicLong();
  /** The start-up window of the schedule, judged separately by the verdicts (which declare it). */
  static final long STARTUP_WINDOW_NS = LagVerdict.STARTUP_WINDOW_NS;

  /** The lag recorders' range: a lag above it is recorded as it and counted ({@link #lagsAbove1h}). */
  static final long MAX_LAG_US = 3_600_000_000L;
  /** Operations that started more than an hour late (recorded as one hour), as latencies above 1 h are counted. */
  final java.util.concurrent.atomic.LongAdder lagsAbove1h = new java.util.concurrent.atomic.LongAdder();

  /** Records how late a measured operation started, and whether it was due in the start-up window. */
  void recordLag(long intendedNs, long actualNs, long scheduleStartNs) {
    long lagUs = Math.max(0, actualNs - intendedNs) / 1000;
    if (lagUs > MAX_LAG_US) {
      lagsAbove1h.increment();
      lagUs = MAX_LAG_US;
    }
    (intendedNs - scheduleStartNs < STARTUP_WINDOW_NS ? startupLagUs : steadyLagUs).recordValue(lagUs);
  }

  /** The lag of the operations due in the start-up window; call once the operations are over. */
  synchronized Histogram startupLag() {
    takeLag();
    return startupLag;
  }

  /** The lag of the operations due after the start-up window; call once the operations are over. */
  synchronized Histogram steadyLag() {
    takeLag();
    return steadyLag;
  }

  /** The lag of every measured operation (a new histogram); call once the operations are over. */
  synchronized Histogram scheduleLag() {
    takeLag();
    Histogram all = startupLag.copy();
    all.add(steadyLag);
    return all;
  }

  private void takeLag() {
    if (startupLag == null) {
      startupLag = startupLagUs.getIntervalHistogram();
      steadyLag = steadyLagUs.getIntervalHistogram();
    }
  }

  final AtomicLong failedInserts = new AtomicLong();
  /** Asynchronous calls the binding never completed within {@code async.deadline.s}, recorded as LOST. */
  final java.util.concurrent.atomic.LongAdder lostOps = new java.util.concurrent.atomic.LongAdder();
  /** Operations still in flight when an interrupted run stopped waiting for them (not in the figures). */
  final AtomicLong unfinishedOps = new AtomicLong();
  /** Set when the run stops waiting for the operations in flight (an interrupted run past its grace). */
  private volatile boolean inFlightAbandoned;

  /** The run no longer waits for operations in flight: the dispatchers stop draining and count what is left. */
  void abandonInFlight() {
    inFlightAbandoned = true;
  }

  boolean inFlightAbandoned() {
    return inFlightAbandoned;
  }

  private final List<String> initFailures = new ArrayList<>();
  private final List<String> runFailures = new ArrayList<>();

  RunState(int threads) {
    initDone = new CountDownLatch(threads);
    opsDone = new CountDownLatch(threads);
  }

  private final List<String> configurationErrors = new ArrayList<>();

  /** A binding refused its configuration (see {@link Failures#isConfigurationMistake}). */
  synchronized void configurationRefused(String message) {
    if (!configurationErrors.contains(message)) {
      configurationErrors.add(message);
    }
  }

  synchronized List<String> configurationErrors() {
    return new ArrayList<>(configurationErrors);
  }

  synchronized void initFailed(String message) {
    if (!initFailures.contains(message)) {
      initFailures.add(message);
    }
  }

  synchronized List<String> initFailures() {
    return new ArrayList<>(initFailures);
  }

  synchronized void runFailed(String message) {
    if (!runFailures.contains(message)) {
      runFailures.add(message);
    }
  }

  synchronized List<String> runFailures() {
    return new ArrayList<>(runFailures);
  }

  private final List<Worker> threads = new ArrayList<>();

  synchronized void register(Worker t) {
    threads.add(t);
  }

  private synchronized List<Worker> threads() {
    return new ArrayList<>(threads);
  }

  /** Operations completed so far, warm-up included (read while the run goes on). */
  long operationsSoFar() {
    long n = 0;
    for (Worker t : threads()) {
      n += t.operationsSoFar();
    }
    return n;
  }

  /**
   * Operations started and not finished at this moment (warm-up included), from counts the run keeps anyway: nothing
   * is added to an operation's path. On the asynchronous path, the in-flight places the dispatchers hold. On the
   * blocking path, the threads still in their operation loop ({@link #opsDone}'s count) less those waiting for a
   * slot's time or idle until called in ({@code waiters}, throttled runs); a thread between two operations counts as
   * in flight, so the figure can be a few threads high, never low by more than the same race. Read by the status
   * thread while the schedule is open.
   *
   * @param waiters the schedule's clock waiters, null when unthrottled
   */
  long inFlightNow(ClockWaiters waiters) {
    long places = 0;
    boolean anyPlaces = false;
    for (Worker t : threads()) {
      long n = t.inFlightNow();
      if (n >= 0) {
        anyPlaces = true;
        places += n;
      }
    }
    if (anyPlaces) {
      return places;
    }
    long inLoop = opsDone.getCount();
    if (waiters != null) {
      inLoop -= waiters.waiting() + waiters.idle();
    }
    return Math.max(0, inLoop);
  }

  /** Whether any thread has started a measured operation (false during warm-up). */
  boolean measuring() {
    for (Worker t : threads()) {
      if (t.firstMeasuredStartNs() != Long.MAX_VALUE) {
        return true;
      }
    }
    return false;
  }

  /** Measured operations so far (read while the run goes on; exact once the threads stopped). */
  long measuredOps() {
    long n = 0;
    for (Worker t : threads()) {
      n += t.measuredOps();
    }
    return n;
  }

  long warmupOps() {
    // measured first: a concurrent operation can then only make the difference larger, never negative
    long measured = measuredOps();
    return operationsSoFar() - measured;
  }

  // The totals below are read after opsDone was awaited, which orders them after the threads' writes.

  long busyNs() {
    long n = 0;
    for (Worker t : threads()) {
      n += t.busyNs();
    }
    return n;
  }

  /** How long measured operations waited past their intended start for a free thread or place, in total (ns). */
  long queuedNs() {
    long n = 0;
    for (Worker t : threads()) {
      n += t.queuedNs();
    }
    return n;
  }

  /** The longest such wait of one measured operation (ns). */
  long maxQueuedNs() {
    long max = 0;
    for (Worker t : threads()) {
      max = Math.max(max, t.maxQueuedNs());
    }
    return max;
  }

  /** The earliest (intended or actual) start of a measured operation; MAX_VALUE if none ran. */
  long measureStartNs() {
    long min = Long.MAX_VALUE;
    for (Worker t : threads()) {
      min = Math.min(min, t.firstMeasuredStartNs());
    }
    return min;
  }

  /** The latest completion of any operation; MIN_VALUE if none ran. */
  long lastOpEndNs() {
    long max = Long.MIN_VALUE;
    for (Worker t : threads()) {
      max = Math.max(max, t.lastOpEndNs());
    }
    return max;
  }

  /** Waits for a gate; returns false if the run was aborted meanwhile. */
  boolean await(CountDownLatch gate) {
    try {
      while (!gate.await(100, TimeUnit.MILLISECONDS)) {
        if (aborted) {
          return false;
        }
      }
      return !aborted;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
