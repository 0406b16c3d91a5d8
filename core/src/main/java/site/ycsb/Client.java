package site.ycsb;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;

import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * The benchmark client: {@code java site.ycsb.Client [-load|-t] -db <class> -P <workload> [-p k=v] ...}.
 *
 * <p>A run goes: parse and validate everything → initialise the workload → every thread initialises its
 * binding (all must succeed before the schedule starts) → the measured operations → the end time is taken →
 * bindings clean up (outside the measured time) → results are written. See {@link ExitCode} for exit codes.
 */
public final class Client {
  // YCSB 0.17.0's constants, kept as compile-time constants so that code written for 0.17.0 compiles and links
  // unchanged; each is an alias of the option of the same name in EngineOptions, where options are declared.
  /** Alias of the default of {@link EngineOptions#RECORD_COUNT}. */
  public static final String DEFAULT_RECORD_COUNT = "0";
  /** Alias of {@link EngineOptions#OPERATION_COUNT}. */
  public static final String OPERATION_COUNT_PROPERTY = "operationcount";
  /** Alias of {@link EngineOptions#RECORD_COUNT}. */
  public static final String RECORD_COUNT_PROPERTY = "recordcount";
  /** Alias of {@link EngineOptions#WORKLOAD}. */
  public static final String WORKLOAD_PROPERTY = "workload";
  /** Alias of {@link EngineOptions#DB}. */
  public static final String DB_PROPERTY = "db";
  /** Alias of {@link EngineOptions#EXPORTER}. */
  public static final String EXPORTER_PROPERTY = "exporter";
  /** Alias of {@link EngineOptions#EXPORT_FILE}. */
  public static final String EXPORT_FILE_PROPERTY = "exportfile";
  /** Alias of {@link EngineOptions#THREAD_COUNT}. */
  public static final String THREAD_COUNT_PROPERTY = "threadcount";
  /** Alias of {@link EngineOptions#INSERT_COUNT}. */
  public static final String INSERT_COUNT_PROPERTY = "insertcount";
  /** Alias of {@link EngineOptions#TARGET}. */
  public static final String TARGET_PROPERTY = "target";
  /** Alias of {@link EngineOptions#MAX_EXECUTION_TIME}. */
  public static final String MAX_EXECUTION_TIME = "maxexecutiontime";
  /** Alias of {@link EngineOptions#DO_TRANSACTIONS}. */
  public static final String DO_TRANSACTIONS_PROPERTY = "dotransactions";
  /** Alias of {@link EngineOptions#STATUS}. */
  public static final String STATUS_PROPERTY = "status";
  /** Alias of {@link EngineOptions#LABEL}. */
  public static final String LABEL_PROPERTY = "label";
  /** Alias of {@link EngineOptions#RESULTS_DIR} (not in 0.17.0). */
  public static final String RESULTS_DIR_PROPERTY = "results.dir";
  /** Alias of {@link EngineOptions#START_EPOCH_MS} (not in 0.17.0). */
  public static final String START_EPOCH_MS_PROPERTY = "start.epochms";

  private Client() {
  }

  public static void usageMessage() {
    System.out.println(EngineCommandLine.USAGE);
  }

  /** Whether the properties name a workload (the one required property). */
  public static boolean checkRequiredProperties(Properties props) {
    return props.getProperty(EngineOptions.WORKLOAD.name()) != null;
  }

  public static void main(String[] args) {
    int code = run(args);
    System.out.flush();
    System.err.flush();
    System.exit(code);
  }

