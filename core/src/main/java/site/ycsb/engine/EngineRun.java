package site.ycsb.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import site.ycsb.AsyncWorkload;
import site.ycsb.DBFactory;
import site.ycsb.DBWrapper;
import site.ycsb.UnknownDBException;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.ExitCode;
import site.ycsb.cli.Secrets;
import site.ycsb.cli.UsageException;
import site.ycsb.engine.verdict.DatabaseReport;
import site.ycsb.engine.verdict.DatabaseView;
import site.ycsb.measurements.Measurements;
import site.ycsb.observe.RunLabels;
import site.ycsb.observe.RunObserver;
import site.ycsb.observe.RunObservers;

/**
 * One run of the engine, from validated configuration to exit code. {@link #prepare} refuses whatever can be refused
 * before anything starts; {@link #execute} then runs the phases in order: {@link #initialise} (every thread
 * initialises its binding; all must succeed), {@link #warmUp} (the engine's own path, on a null database), {@link
 * #measure} (the schedule, from its opening to the end of the last operation and the bindings' cleanup) and {@link
 * #writeResults}. See {@link ExitCode} for the exit codes.
 *
 * <p>Not thread-safe: one run, driven by the main thread.
 */
public final class EngineRun {
  /** More blocking client threads than this is a typo or a unit mistake, not a client machine. */
  static final int MAX_BLOCKING_THREADS = 100_000;

  private final RunConfig config;
  private final ResultsDirectory resultsDir;
  /** Unique per run: summary.json's runId and the live metrics' run label. */
  private final String runId = UUID.randomUUID().toString();
  /** The live observer ({@code metrics.*}), started by {@link #prepare}; null when none is asked for. */
  private RunObserver observer;
  private Measurements measurements;
  private Workload workload;
  /** The workload's asynchronous operations when the run takes the asynchronous path, else null. */
  private AsyncWorkload asyncWorkload;
  /** Why the asynchronous path cannot be taken, or null when it can. */
  private String asyncImpossible;
  /** Signals during the measured run; replaced by real handlers when the schedule is about to start. */
  private Interruption interruption = Interruption.NONE;
  /** The handlers until the schedule opens: a signal then ends the process and removes the unstarted results.dir. */
  private Interruption beforeRun = Interruption.NONE;

  // Set by initialise().
  private RunState state;
  private OperationSchedule schedule;
  private Warmup warmup;
  private List<Thread> threads;
  private long initMs;
  /** The database nodes sampled during the run, found once the bindings have connected; or null. */
  private EngineTelemetry telemetry;
  // Set by measure().
  private MeasuredWindow window;
  /** What the bindings report about the database during the run (settings, nodes down and up). */
  private DatabaseReport database;

  public EngineRun(RunConfig config) {
    this.config = config;
    this.resultsDir = new ResultsDirectory(config.resultsDir);
  }

