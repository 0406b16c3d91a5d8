package site.ycsb.db.cql.driver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.HostDistance;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.ResultSetFuture;
import com.datastax.driver.core.Row;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.SimpleStatement;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.exceptions.InvalidQueryException;
import com.datastax.driver.core.exceptions.SyntaxError;
import com.datastax.driver.core.exceptions.UnauthorizedException;

import site.ycsb.db.cql.ThreadPoolFigures;
import site.ycsb.support.DatabaseReports;
import site.ycsb.support.Periodic;
import site.ycsb.support.RateLimitedLog;

/**
 * Samples each node's own view of itself — its thread pools ({@value ThreadPoolFigures#SOURCE}: active, pending and
 * blocked tasks, completed tasks per second) — every {@value #INTERVAL_MILLIS} ms on one daemon thread, and hands the
 * figures to the engine through {@link DatabaseReports#nodeGauges}. Started only while an engine listens (this
 * project's; in a YCSB 0.17.0 install nothing runs).
 *
 * <p>The table is node-local, so each node the driver uses (up, not ignored by the load-balancing policy) is asked
 * directly ({@link Statement#setHost}); all are asked at once and a round waits at most {@value #TIMEOUT_MILLIS} ms:
 * a node that has not answered by then is skipped for that round (a rate-limited line says so). A server without the
 * table (ScyllaDB, Cassandra before 4.0) or a user who may not read it is named once, and sampling stops. Nothing here
 * fails an operation or the run.
 *
 * <p>Thread-safe: {@link #close} may be called from any thread; the rounds run on the sampler's own thread.
 */
final class ServerView {
  /** One round a second: the rate of the engine's samples of the nodes' operating system. */
  static final long INTERVAL_MILLIS = 1000;
  /** How long a round waits for the nodes; a node slower than this is skipped for the round. */
  static final long TIMEOUT_MILLIS = 2000;
  private static final long LOG_INTERVAL_SECONDS = 60;

  private final Cluster cluster;
  private final Session session;
  private final String binding;
  private final Consumer<String> warn;
  private final RateLimitedLog log;
  /** Set just after the first run has started; used by {@link #close} only. */
  private volatile Periodic thread;
  /** Each node's previous reading (for the completed-tasks rate); used on the sampler's thread only. */
  private final Map<Host, ThreadPoolFigures> nodes = new LinkedHashMap<>();
  private volatile boolean stopped;

  private ServerView(Cluster cluster, Session session, String binding, Consumer<String> warn) {
    this.cluster = cluster;
    this.session = session;
    this.binding = binding;
    this.warn = warn;
    this.log = new RateLimitedLog(warn::accept, LOG_INTERVAL_SECONDS, TimeUnit.SECONDS, System::nanoTime);
  }

  /** Starts sampling now and then every {@value #INTERVAL_MILLIS} ms after the end of the previous round. */
  static ServerView start(Cluster cluster, Session session, String binding, Consumer<String> warn) {
    ServerView view = new ServerView(cluster, session, binding, warn);
    view.thread = Periodic.start(binding + "-server-view", INTERVAL_MILLIS, TIMEOUT_MILLIS, view::round);
    return view;
  }

  /** Stops sampling (a round under way is interrupted); before the driver closes. */
  void close() {
    stopped = true;
    thread.close();
  }

  /** One round: every node asked at once, each answer reported, the slow ones skipped; false when sampling ends. */
  private boolean round() {
    if (stopped) {
      return false;
    }
    try {
      List<Host> asked = new ArrayList<>();
      List<ResultSetFuture> answers = new ArrayList<>();
      for (Host host : cluster.getMetadata().getAllHosts()) {
        if (!host.isUp() || cluster.getConfiguration().getPolicies().getLoadBalancingPolicy().distance(host)
            == HostDistance.IGNORED) {
          continue;
        }
        asked.add(host);
        answers.add(session.executeAsync(statement(host)));
      }
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS);
      for (int i = 0; i < asked.size() && !stopped; i++) {
        take(asked.get(i), answers.get(i), deadline);
      }
    } catch (RuntimeException e) {
      // never let one bad round end the sampler's thread silently, nor reach the run
      log.log("server-view", binding + ": sampling " + ThreadPoolFigures.SOURCE + " failed this round: "
          + RateLimitedLog.describe(e));
    }
    return !stopped;
  }

  static Statement statement(Host host) {
    return statement(host, ThreadPoolFigures.QUERY);
  }

  /** {@code cql} as the sampler sends it: to {@code host} alone (the driver's per-statement node), bounded. */
  static Statement statement(Host host, String cql) {
    return new SimpleStatement(cql).setHost(host).setConsistencyLevel(ConsistencyLevel.ONE)
        .setReadTimeoutMillis((int) TIMEOUT_MILLIS).setIdempotent(false);
  }

  private void take(Host host, ResultSetFuture answer, long deadline) {
    String node = NodeEvents.address(host);
    ResultSet rows;
    try {
      rows = answer.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      answer.cancel(true);
      log.log("server-view-slow " + node, binding + ": node " + node + " did not answer " + ThreadPoolFigures.SOURCE
          + " within " + TIMEOUT_MILLIS + " ms: skipped for that round");
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopped = true;
      return;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof InvalidQueryException || cause instanceof SyntaxError
          || cause instanceof UnauthorizedException) {
        stop(node, cause);
      } else {
        log.log("server-view-failed " + node, binding + ": node " + node + " did not give its "
            + ThreadPoolFigures.SOURCE + ": " + RateLimitedLog.describe(cause) + "; skipped for that round");
      }
      return;
    }
    long at = System.nanoTime();
    List<ThreadPoolFigures.Pool> pools = new ArrayList<>();
    for (Row r : rows) {
      pools.add(new ThreadPoolFigures.Pool(r.getString(0), number(r, 1), number(r, 2), number(r, 3), number(r, 4)));
    }
    Map<String, Double> figures = nodes.computeIfAbsent(host, h -> new ThreadPoolFigures()).figures(pools, at);
    DatabaseReports.nodeGauges(binding, node, ThreadPoolFigures.SOURCE, figures);
  }

  /** int in Cassandra 5.0 for some columns, bigint for others; whichever a server version has. */
  private static Number number(Row r, int i) {
    Object v = r.getObject(i);
    return v instanceof Number ? (Number) v : null;
  }

  private void stop(String node, Throwable why) {
    if (stopped) {
      return;
    }
    stopped = true;
    String reason = why instanceof UnauthorizedException ? "the user may not read it"
        : "this server does not have it (" + RateLimitedLog.describe(why) + ")";
    warn.accept(binding + ": the database's own view (" + ThreadPoolFigures.SOURCE + ") is not available on node "
        + node + ": " + reason + "; not sampled ("
        + binding + ".serverview=false turns the attempt off)");
  }
}
