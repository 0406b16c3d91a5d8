package site.ycsb.db.cql.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.ResultSetFuture;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.SimpleStatement;
import com.datastax.driver.core.Statement;

import site.ycsb.db.cql.AnswerWatch;
import site.ycsb.support.Periodic;
import site.ycsb.support.RateLimitedLog;

/**
 * Asks each silent node a cheap question once a second, to that node alone: while a node is silent the query plans
 * send it nothing else, so without a probe it could never be seen answering again. The answer itself ends the silence
 * (the driver reports it to the {@link AnswerTracker} like any other). One daemon thread; a round waits at most
 * {@link #TIMEOUT_MILLIS} plus a margin for its probes; idle (one look at a counter) while no node is silent.
 *
 * <p>Thread-safe: {@link #close} may be called from any thread; rounds run on the probe's own thread.
 */
final class SilenceProbe {
  static final long INTERVAL_MILLIS = 1000;
  /** The probe's own read timeout: a node that does not answer it within this is still silent. */
  static final int TIMEOUT_MILLIS = 1000;
  private static final long ROUND_MARGIN_MILLIS = 500;
  static final String QUERY = "SELECT release_version FROM system.local";

  private final AnswerWatch<Host> answers;
  private final Session session;
  private final RateLimitedLog log;
  private final String binding;
  private volatile boolean stopped;
  private final Periodic thread;

  SilenceProbe(AnswerWatch<Host> answers, Session session, String binding, Consumer<String> warn) {
    this.answers = answers;
    this.session = session;
    this.binding = binding;
    this.log = new RateLimitedLog(warn::accept, 60, TimeUnit.SECONDS, System::nanoTime);
    this.thread = Periodic.start(binding + "-silence-probe", INTERVAL_MILLIS, TIMEOUT_MILLIS + ROUND_MARGIN_MILLIS,
        this::round);
  }

  /** The probe of {@code host}: the node-local table, answered by that node alone, within the probe's timeout. */
  static Statement statement(Host host) {
    return new SimpleStatement(QUERY).setHost(host).setConsistencyLevel(ConsistencyLevel.ONE)
        .setReadTimeoutMillis(TIMEOUT_MILLIS).setIdempotent(false);
  }

  void close() {
    stopped = true;
    thread.close();
  }

  private boolean round() {
    if (stopped) {
      return false;
    }
    try {
      List<Host> silent = answers.silentKeys();
      if (silent.isEmpty()) {
        return true;
      }
      List<ResultSetFuture> probes = new ArrayList<>();
      for (Host host : silent) {
        probes.add(session.executeAsync(statement(host)));
      }
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS + ROUND_MARGIN_MILLIS);
      for (ResultSetFuture probe : probes) {
        try {
          probe.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
          probe.cancel(true);
        } catch (ExecutionException e) {
          // no answer, or an answer that is an error: the tracker has counted whichever it was
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (RuntimeException e) {
      // a failed round must not end the probing silently, nor reach the run
      log.log("silence-probe", binding + ": probing a silent node failed this round: " + RateLimitedLog.describe(e));
    }
    return !stopped;
  }
}
