package site.ycsb.db.cql.driver;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import org.slf4j.Logger;

import com.datastax.driver.core.PoolingOptions;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.SocketOptions;

import site.ycsb.DBException;
import site.ycsb.db.cql.AsyncRetryingExecutor;
import site.ycsb.db.cql.AttemptDeadline;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.OpType;
import site.ycsb.db.cql.RetryRules;
import site.ycsb.db.cql.RetryingExecutor;
import site.ycsb.db.cql.SharedResource;
import site.ycsb.db.cql.TracingSampler;
import site.ycsb.db.cql.WorkloadStatements;
import site.ycsb.support.Backoff;
import site.ycsb.support.DatabaseReports;
import site.ycsb.support.DeadlineWatch;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;
import site.ycsb.support.RetryTimer;
import site.ycsb.support.Sleeper;

/**
 * Everything the client threads of one binding share: the driver connection, the operations with their statement
 * cache and the retry counters. Created by the first thread's init (via {@link SharedResource}), closed by the
 * last thread's cleanup, which also prints the retry summary.
 *
 * <p>Thread-safe: shared by every client thread of the binding, and its asynchronous operations complete on the
 * driver's I/O threads.
 */
public final class CqlRuntime {
  /** Each error kind is logged at most once per this many seconds. */
  private static final long LOG_INTERVAL_SECONDS = 10;

  private final ClusterConnector.Connection connection;
  private final NodeEvents nodeEvents;
  /** Samples each node's own view (its thread pools) while an engine listens; or null. */
  private final ServerView serverView;
  private final CqlOperations operations;
  private final RetryCounters stats;
  private final String retryMetric;
  /** Runs the asynchronous path's retries after their back-off (one daemon thread, idle unless retrying). */
  private final ScheduledExecutorService retryTimer;

  /** Keeps the deadline of every asynchronous attempt (one daemon thread, a look every tick). */
  private final DeadlineWatch watch;
  /** The silent-node guard (its probe thread and the driver's tracker), or null when it is off. */
  private final SilenceGuard guard;
  /** The precision of the attempts' deadlines; an idle look costs next to nothing. */
  private static final long WATCH_TICK_MILLIS = 100;

  private CqlRuntime(ClusterConnector.Connection connection, NodeEvents nodeEvents, ServerView serverView,
                     CqlOperations operations, RetryCounters stats, String retryMetric,
                     ScheduledExecutorService retryTimer, DeadlineWatch watch, SilenceGuard guard) {
    this.guard = guard;
    this.connection = connection;
    this.nodeEvents = nodeEvents;
    this.serverView = serverView;
    this.operations = operations;
    this.stats = stats;
    this.retryMetric = retryMetric;
    this.retryTimer = retryTimer;
    this.watch = watch;
  }

  /**
   * Connects, logs the effective settings once (never the password) and prepares the statements of {@code plan}.
   *
   * @param retryMetric the metric name of the retry summary, e.g. {@code CASSANDRA-RETRIES}
   */
  public static CqlRuntime open(CqlSettings settings, WorkloadStatements plan, String retryMetric, Logger logger)
      throws DBException {
    return open(settings, plan, retryMetric, logger, UnaryOperator.identity());
  }