  /** Runs the client and returns its exit code instead of exiting (for embedding and tests). */
  public static int run(String[] args) {
    Properties properties;
    RunConfig config;
    try {
      EngineCommandLine line = EngineCommandLine.parse(java.util.Arrays.asList(args));
      if (line.versionRequested()) {
        System.out.println(BuildInfo.describe());
        return ExitCode.OK;
      }
      if (line.helpRequested()) {
        usageMessage();
        return ExitCode.OK;
      }
      properties = line.effectiveProperties();
      config = new RunConfig(properties);
    } catch (UsageException e) {
      System.err.println("Error: " + Secrets.safeLine(e.getMessage()));
      return ExitCode.USAGE;
    }
    // Everything that can be refused is checked before the banner, so a mistake is the only line printed.
    Client.Run run = new Client.Run(config);
    int refused = run.prepare();
    if (refused != ExitCode.OK) {
      return refused;
    }
    System.err.println("Command line: " + Secrets.safeLine(Secrets.maskCommandLine(args)));
    System.err.println("YCSB Client " + BuildInfo.version() + " (commit " + BuildInfo.gitCommit() + ")");
    IgnoredProperties.report(properties, System.err);
    System.err.println();
    return run.execute();
  }

  /** One execution of a run, from validated configuration to exit code. */
  private static final class Run {
    /** How long an interrupted run waits for operations in flight, and then for cleanup. */
    private static final long INTERRUPT_GRACE_NS = TimeUnit.SECONDS.toNanos(10);
    private final RunConfig config;
    private Measurements measurements;
    private Workload workload;
    /** Signals during the measured run; replaced by real handlers when the schedule is about to start. */
    private Interruption interruption = Interruption.NONE;

    Run(RunConfig config) {
      this.config = config;
    }

    /** Validates and loads everything before the run; returns {@link ExitCode#OK} or the exit code to return. */
    int prepare() {
      try {
        Measurements.setProperties(config.props);
        DBWrapper.resetOnceOnlyMessages();
        try {
          measurements = Measurements.getMeasurements();
        } catch (IllegalArgumentException e) {
          throw new UsageException(e.getMessage());
        }
        checkDbClass();
        checkResultsDir();
        workload = loadWorkload();
        checkAsync();
        checkThreadCount();
        prepareResultsDir();
        return ExitCode.OK;
      } catch (UsageException e) {
        System.err.println("Error: " + Secrets.safeLine(e.getMessage()));
        return ExitCode.USAGE;
      } catch (WorkloadException e) {
        System.err.println("Error: workload initialisation failed: " + ClientThread.describe(e));
        return ExitCode.INIT_FAILED;
      }
    }

    int execute() {
      int code = ExitCode.RUN_FAILED;
      // Until the schedule opens (threads' init, the engine's warm-up) a signal ends the process at once, with a line
      // and without leaving the results.dir this run created; from then on the run's own handlers take over.
      Interruption beforeRun = Interruption.beforeRun(this::removeUnstartedResultsDir);
      try {
        code = runThreads();
        return code;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        System.err.println("Error: interrupted");
        return ExitCode.RUN_FAILED;
      } catch (IOException e) {
        System.err.println("Error: cannot write results: " + e.getMessage());
        return ExitCode.RUN_FAILED;
      } finally {
        interruption.close();
        beforeRun.close();
        releaseResultsDir();
        measurements.close();
        if (code == ExitCode.INIT_FAILED || code == ExitCode.USAGE) {
          removeEmptyResultsDir();
        }
      }
    }

    /** Refuses a results.dir that holds a result or cannot be created, without creating anything yet. */
    private void checkResultsDir() throws UsageException {
      File dir = config.resultsDir;
      if (dir == null) {
        return;
      }
      if (new File(dir, "summary.json").exists()) {
        throw new UsageException("results.dir " + dir + " already holds a result (summary.json); choose a new "
            + "directory so that no result is overwritten");
      }
      if (dir.exists() && (!dir.isDirectory() || !dir.canWrite())) {
        throw new UsageException("results.dir " + dir
            + (dir.isDirectory() ? " is not writable" : " is not a directory"));
      }
      File existing = dir.getAbsoluteFile();
      while (existing != null && !existing.exists()) {
        existing = existing.getParentFile();
      }
      if (existing == null || !existing.isDirectory() || !existing.canWrite()) {
        throw new UsageException("results.dir " + dir + " cannot be created (" + existing + " is not a writable "
            + "directory)");
      }
    }

