package site.ycsb.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

import site.ycsb.Workload;
import site.ycsb.engine.verdict.ClientHealth;
import site.ycsb.engine.verdict.DatabaseReport;
import site.ycsb.engine.verdict.ErrorBudget;
import site.ycsb.engine.verdict.JvmTracker;
import site.ycsb.engine.verdict.LagVerdict;
import site.ycsb.engine.verdict.LiveVerdict;
import site.ycsb.engine.verdict.StatusHealth;
import site.ycsb.engine.verdict.SummaryJson;
import site.ycsb.measurements.Measurements;
import site.ycsb.observe.RunObserver;
import site.ycsb.output.RecordFiles;

/**
 * The measured part of one run: the schedule opened (at {@code start.epochms} when it is set) and run until its
 * last operation ends, its time limit passes or a signal stops it; then the run's figures and the verdicts on the
 * client's health ({@link ClientHealth}). The threads are started and initialised before ({@code EngineRun}); they
 * clean up between {@link #run} and {@link #result}.
 *
 * <p>Not thread-safe: driven by the run's main thread (the client threads share {@link RunState} and the schedule,
 * which are).
 */
final class MeasuredWindow {
  private final RunConfig config;
  private final Measurements measurements;
  private final Workload workload;
  private final RunState state;
  private final OperationSchedule schedule;
  private final Warmup warmup;
  /** Whether -threads bounds operations in flight (the asynchronous path) rather than counting threads. */
  private final boolean inFlightBound;
  private final String runId;
  /** The live observer ({@code metrics.*}), or null. */
  private final RunObserver observer;
  private ClientHealth health;
  private JvmTracker jvm;
  private StatusReporter reporter;
  /** The database nodes sampled during the run, or null (see {@link EngineTelemetry}). */
  private EngineTelemetry telemetry;
  private DatabaseReport database;
  private Interruption interruption;
  private long startNs;
  private long startEpochMs;
  private long endNs;
  private boolean timedOut;
  /**
   * Whether the sampled nodes ({@link EngineTelemetry}) and the database's own view were told that the measured window
   * has begun.
   */
  private boolean nodesToldWindow;
  /**
   * The measured start lies before the moment it is seen here; it is a monotonic time mapped onto the wall clock in
   * whole ms, and a second more covers that mapping and the clocks' drift during a warm-up.
   */
  private static final long WINDOW_START_SLACK_MS = 1000;

  MeasuredWindow(RunConfig config, Measurements measurements, Workload workload, RunState state,
      OperationSchedule schedule, Warmup warmup, boolean inFlightBound, String runId, RunObserver observer) {
    this.config = config;
    this.measurements = measurements;
    this.workload = workload;
    this.state = state;
    this.schedule = schedule;
    this.warmup = warmup;
    this.inFlightBound = inFlightBound;
    this.runId = runId;
    this.observer = observer;
  }

  /**
   * Everything that may take time (the first use of the JVM's management beans takes hundreds of ms, files are
   * opened), done before the schedule is anchored: slots must not fall due before threads can run them.
   */
  void prepare(ResultsDirectory resultsDir) throws IOException {
    health = new ClientHealth();
    jvm = config.trackJvm ? new JvmTracker() : null;
    reporter = new StatusReporter(measurements, state, schedule, config.statusIntervalMs, config.label,
        config.status ? System.err : null, resultsDir.writer(RecordFiles.TIMESERIES),
        resultsDir.writer(RecordFiles.STATUS_LOG),
        config.maxExecutionSec, jvm);
    reporter.health(new StatusHealth(health.cpuWaitMeter(), health.pauseMeter(), config.threads));
    if (observer != null) {
      reporter.observe(observer, health, config.target);
      // the verdict judges lateness, which only a schedule has; the node figures come from what the run samples anyway
      reporter.observeDatabase(schedule.isThrottled() ? new LiveVerdict(health, config.threads, database) : null,
          database == null ? () -> java.util.Collections.emptyMap() : database.view()::latest,
          telemetry == null ? () -> java.util.Collections.emptyMap() : telemetry::latest);
    }
    // With a warm-up, health counts CPU, GC and pauses again from the first measured operation on.
    health.start(warmup.isNone() ? null : state::measuring);
  }