  /** Validates and loads everything before the run; returns {@link ExitCode#OK} or the exit code to return. */
  public int prepare() {
    try {
      Measurements.setProperties(config.props);
      DBWrapper.resetOnceOnlyMessages();
      try {
        measurements = Measurements.getMeasurements();
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage());
      }
      checkDbClass();
      resultsDir.check();
      workload = loadWorkload();
      chooseAsync();
      checkThreadCount();
      // last of the checks: a port in use is refused before the results directory is created; without a metrics
      // option nothing is done (not even the host name lookup of the labels)
      if (RunObservers.wanted(config.props)) {
        observer = RunObservers.start(config.props, new RunLabels(runId, ResultsWriter.hostName(), config.dbClass,
            config.workloadClass, config.doTransactions ? "run" : "load"));
      }
      // Until the schedule opens (this results.dir's creation, the banner, the threads' init, the engine's warm-up) a
      // signal ends the process at once, with a line and without leaving the results.dir this run created: installed
      // before the directory is made, since a signal between the two left it as the partial record of a killed run.
      // From the schedule's opening the run's own handlers take over.
      beforeRun = Interruption.beforeRun(resultsDir::removeUnstarted);
      resultsDir.prepare();
      return ExitCode.OK;
    } catch (UsageException e) {
      beforeRun.close();
      closeObserver();
      System.err.println("Error: " + Secrets.safeLine(e.getMessage()));
      return ExitCode.USAGE;
    } catch (WorkloadException e) {
      beforeRun.close();
      closeObserver();
      System.err.println("Error: workload initialisation failed: " + Secrets.safeLine(Failures.describe(e)));
      return ExitCode.INIT_FAILED;
    }
  }

  /** Runs the phases; returns the exit code. */
  public int execute() {
    int code = ExitCode.RUN_FAILED;
    // beforeRun (see prepare) holds until the schedule opens
    database = DatabaseReport.listen(System.err);
    try {
      code = initialise();
      if (code != ExitCode.OK) {
        return code;
      }
      // The bindings' connections show which local servers this client talks to; found before the pre-warm, whose
      // budget then leaves room for it before a common start instant.
      telemetry = EngineTelemetry.start(config);
      warmUp();
      RunResult r = measure();
      code = writeResults(r);
      if (observer != null) {
        observer.ended(r.health.cause.name(), code);
      }
      return code;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      System.err.println("Error: interrupted");
      return ExitCode.RUN_FAILED;
    } catch (IOException e) {
      System.err.println("Error: cannot write results: " + Secrets.safeLine(e.getMessage()));
      return ExitCode.RUN_FAILED;
    } finally {
      database.stop();
      interruption.close();
      beforeRun.close();
      resultsDir.release();
      measurements.close();
      // after the signal handlers were restored: Ctrl-C ends the wait for a last scrape
      closeObserver();
      if (code == ExitCode.INIT_FAILED || code == ExitCode.USAGE) {
        resultsDir.removeIfEmpty();
      }
    }
  }

  private void closeObserver() {
    if (observer != null) {
      observer.close();
      observer = null;
    }
  }

  // ---- Preparation

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

  /**
   * The asynchronous path is taken with {@code async=auto} (the default) when the binding implements {@link
   * site.ycsb.async.AsyncDB} and the workload is an {@link AsyncWorkload} that runs its own operations
   * asynchronously; {@code async=true} requires it; {@code async=false} never takes it.
   */
  private void chooseAsync() throws UsageException {
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
    AsyncWorkload operations = AsyncWorkload.of(workload);
    if (!offersAsync) {
      asyncImpossible = "the binding " + config.dbClass + " has no asynchronous operations";
    } else if (operations == null) {
      asyncImpossible = "the workload " + config.workloadClass + " runs blocking only";
    }
    if (asyncImpossible != null && config.async.equals("true")) {
      throw new UsageException("async=true but " + asyncImpossible + " (use async=auto or false)");
    }
    asyncWorkload = asyncImpossible == null && !config.async.equals("false") ? operations : null;
  }

  /**
   * On the blocking path every -threads is a Java thread, started before anything is said: -threads 2147483647
   * with an unlimited operation count would start threads until the machine (and everyone on it) ran out. The
   * asynchronous path takes -threads as its in-flight bound and starts no thread per unit.
   */
  private void checkThreadCount() throws UsageException {
    if (asyncWorkload == null && config.threads > MAX_BLOCKING_THREADS) {
      throw new UsageException(EngineOptions.THREAD_COUNT + "=" + config.threads + " is more than "
          + MAX_BLOCKING_THREADS + " client threads, each a Java thread of this process; use more client "
          + "machines, or a binding with asynchronous operations (there -threads bounds operations in flight)");
    }
  }

  // ---- Phase 1: initialise

  /** Starts the threads and waits for every binding's init; returns OK, or the exit code of a failed init. */
  private int initialise() throws InterruptedException {
    int units = asyncWorkload != null ? Math.min(config.asyncDispatchers, config.threads) : config.threads;
    state = new RunState(units);
    schedule = new OperationSchedule(config.operationLimit, config.target, config.spinSleep);
    warmup = config.warmup.inSlotsOf(schedule);
    threads = asyncWorkload != null ? asyncThreads(units) : blockingThreads();
    System.err.println("Starting test.");
    long initStart = System.nanoTime();
    for (Thread t : threads) {
      t.start();
    }
    state.initDone.await();
    initMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - initStart);
    List<String> initFailures = state.initFailures();
    List<String> refused = state.configurationErrors();
    if (initFailures.isEmpty() && refused.isEmpty()) {
      return ExitCode.OK;
    }
    state.aborted = true;
    state.cleanupGate.countDown();
    joinAll(threads);
    for (String mistake : refused) {
      System.err.println("Error: " + Secrets.safeLine(mistake));
    }
    for (String failure : initFailures) {
      System.err.println("Error: database initialisation failed: " + Secrets.safeLine(failure));
    }
    // A configuration mistake is the user's to fix (exit 2) even if another thread also failed to connect.
    return refused.isEmpty() ? ExitCode.INIT_FAILED : ExitCode.USAGE;
  }

  private List<Thread> blockingThreads() {
    List<Thread> list = new ArrayList<>(config.threads);
    for (int i = 0; i < config.threads; i++) {
      list.add(new ClientThread(i, config.threads, config, workload, schedule, warmup, state));
    }
    return list;
  }

  /** {@code -threads} is the bound on operations in flight, shared out over the dispatchers. */
  private List<Thread> asyncThreads(int dispatchers) {
    List<Thread> list = new ArrayList<>(dispatchers);
    for (int i = 0; i < dispatchers; i++) {
      int share = config.threads / dispatchers + (i < config.threads % dispatchers ? 1 : 0);
      list.add(new AsyncClientThread(i, dispatchers, config, workload, asyncWorkload, schedule, warmup, state, share));
    }
    System.err.println("Asynchronous operations: " + dispatchers + " dispatcher thread(s), at most "
        + config.threads + " in flight (-threads; async=false runs blocking)"
        + (config.asyncWindowNs > 0 && config.target > 0 ? "; dispatched on a "
        + TimeUnit.NANOSECONDS.toMicros(config.asyncWindowNs) + " us grid (async.window.us), so operations start"
        + " up to that late, as the schedule lag shows" : "") + "; a call the binding has not completed within "
        + TimeUnit.NANOSECONDS.toSeconds(config.asyncDeadlineNs) + " s (" + EngineOptions.ASYNC_DEADLINE_S
        + ") is recorded as " + AsyncDBWrapper.LOST.getName() + ".");
    return list;
  }

  // ---- Phase 2: warm up

  /** Warms the engine's per-operation path before the schedule opens (see {@link EnginePrewarm}). */
  private void warmUp() {
    // With start.epochms the pre-warm ends 200 ms before the instant: warming must not make the start late.
    long budgetNs = config.startEpochMs == 0 ? EnginePrewarm.MAX_NANOS
        : TimeUnit.MILLISECONDS.toNanos(config.startEpochMs - System.currentTimeMillis() - 200);
    EnginePrewarm.Result prewarm = EnginePrewarm.run(workload, config.props, config.doTransactions, budgetNs);
    System.err.println("All " + config.threads + " client threads initialised in " + initMs + " ms; "
        + prewarm.describe() + ".");
  }

  // ---- Phase 3: measure

  /** Opens the schedule, runs it to its end, and lets the bindings clean up; returns the run's figures. */
  private RunResult measure() throws IOException, InterruptedException {
    window = new MeasuredWindow(config, measurements, workload, state, schedule, warmup, asyncWorkload != null,
        runId, observer);
    window.sampleNodes(telemetry);
    window.hearDatabase(database);
    // The run's own handlers first, then its files: a signal handled by the before-run handlers removes the results.dir
    // and ends the process, and must not race with this thread creating files in it (a SIGTERM 150 ms after the start
    // line left a results.dir behind a run that said nothing was measured). handOver waits for such a handler.
    interruption = Interruption.install(workload::requestStop);
    beforeRun.handOver(interruption);
    window.prepare(resultsDir);
    window.run(interruption);
    long cleanupMs = cleanUp();
    return window.result(initMs, cleanupMs);
  }

  /** The bindings' cleanup, outside the measured time (bounded after a signal); returns how long it took. */
  private long cleanUp() throws InterruptedException {
    long cleanupStart = System.nanoTime();
    state.cleanupGate.countDown();
    if (interruption.isInterrupted()) {
      // An interrupted user is waiting: cleanup (a driver closing, a dead server) gets a bounded time.
      if (!joinAll(threads, Interruption.GRACE_NS)) {
        System.err.println("Cleanup did not finish within " + TimeUnit.NANOSECONDS.toSeconds(Interruption.GRACE_NS)
            + " s; not waiting for it.");
      }
    } else {
      joinAll(threads);
    }
    long cleanupMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cleanupStart);
    try {
      workload.cleanup();
    } catch (WorkloadException e) {
      state.runFailed("workload cleanup failed: " + Failures.describe(e));
    }
    return cleanupMs;
  }

  // ---- Phase 4: write results

  /** Judges the run, writes its results and says what went wrong; returns the exit code. */
  private int writeResults(RunResult r) throws IOException {
    List<String> lostLogs = measurements.incompleteIntervalLogs();
    if (!lostLogs.isEmpty()) {
      state.runFailed(Measurements.describeIncomplete(lostLogs));
    }
    List<String> failures = state.runFailures();
    judge(r, failures);
    r.database = database;
    String nodes = database.verdict(r.startEpochMs);
    if (nodes != null) {
      // first: it explains the failures the other verdicts count
      r.health.warnings.add(0, nodes);
    }
    List<String> viewLines = new ArrayList<>();
    if (database.view().any()) {
      List<DatabaseView.NodeSummary> own = database.view().summaries(r.startEpochMs, r.endEpochMs);
      String queued = DatabaseView.verdict(own);
      if (queued != null) {
        r.health.warnings.add(queued);
      }
      r.databaseView = DatabaseView.json(own, queued);
      viewLines = DatabaseView.lines(own);
    }
    ResultsWriter writer = new ResultsWriter(config, measurements, window.jvm());
    try {
      writer.writeMain(r);
    } catch (IOException e) {
      if (config.exportFile == null) {
        throw e;
      }
      // The run's figures are never lost to an export file that failed at the end (checked before the run, but a
      // disk can fill up or a file can refuse writes even to root): print them, and fail the run.
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
    for (String warning : r.health.warnings) {
      System.err.println("WARNING: " + Secrets.safeLine(warning));
    }
    for (String line : r.databaseNodeLines) {
      System.err.println(line);
    }
    for (String line : viewLines) {
      System.err.println(Secrets.safeLine(line));
    }
    for (String failure : failures) {
      System.err.println("Error: " + Secrets.safeLine(failure));
    }
    if (r.failedInserts > 0) {
      System.err.println("Error: " + r.failedInserts + " inserts failed after all retries; those records are"
          + " missing from the table");
    }
    return r.exitCode;
  }

  /**
   * The run's exit code and reason: interrupted, failed, inserts missing, nothing measured, failures over
   * errors.budget, or completed.
   */
  private void judge(RunResult r, List<String> failures) {
    if (interruption.isInterrupted()) {
      r.exitCode = interruption.exitCode();
      r.exitReason = "interrupted by " + interruption.signal();
      r.interruptedBy = interruption.signal();
    } else if (workload.hasFailed() || !failures.isEmpty()) {
      r.exitCode = ExitCode.RUN_FAILED;
      r.exitReason = failures.isEmpty() ? "stopped-on-error" : failures.get(0);
    } else if (r.failedInserts > 0) {
      // With core_workload_insertion_keep_going_on_error the load went on, but it did not load what was asked.
      r.exitCode = ExitCode.RUN_FAILED;
      r.exitReason = r.failedInserts + " inserts failed after all retries";
    } else if (r.operations == 0 && r.warmupOps > 0) {
      // A time warm-up longer than the run cannot always be refused before it (the run's length is not known):
      // every operation was warm-up, and a run that measured nothing has not completed as asked.
      r.exitCode = ExitCode.RUN_FAILED;
      r.exitReason = "the warm-up covered the whole run: nothing was measured";
      System.err.println("Error: warmup=" + config.props.getProperty(EngineOptions.WARMUP.name()) + " covered all "
          + r.warmupOps + " operations of the run: nothing was measured; lower warmup or raise operationcount");
    } else if (r.errors != null && r.errors.exceeded()) {
      // Completed, its results written; the code says its figures mix in failures (the verdict names them).
      r.exitCode = ExitCode.ERRORS_OVER_BUDGET;
      r.exitReason = "failed operations over " + EngineOptions.ERRORS_BUDGET + ": " + r.errors.failed + " of "
          + r.errors.attempted + " (" + r.errors.failures() + ")";
    } else {
      r.exitCode = ExitCode.OK;
      r.exitReason = r.timedOut ? "time-limit" : "completed";
    }
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