    /** Whether this run created results.dir (so that a run that never started can remove it again). */
    private boolean createdResultsDir;

    private void prepareResultsDir() throws UsageException {
      File dir = config.resultsDir;
      if (dir == null) {
        return;
      }
      if (!dir.isDirectory()) {
        if (!dir.mkdirs()) {
          throw new UsageException("results.dir " + dir + " cannot be created");
        }
        createdResultsDir = true;
      }
      // Two runs started into one directory both passed the summary.json check and wrote into each other's files.
      try {
        claim = ResultsDirClaim.take(dir);
      } catch (UsageException e) {
        if (createdResultsDir) {
          dir.delete();
        }
        throw e;
      }
    }

    /** This run's hold on results.dir, released when it ends. */
    private ResultsDirClaim claim;

    private void releaseResultsDir() {
      if (claim != null && !claim.release()) {
        System.err.println("WARNING: could not remove " + new File(config.resultsDir, ResultsDirClaim.NAME));
      }
      claim = null;
    }

    /** A run stopped before its schedule opened: its results.dir holds at most empty files, removed with it. */
    private void removeUnstartedResultsDir() {
      releaseResultsDir();
      File dir = config.resultsDir;
      File[] left = createdResultsDir && dir != null ? dir.listFiles() : null;
      if (left == null) {
        return;
      }
      for (File f : left) {
        if (f.isFile() && f.length() == 0 && !f.delete()) {
          return;
        }
      }
      removeEmptyResultsDir();
    }

    /** A run that never started leaves no empty results directory behind. */
    private void removeEmptyResultsDir() {
      File dir = config.resultsDir;
      String[] left = dir == null ? null : dir.list();
      if (createdResultsDir && left != null && left.length == 0 && !dir.delete()) {
        System.err.println("WARNING: could not remove the empty results.dir " + dir);
      }
    }

    private void checkDbClass() throws UsageException {
      try {
        DBFactory.instantiate(config.dbClass);
      } catch (UnknownDBException e) {
        throw new UsageException(e.getMessage());
      }
    }

    private Workload loadWorkload() throws UsageException, WorkloadException {
      Object instance;
      try {
        instance = Class.forName(config.workloadClass).getConstructor().newInstance();
      } catch (ClassNotFoundException | LinkageError e) {
        throw new UsageException("workload class " + config.workloadClass + " was not found on the classpath");
      } catch (ReflectiveOperationException e) {
        throw new UsageException("workload class " + config.workloadClass + " could not be instantiated: " + e);
      }
      if (!(instance instanceof Workload)) {
        throw new UsageException("workload class " + config.workloadClass + " is not a site.ycsb.Workload");
      }
      Workload w = (Workload) instance;
      try {
        w.init(config.props);
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage());
      }
      return w;
    }