  /**
   * {@link #open}, with the operations sending through {@code sessionView} of the connected session: the
   * integration tests' way to make the real driver lose a request or throw from {@code executeAsync}.
   */
  static CqlRuntime open(CqlSettings settings, WorkloadStatements plan, String retryMetric, Logger logger,
                         UnaryOperator<Session> sessionView) throws DBException {
    logger.info(settings.describe());
    SilenceGuard guard = SilenceGuard.create(settings);
    ClusterConnector.Connection connection = ClusterConnector.connect(settings, logger::warn,
        guard == null ? UnaryOperator.identity() : guard::policy);
    logger.info(settings.bindingName() + ": " + ClusterConnector.describeCluster(connection));
    // What the results mean depends on these (a read at ONE may miss a write acknowledged at ONE): into the record.
    DatabaseReports.setting(settings.bindingName(), "read consistency", settings.readConsistency());
    DatabaseReports.setting(settings.bindingName(), "write consistency", settings.writeConsistency());
    DatabaseReports.setting(settings.bindingName(), "serial consistency", settings.serialConsistency());
    // Both decide what a stalled node costs the measured latency: the guard cuts it to a threshold, speculative
    // executions hide it; a result is read knowing which the client did.
    DatabaseReports.setting(settings.bindingName(), "silent-node threshold",
        site.ycsb.db.cql.CqlOptions.SILENT_NODE.show(settings.silentNodeMillis()));
    DatabaseReports.setting(settings.bindingName(), "speculative execution", settings.speculativeDelayMillis() == 0
        ? "off" : "after " + settings.speculativeDelayMillis() + " ms, at most " + settings.speculativeMaxExecutions()
        + " executions");
    NodeEvents nodeEvents = new NodeEvents(settings.bindingName());
    nodeEvents.attach(connection.cluster());
    RateLimitedLog log = new RateLimitedLog(logger::warn, LOG_INTERVAL_SECONDS, TimeUnit.SECONDS, System::nanoTime);
    RetryCounters stats = OpType.retryCounters();
    RetryRules rules = new RetryRules(settings.maxRetries(),
        Backoff.exponential(settings.backoffBaseMillis(), settings.backoffMaxMillis()), new DriverErrorClassifier(
        () -> connection.cluster().getMetadata().getAllHosts().size()), stats, log);
    ScheduledExecutorService timer = RetryTimer.start(settings.bindingName() + "-retry-timer");
    long attemptDeadline = AttemptDeadline.millis(settings, SocketOptions.DEFAULT_READ_TIMEOUT_MILLIS,
        PoolingOptions.DEFAULT_POOL_TIMEOUT_MILLIS);
    DeadlineWatch watch = DeadlineWatch.start(settings.bindingName() + "-request-deadlines", WATCH_TICK_MILLIS,
        TimeUnit.MILLISECONDS);
    logger.info(settings.bindingName() + ": no request waits for the driver longer than " + attemptDeadline
        + " ms per attempt (its request timeout, the pool's wait, speculative executions and "
        + AttemptDeadline.MARGIN_MILLIS + " ms; an attempt still unanswered then is a timeout), so an operation "
        + "ends within " + AttemptDeadline.worstCaseMillis(settings, attemptDeadline) + " ms with every retry");
    if (guard != null) {
      guard.start(connection.cluster(), connection.session(), logger::warn);
      logger.info(settings.bindingName() + ": a node that answers nothing for " + settings.silentNodeMillis()
          + " ms while requests wait on it is held silent: idempotent attempts waiting on it are given up and "
          + "retried on other replicas, new requests go to the others first, and it is probed each second until it "
          + "answers (" + settings.bindingName() + ".silentnodemillis=0 turns this off)");
    }
    CqlOperations operations = new CqlOperations(sessionView.apply(connection.session()), settings,
        new RetryingExecutor(rules, Sleeper.THREAD_SLEEP),
        new AsyncRetryingExecutor(rules, (millis, task) -> timer.schedule(task, millis, TimeUnit.MILLISECONDS), watch,
            attemptDeadline, guard == null ? null : guard.answers(), guard),
        new TracingSampler(settings.tracingFraction()), log, attemptDeadline, guard);
    try {
      long start = System.nanoTime();
      operations.prepareAll(plan, settings.bindingName(), settings.keyspace());
      if (!plan.isEmpty()) {
        logger.info(settings.bindingName() + ": prepared " + plan.statements().size() + " statements in "
            + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
      }
    } catch (DBException e) {
      timer.shutdownNow();
      watch.close();
      closeGuard(guard);
      nodeEvents.close();
      connection.cluster().close();
      throw e;
    }
    // Only this project's engine keeps the figures; in a YCSB 0.17.0 install nothing is sampled (no cost).
    ServerView view = settings.serverView() && DatabaseReports.listened()
        ? ServerView.start(connection.cluster(), connection.session(), settings.bindingName(), logger::warn) : null;
    return new CqlRuntime(connection, nodeEvents, view, operations, stats, retryMetric, timer, watch, guard);
  }

  private static void closeGuard(SilenceGuard guard) {
    if (guard != null) {
      guard.close();
    }
  }

  /** The retry counters printed at close (for tests). */
  RetryCounters retryCounters() {
    return stats;
  }

  public CqlOperations operations() {
    return operations;
  }

  /** Prints the retry summary ({@code [<metric>], READ, n} ...) to stdout and closes the driver. */
  public void close() {
    // shutdown, not shutdownNow: a retry already waiting for its back-off still runs (and fails on the closed
    // session), so its caller gets an answer; new retries are refused and end with their failure.
    retryTimer.shutdown();
    // Attempts still waiting for the driver fail now as unanswered (an interrupted run leaves some): nobody waits.
    watch.close();
    stats.print(System.out, retryMetric);
    closeServerView();
    closeGuard(guard);
    nodeEvents.close();
    connection.cluster().close();
  }

  /** Closes the driver without a retry summary: the run was refused before it started, so it prints no results. */
  public void closeQuietly() {
    retryTimer.shutdownNow();
    closeServerView();
    closeGuard(guard);
    nodeEvents.close();
    connection.cluster().close();
  }

  private void closeServerView() {
    if (serverView != null) {
      serverView.close();
    }
  }
}