  /** Opens the schedule and waits for its end; {@code interruption} is the run's signal handling. */
  void run(Interruption signals) throws IOException, InterruptedException {
    this.interruption = signals;
    awaitCommonStart();
    startNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
    startEpochMs = System.currentTimeMillis() + 1;
    schedule.start(startNs);
    if (config.maxExecutionSec > 0) {
      schedule.setDeadline(startNs + TimeUnit.SECONDS.toNanos(config.maxExecutionSec));
    }
    measurements.setLogStartTime(startEpochMs + TimeUnit.NANOSECONDS.toMillis(config.warmup.durationNs()));
    if (schedule.isThrottled() && warmup.operations() > 0) {
      schedule.measureFrom(warmup.operations(), measuredStartNs -> measurements.setLogStartTime(
          startEpochMs + TimeUnit.NANOSECONDS.toMillis(measuredStartNs - startNs)));
    }
    state.startGate.countDown();
    reporter.start();
    if (telemetry != null) {
      telemetry.open(config.resultsDir, startEpochMs);
    }
    timedOut = awaitOperations();
    // A run stopped by its time limit or a signal lasted until then, even when its last operation ended long
    // before (a low -target): runtime, and so throughput, cover the whole time the schedule was open.
    long stoppedNs = interruption.isInterrupted() ? Math.min(interruption.signalledNs(), schedule.deadlineNs())
        : timedOut || schedule.endedByDeadline() ? schedule.deadlineNs() : startNs;
    endNs = Math.max(Math.max(state.lastOpEndNs(), startNs), stoppedNs);
    health.stop();
    reporter.finish(endNs);
    reporter.close();
    String lostRows = reporter.writeFailures();
    if (lostRows != null) {
      // the run's record is incomplete (exit 1, as for results that cannot be written); its figures still follow
      state.runFailed(lostRows + " (timeseries.csv and status.log in " + config.resultsDir + " lack those rows)");
    }
    if (telemetry != null) {
      telemetry.stop();
    }
    long warmupBacklogMs = TimeUnit.NANOSECONDS.toMillis(schedule.measuredStartDelayNs());
    if (warmupBacklogMs > 0) {
      System.err.println("Warm-up: its operations fell " + warmupBacklogMs + " ms behind the schedule; the measured "
          + "operations' schedule started when the last of them had been issued, so that backlog is not measured.");
    }
  }

  /** What the bindings report about the database during the run (its silent nodes feed the verdict), or null. */
  void hearDatabase(DatabaseReport report) {
    this.database = report;
  }

  /** The database nodes to sample during the run ({@link EngineTelemetry}), or null. */
  void sampleNodes(EngineTelemetry nodes) {
    this.telemetry = nodes;
  }

  /** The JVM figures of {@code measurement.trackjvm}, or null. */
  JvmTracker jvm() {
    return jvm;
  }

  /** The run's figures, once the threads have cleaned up (they publish their last counts by then). */
  RunResult result(long initMs, long cleanupMs) {
    RunResult r = new RunResult(runId);
    r.gcStats = RunResult.gcSince(health.gcStatsAtStart());
    long measureStartNs = state.measureStartNs();
    if (measureStartNs == Long.MAX_VALUE) {
      measureStartNs = endNs;
    }
    r.startEpochMs = startEpochMs + TimeUnit.NANOSECONDS.toMillis(measureStartNs - startNs);
    r.endEpochMs = startEpochMs + TimeUnit.NANOSECONDS.toMillis(endNs - startNs);
    r.runtimeMs = TimeUnit.NANOSECONDS.toMillis(Math.max(0, endNs - measureStartNs));
    r.operations = state.measuredOps();
    r.throughput = r.runtimeMs == 0 ? 0.0 : 1000.0 * r.operations / r.runtimeMs;
    r.initMs = initMs;
    r.cleanupMs = cleanupMs;
    r.warmupOps = state.warmupOps();
    r.warmupMs = TimeUnit.NANOSECONDS.toMillis(Math.max(0, measureStartNs - startNs));
    r.failedInserts = state.failedInserts.get();
    r.lostOps = state.lostOps.sum();
    r.unfinishedOps = state.unfinishedOps.get();
    if (r.lostOps > 0) {
      state.runFailed(LostOperations.describe(r.lostOps, config.asyncDeadlineNs));
    }
    r.timedOut = timedOut;
    Histogram lag = state.scheduleLag();
    ClientHealth.Context context = verdictContext();
    r.errors = context.errors;
    health.finish(measures(r, lag), context);
    r.health = health;
    r.scheduleLag = lag;
    r.lagsAbove1h = state.lagsAbove1h.sum();
    if (telemetry != null) {
      r.databaseNodes = telemetry.sectionJson(r.startEpochMs, r.endEpochMs);
      r.databaseNodeLines = telemetry.report(r.startEpochMs, r.endEpochMs);
    }
    return r;
  }