    private int runThreads() throws InterruptedException, IOException {
      boolean async = asynchronous();
      int dispatchers = async ? Math.min(config.asyncDispatchers, config.threads) : 0;
      RunState state = new RunState(async ? dispatchers : config.threads);
      OperationSchedule schedule = new OperationSchedule(config.operationLimit, config.target, config.spinSleep);
      Warmup warmup = config.warmup.inSlotsOf(schedule);
      List<Thread> threads = new ArrayList<>(config.threads);
      if (async) {
        // -threads is the bound on operations in flight, shared out over the dispatchers.
        for (int i = 0; i < dispatchers; i++) {
          int share = config.threads / dispatchers + (i < config.threads % dispatchers ? 1 : 0);
          threads.add(new AsyncClientThread(i, dispatchers, config.dbClass, (CoreWorkload) workload, config.props,
              config.doTransactions, schedule, warmup, state, config.maxConsecutiveErrors,
              config.keepGoingOnInsertFailure, share, config.asyncWindowNs));
        }
        System.err.println("Asynchronous operations: " + dispatchers + " dispatcher thread(s), at most "
            + config.threads + " in flight (-threads; async=false runs blocking)"
            + (config.asyncWindowNs > 0 && config.target > 0 ? "; dispatched on a "
            + TimeUnit.NANOSECONDS.toMicros(config.asyncWindowNs) + " us grid (async.window.us), so operations start"
            + " up to that late, as the schedule lag shows" : "") + ".");
      } else {
        for (int i = 0; i < config.threads; i++) {
          threads.add(new ClientThread(i, config.threads, config.dbClass, workload, config.props,
              config.doTransactions, schedule, warmup, state, config.maxConsecutiveErrors,
              config.keepGoingOnInsertFailure));
        }
      }
      System.err.println("Starting test.");
      long initStart = System.nanoTime();
      for (Thread t : threads) {
        t.start();
      }
      state.initDone.await();
      long initMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - initStart);
      List<String> initFailures = state.initFailures();
      List<String> refused = state.configurationErrors();
      if (!initFailures.isEmpty() || !refused.isEmpty()) {
        state.aborted = true;
        state.cleanupGate.countDown();
        joinAll(threads);
        for (String mistake : refused) {
          System.err.println("Error: " + Secrets.safeLine(mistake));
        }
        for (String failure : initFailures) {
          System.err.println("Error: database initialisation failed: " + failure);
        }
        // A configuration mistake is the user's to fix (exit 2) even if another thread also failed to connect.
        return refused.isEmpty() ? ExitCode.INIT_FAILED : ExitCode.USAGE;
      }
      // With start.epochms the pre-warm ends 200 ms before the instant: warming must not make the start late.
      long prewarmBudgetNs = config.startEpochMs == 0 ? EnginePrewarm.MAX_NANOS
          : TimeUnit.MILLISECONDS.toNanos(config.startEpochMs - System.currentTimeMillis() - 200);
      EnginePrewarm.Result prewarm = EnginePrewarm.run(workload, config.props, config.doTransactions,
          prewarmBudgetNs);
      System.err.println("All " + config.threads + " client threads initialised in " + initMs + " ms; "
          + prewarm.describe() + ".");

      // Everything that may take time (the first use of the JVM's management beans takes hundreds of ms, files
      // are opened) happens before the schedule is anchored: slots must not fall due before threads can run them.
      ClientHealth health = new ClientHealth();
      JvmTracker jvm = config.trackJvm ? new JvmTracker() : null;
      StatusReporter reporter = new StatusReporter(measurements, state, schedule, config.statusIntervalMs,
          config.label, config.status ? System.err : null, resultsWriter("timeseries.csv"),
          resultsWriter("status.log"), config.maxExecutionSec, jvm);
      // With a warm-up, health counts CPU, GC and pauses again from the first measured operation on.
      health.start(warmup.isNone() ? null : state::measuring);
      interruption = Interruption.install(workload::requestStop);
      awaitCommonStart();
      long startNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
      long startEpochMs = System.currentTimeMillis() + 1;
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
      boolean timedOut = awaitOperations(state, schedule, startNs);
      // A run stopped by its time limit or a signal lasted until then, even when its last operation ended long
      // before (a low -target): runtime, and so throughput, cover the whole time the schedule was open.
      long stoppedNs = interruption.isInterrupted() ? Math.min(interruption.signalledNs(), schedule.deadlineNs())
          : timedOut || schedule.endedByDeadline() ? schedule.deadlineNs() : startNs;
      long endNs = Math.max(Math.max(state.lastOpEndNs(), startNs), stoppedNs);
      long endEpochMs = startEpochMs + TimeUnit.NANOSECONDS.toMillis(endNs - startNs);
      health.stop();
      reporter.finish(endNs);
      reporter.close();
      long warmupBacklogMs = TimeUnit.NANOSECONDS.toMillis(schedule.measuredStartDelayNs());
      if (warmupBacklogMs > 0) {
        System.err.println("Warm-up: its operations fell " + warmupBacklogMs + " ms behind the schedule; the measured "
            + "operations' schedule started when the last of them had been issued, so that backlog is not measured.");
      }

      long cleanupStart = System.nanoTime();
      state.cleanupGate.countDown();
      if (interruption.isInterrupted()) {
        // An interrupted user is waiting: cleanup (a driver closing, a dead server) gets a bounded time.
        if (!joinAll(threads, INTERRUPT_GRACE_NS)) {
          System.err.println("Cleanup did not finish within " + TimeUnit.NANOSECONDS.toSeconds(INTERRUPT_GRACE_NS)
              + " s; not waiting for it.");
        }
      } else {
        joinAll(threads);
      }
      long cleanupMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cleanupStart);
      try {
        workload.cleanup();
      } catch (WorkloadException e) {
        state.runFailed("workload cleanup failed: " + ClientThread.describe(e));
      }

      RunResult r = new RunResult();
      r.gcStats = RunResult.gcSince(health.gcStatsAtStart());
      long measureStartNs = state.measureStartNs();
      if (measureStartNs == Long.MAX_VALUE) {
        measureStartNs = endNs;
      }
      r.startEpochMs = startEpochMs + TimeUnit.NANOSECONDS.toMillis(measureStartNs - startNs);
      r.endEpochMs = endEpochMs;
      r.runtimeMs = TimeUnit.NANOSECONDS.toMillis(Math.max(0, endNs - measureStartNs));
      r.operations = state.measuredOps();
      r.throughput = r.runtimeMs == 0 ? 0.0 : 1000.0 * r.operations / r.runtimeMs;
      r.initMs = initMs;
      r.cleanupMs = cleanupMs;
      r.warmupOps = state.warmupOps();
      r.warmupMs = TimeUnit.NANOSECONDS.toMillis(Math.max(0, measureStartNs - startNs));
      r.failedInserts = state.failedInserts.get();
      Histogram lag = state.scheduleLag();
      double busy = r.runtimeMs == 0 ? 0 : state.busyNs() / (r.runtimeMs * 1e6 * config.threads);
      health.finish(r.runtimeMs / 1000.0, r.throughput, config.target,
          lag.getTotalCount() == 0 ? 0 : lag.getValueAtPercentile(99), lag.getMaxValue(), busy,
          verdictContext(state, health));
      r.health = health;
      r.scheduleLag = lag;

      List<String> failures = state.runFailures();
      if (interruption.isInterrupted()) {
        r.exitCode = interruption.exitCode();
        r.exitReason = "interrupted by " + interruption.signal();
        r.interruptedBy = interruption.signal();
      } else if (workload.hasFailed() || !failures.isEmpty()) {
        r.exitCode = ExitCode.RUN_FAILED;
        r.exitReason = failures.isEmpty() ? "stopped-on-error" : failures.get(0);
      } else if (r.operations == 0 && r.warmupOps > 0) {
        // A time warm-up longer than the run cannot always be refused before it (the run's length is not known):
        // every operation was warm-up, and a run that measured nothing has not completed as asked.
        r.exitCode = ExitCode.RUN_FAILED;
        r.exitReason = "the warm-up covered the whole run: nothing was measured";
        System.err.println("Error: warmup=" + config.props.getProperty(EngineOptions.WARMUP.name()) + " covered all " + r.warmupOps
            + " operations of the run: nothing was measured; lower warmup or raise operationcount");
      } else {
        r.exitCode = ExitCode.OK;
        r.exitReason = timedOut ? "time-limit" : "completed";
      }
      ResultsWriter writer = new ResultsWriter(config, measurements, jvm);
      try {
        writer.writeMain(r);
      } catch (IOException e) {
        if (config.exportFile == null) {
          throw e;
        }
        // The run's figures are never lost to an export file that failed at the end (checked before the run, but
        // a disk can fill up or a file can refuse writes even to root): print them, and fail the run.
        System.err.println("Error: cannot write exportfile " + config.exportFile + " (" + e.getMessage()
            + "); the results follow on stdout in the text format");
        writer.writeText(r, System.out);
        System.out.flush();
        r.exitCode = ExitCode.RUN_FAILED;
        r.exitReason = "exportfile could not be written";
      }
      if (config.resultsDir != null) {
        writer.writeResultsDir(config.resultsDir, r);
      }
      for (String warning : health.warnings) {
        System.err.println("WARNING: " + warning);
      }
      for (String failure : failures) {
        System.err.println("Error: " + Secrets.safeLine(failure));
      }
      if (r.failedInserts > 0) {
        System.err.println("Error: " + r.failedInserts + " inserts failed after all retries; those records are"
            + " missing from the table");
        if (r.exitCode == ExitCode.OK && !config.keepGoingOnInsertFailure) {
          r.exitCode = ExitCode.RUN_FAILED;
        }
      }
      return r.exitCode;
    }

    /**
     * Whether the run takes the asynchronous path: {@code async=auto} (the default) when the binding implements
     * {@link site.ycsb.async.AsyncDB} and the workload is the core workload; {@code async=true} requires it
     * (checked in {@link #prepare}); {@code async=false} never.
     */
    private boolean asynchronous() {
      return !config.async.equals("false") && asyncPossible == null;
    }

    /** Why the asynchronous path cannot be taken, or null when it can. */
    private String asyncPossible;

    /** More blocking client threads than this is a typo or a unit mistake, not a client machine. */
    static final int MAX_BLOCKING_THREADS = 100_000;

    /**
     * On the blocking path every -threads is a Java thread, started before anything is said: -threads 2147483647
     * with an unlimited operation count would start threads until the machine (and everyone on it) ran out. The
     * asynchronous path takes -threads as its in-flight bound and starts no thread per unit.
     */
    private void checkThreadCount() throws UsageException {
      if (!asynchronous() && config.threads > MAX_BLOCKING_THREADS) {
        throw new UsageException(EngineOptions.THREAD_COUNT + "=" + config.threads + " is more than "
            + MAX_BLOCKING_THREADS + " client threads, each a Java thread of this process; use more client "
            + "machines, or a binding with asynchronous operations (there -threads bounds operations in flight)");
      }
    }

    private void checkAsync() throws UsageException {
      Object db;
      try {
        db = DBFactory.instantiate(config.dbClass);
      } catch (UnknownDBException e) {
        throw new UsageException(e.getMessage());
      }
      boolean offersAsync;
      try {
        offersAsync = db instanceof site.ycsb.async.AsyncDB;
      } catch (LinkageError e) {
        // An install whose lib/ lacks the binding-support jar: no binding there can offer the asynchronous path.
        offersAsync = false;
      }
      if (!offersAsync) {
        asyncPossible = "the binding " + config.dbClass + " has no asynchronous operations";
      } else if (!CoreWorkload.supportsAsync(workload)) {
        asyncPossible = "the workload " + config.workloadClass + " runs blocking only";
      }
      if (asyncPossible != null && config.async.equals("true")) {
        throw new UsageException("async=true but " + asyncPossible + " (use async=auto or false)");
      }
    }

    /** The figures the verdicts need beyond the overall ones (see {@link ClientHealth#finish}). */
    private ClientHealth.Context verdictContext(RunState state, ClientHealth health) {
      ClientHealth.Context c = new ClientHealth.Context();
      c.processPauseUs = health.processPauseUs();
      Histogram startup = state.startupLag();
      Histogram steady = state.steadyLag();
      c.startupLagP99Us = startup.getTotalCount() == 0 ? 0 : startup.getValueAtPercentile(99);
      c.startupLagMaxUs = startup.getMaxValue();
      c.steadyLagP99Us = steady.getTotalCount() == 0 ? 0 : steady.getValueAtPercentile(99);
      c.steadyCount = steady.getTotalCount();
      // The binding's own time: the loop's time around an operation also holds the thread being descheduled
      // (on a loaded machine 1.3 s around calls that each took under 25 us), which is no database stall.
      long longestCallUs = measurements.longestCallUs();
      c.maxServiceUs = longestCallUs > 0 ? longestCallUs : state.maxServiceNs.get() / 1000;
      c.inFlightBound = asynchronous();
      StringBuilder failures = new StringBuilder();
      for (Map.Entry<String, Map<String, Long>> op : measurements.getStatusCounts().entrySet()) {
        if (op.getKey().startsWith(Measurements.INTENDED_PREFIX) || op.getKey().equals("VERIFY")) {
          continue;
        }
        for (Map.Entry<String, Long> st : op.getValue().entrySet()) {
          c.allOps += st.getValue();
          // BATCHED_OK is a success (Status.isOk); NOT_FOUND is an answer, not a failure of the database.
          if (!st.getKey().equals(Status.OK.getName()) && !st.getKey().equals(Status.BATCHED_OK.getName())
              && !st.getKey().equals(Status.NOT_FOUND.getName())) {
            c.failedOps += st.getValue();
            failures.append(failures.length() == 0 ? "" : ", ").append(op.getKey()).append(' ')
                .append(st.getKey()).append('=').append(st.getValue());
          }
        }
      }
      c.failures = failures.toString();
      return c;
    }

    /**
     * Waits for all threads to finish their operations, enforcing maxexecutiontime counted from the schedule's
     * start. Returns true on time-out.
     */
    private boolean awaitOperations(RunState state, OperationSchedule schedule, long startNs)
        throws InterruptedException {
      long deadline = config.maxExecutionSec <= 0 ? Long.MAX_VALUE
          : startNs + TimeUnit.SECONDS.toNanos(config.maxExecutionSec);
      // Wakes up at least every 100 ms to notice an interruption (a signal handler cannot count down the latch).
      while (!state.opsDone.await(Math.max(0, Math.min(deadline - System.nanoTime(),
          TimeUnit.MILLISECONDS.toNanos(100))), TimeUnit.NANOSECONDS)) {
        if (interruption.isInterrupted()) {
          // The handler has stopped the schedule; threads finish their current operation, within a bound.
          if (!state.opsDone.await(INTERRUPT_GRACE_NS, TimeUnit.NANOSECONDS)) {
            System.err.println(state.opsDone.getCount() + " client thread(s) still inside an operation after "
                + TimeUnit.NANOSECONDS.toSeconds(INTERRUPT_GRACE_NS) + " s; reporting without them.");
          }
          return false;
        }
        if (System.nanoTime() - deadline >= 0) {
          break;
        }
      }
      if (state.opsDone.getCount() == 0) {
        awaitScheduleEnd(schedule);
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
    private void awaitScheduleEnd(OperationSchedule schedule) throws InterruptedException {
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
            + config.startEpochMs + " (" + ResultsWriter.iso(config.startEpochMs) + "): init took longer than the "
            + "start delay, so this client starts late");
        return;
      }
      System.err.println("Starting at " + ResultsWriter.iso(config.startEpochMs) + " (start.epochms), in " + wait
          + " ms.");
      // Ctrl-C while waiting ends the wait: the schedule then opens already stopped, and the run reports nothing done.
      while (!interruption.isInterrupted() && (wait = config.startEpochMs - System.currentTimeMillis()) > 0) {
        Thread.sleep(Math.min(wait, 100));
      }
    }

    private Writer resultsWriter(String name) throws IOException {
      if (config.resultsDir == null) {
        return null;
      }
      return new OutputStreamWriter(new FileOutputStream(new File(config.resultsDir, name)), StandardCharsets.UTF_8);
    }

    private static void joinAll(List<Thread> threads) throws InterruptedException {
      for (Thread t : threads) {
        t.join();
      }
    }

    /** Joins the threads within {@code boundNs} in total; false if some were still running. */
    private static boolean joinAll(List<Thread> threads, long boundNs) throws InterruptedException {
      long end = System.nanoTime() + boundNs;
      for (Thread t : threads) {
        long left = end - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        TimeUnit.NANOSECONDS.timedJoin(t, left);
        if (t.isAlive()) {
          return false;
        }
      }
      return true;
    }
  }

}