  /** The run's figures that the lateness verdict judges (see {@link LagVerdict}); the client's own are added by it. */
  private LagVerdict.Measures measures(RunResult r, Histogram lag) {
    LagVerdict.Measures m = new LagVerdict.Measures();
    m.runtimeSec = r.runtimeMs / 1000.0;
    m.throughput = r.throughput;
    m.operations = r.operations;
    m.target = config.target;
    m.lagP99Us = lag.getTotalCount() == 0 ? 0 : lag.getValueAtPercentile(99);
    m.lagMaxUs = lag.getMaxValue();
    m.lagSumUs = (long) (lag.getMean() * lag.getTotalCount());
    m.queuedUs = config.target > 0 ? state.queuedNs() / 1000 : -1;
    m.maxQueuedUs = state.maxQueuedNs() / 1000;
    Histogram startup = state.startupLag();
    Histogram steady = state.steadyLag();
    m.startupLagP99Us = startup.getTotalCount() == 0 ? 0 : startup.getValueAtPercentile(99);
    m.startupLagMaxUs = startup.getMaxValue();
    m.steadyLagP99Us = steady.getTotalCount() == 0 ? 0 : steady.getValueAtPercentile(99);
    m.steadyCount = steady.getTotalCount();
    m.threads = config.threads;
    m.inFlightBound = inFlightBound;
    // Busy means inside database calls: the recorded service times, when they are recorded; else the loop's time
    // around each operation (which also holds the workload's own work and a thread descheduled around the call).
    Measurements.ServiceTimes service = measurements.serviceTimes();
    m.busyNs = service != null ? service.totalUs * 1000 : state.busyNs();
    m.loopBusyNs = service != null && !inFlightBound ? state.busyNs() : -1;
    m.longestLoopOpUs = inFlightBound ? -1 : state.maxServiceNs.get() / 1000;
    m.busyFraction = r.runtimeMs == 0 ? 0 : m.busyNs / (r.runtimeMs * 1e6 * config.threads);
    m.serviceP999Us = service != null ? service.worstP999Us : -1;
    m.heldEveryThreadUs = service != null ? service.kthLongestUs(config.threads) : -1;
    // The binding's own time: the loop's time around an operation also holds the thread being descheduled (on a
    // loaded machine 1.3 s around calls that each took under 25 us), which is no database stall.
    long longestCallUs = measurements.longestCallUs();
    m.longestCallUs = longestCallUs > 0 ? longestCallUs : state.maxServiceNs.get() / 1000;
    if (database != null) {
      List<DatabaseReport.Silence> silences = database.silences(r.startEpochMs, r.endEpochMs);
      List<String> named = new ArrayList<>();
      for (DatabaseReport.Silence s : silences) {
        m.silentNodeUs = Math.max(m.silentNodeUs, s.micros());
        named.add(s.describe(r.startEpochMs));
      }
      m.silentNodes = String.join("; ", named);
      m.clusterUnreachable = database.unreachable(r.startEpochMs, r.endEpochMs);
    }
    return m;
  }

  /** The failures and lost calls the verdicts name before the lateness (see {@link ClientHealth#finish}). */
  private ClientHealth.Context verdictContext() {
    ClientHealth.Context c = new ClientHealth.Context();
    c.lostOps = state.lostOps.sum();
    c.deadlineSec = TimeUnit.NANOSECONDS.toSeconds(config.asyncDeadlineNs);
    c.lostStatus = AsyncDBWrapper.LOST.getName();
    c.errors = ErrorBudget.judge(config.errorsBudget, measurements.getStatusCounts(),
        config.notFoundIsAnswer);
    return c;
  }

  /**
   * Waits for all threads to finish their operations, enforcing maxexecutiontime counted from the schedule's
   * start. Returns true on time-out.
   */
  private boolean awaitOperations() throws InterruptedException {
    long deadline = config.maxExecutionSec <= 0 ? Long.MAX_VALUE
        : startNs + TimeUnit.SECONDS.toNanos(config.maxExecutionSec);
    GiveUpWatch giveUp = config.errorsGiveUpNs > 0 ? new GiveUpWatch(config.errorsGiveUpNs) : null;
    long lastLookNs = System.nanoTime();
    // Wakes up at least every 100 ms to notice an interruption (a signal handler cannot count down the latch).
    while (!state.opsDone.await(Math.max(0, Math.min(deadline - System.nanoTime(),
        TimeUnit.MILLISECONDS.toNanos(100))), TimeUnit.NANOSECONDS)) {
      if (interruption.isInterrupted()) {
        // The handler has stopped the schedule; threads finish their current operation, within a bound.
        if (!state.opsDone.await(Interruption.GRACE_NS, TimeUnit.NANOSECONDS)) {
          // Asynchronous dispatchers stop draining at once and count what is left; blocking threads cannot.
          state.abandonInFlight();
          state.opsDone.await(1, TimeUnit.SECONDS);
          LostOperations.reportUnfinished(state, TimeUnit.NANOSECONDS.toSeconds(Interruption.GRACE_NS));
        }
        return false;
      }
      if (System.nanoTime() - deadline >= 0) {
        break;
      }
      if (!nodesToldWindow && (telemetry != null || database != null) && state.measuring()) {
        // the measured window began before now: the nodes' samples after it can be summed as they come (bounded)
        long by = System.currentTimeMillis() + WINDOW_START_SLACK_MS;
        if (telemetry != null) {
          telemetry.windowStartsBy(by);
        }
        if (database != null) {
          database.view().windowStartsBy(by);
        }
        nodesToldWindow = true;
      }
      long now = System.nanoTime();
      if (giveUp != null && state.measuring() && now - lastLookNs >= GiveUpWatch.LOOK_EVERY_NS) {
        lastLookNs = now;
        String verdict = giveUp.observe(now, measurements.getStatusCounts());
        if (verdict != null) {
          // as max_consecutive_errors does: the threads end their current operation, the results are written, exit 1
          state.runFailed(verdict);
          workload.requestStopBecauseOfError();
          giveUp = null;
        }
      }
    }
    if (state.opsDone.getCount() == 0) {
      awaitScheduleEnd();
      return false;
    }
    System.err.println("Maximum execution time of " + config.maxExecutionSec + " s reached; stopping the threads.");
    workload.requestStop();
    while (!state.opsDone.await(2, TimeUnit.SECONDS)) {
      System.err.println("Still waiting for " + state.opsDone.getCount() + " client thread(s) to finish their "
          + "current operation...");
    }
    return true;
  }

  /**
   * After the last slot before the deadline, waits for the deadline itself: the run lasts the time it was given,
   * as its reported runtime says, and a fleet's clients end together. Ctrl-C ends the wait.
   */
  private void awaitScheduleEnd() throws InterruptedException {
    if (!schedule.endedByDeadline()) {
      return;
    }
    long left;
    while (!interruption.isInterrupted() && (left = schedule.deadlineNs() - System.nanoTime()) > 0) {
      Thread.sleep(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 100)));
    }
  }

  /** Waits for {@code start.epochms}, if set; a start that is already past is reported, not hidden. */
  private void awaitCommonStart() throws InterruptedException {
    if (config.startEpochMs == 0) {
      return;
    }
    long wait = config.startEpochMs - System.currentTimeMillis();
    if (wait < 0) {
      System.err.println("WARNING: the schedule starts " + (-wait) + " ms after start.epochms="
          + config.startEpochMs + " (" + SummaryJson.iso(config.startEpochMs) + "): init took longer than the "
          + "start delay, so this client starts late");
      return;
    }
    System.err.println("Starting at " + SummaryJson.iso(config.startEpochMs) + " (start.epochms), in " + wait
        + " ms.");
    // Ctrl-C while waiting ends the wait: the schedule then opens already stopped, and the run reports nothing done.
    while (!interruption.isInterrupted() && (wait = config.startEpochMs - System.currentTimeMillis()) > 0) {
      Thread.sleep(Math.min(wait, 100));
    }
  }
}
