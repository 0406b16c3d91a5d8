package site.ycsb.db.cql.driver;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.ResultSetFuture;
import com.datastax.driver.core.Session;

import site.ycsb.db.cql.AnswerWatch;
import site.ycsb.db.cql.SlowNodeWatch;
import site.ycsb.support.Periodic;
import site.ycsb.support.RateLimitedLog;

/**
 * Asks every node that is up and not silent a question about itself alone ({@link SilenceProbe#statement}: the
 * node-local table, no replica involved) {@link #ROUNDS_PER_SECOND} times a second, times each answer from its sending
 * to its completion, and hands the times to the {@link SlowNodeWatch}, which it checks once a second. A node's own
 * answer time is what tells a slow node from the others: the workload's requests wait on replicas, so a slow replica
 * slows every coordinator's reads. An answer that is an error of the node's own counts (the node answered); a probe
 * without an answer within {@link SilenceProbe#TIMEOUT_MILLIS} counts nothing (that is the silent-node guard's).
 *
 * <p>What it costs the database: {@link #ROUNDS_PER_SECOND} reads of {@code system.local} per second per node per
 * client, each answered from memory by the node itself. One daemon thread per client, which never waits for an
 * answer.
 *
 * <p>Thread-safe: {@link #close} may be called from any thread; answers are queued by the threads that complete them,
 * and only the probe's own thread touches the watch.
 */
final class SpeedProbe {
  static final int ROUNDS_PER_SECOND = 4;
  private static final long INTERVAL_MILLIS = 1000 / ROUNDS_PER_SECOND;
  /** A round never waits: closing waits only for one under way. */
  private static final long CLOSE_WAIT_MILLIS = 500;
  private static final long CHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final AnswerWatch<Host> answers;
  private final SlowNodeWatch speeds;
  private final Session session;
  private final Cluster cluster;
  private final RateLimitedLog log;
  private final String binding;
  private final Periodic thread;
  private volatile boolean stopped;
  private long lastCheckNs;
  private final Queue<Answer> answered = new ConcurrentLinkedQueue<>();

  SpeedProbe(AnswerWatch<Host> answers, SlowNodeWatch speeds, Cluster cluster, Session session, String binding,
             Consumer<String> warn) {
    this.answers = answers;
    this.speeds = speeds;
    this.cluster = cluster;
    this.session = session;
    this.binding = binding;
    this.log = new RateLimitedLog(warn::accept, 60, TimeUnit.SECONDS, System::nanoTime);
    this.lastCheckNs = System.nanoTime();
    this.thread = Periodic.start(binding + "-speed-probe", INTERVAL_MILLIS, CLOSE_WAIT_MILLIS, this::round);
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
      for (Answer a = answered.poll(); a != null; a = answered.poll()) {
        speeds.record(answers.node(a.host), a.nanos);
      }
      long now = System.nanoTime();
      if (now - lastCheckNs >= CHECK_NANOS) {
        lastCheckNs = now;
        speeds.check(now);
      }
      for (Host h : cluster.getMetadata().getAllHosts()) {
        if (h.isUp() && !answers.isSilent(h)) {
          send(h);
        }
      }
    } catch (RuntimeException e) {
      // a failed round must not end the probing silently, nor reach the run
      log.log("speed-probe", binding + ": probing the nodes' speed failed this round: " + RateLimitedLog.describe(e));
    }
    return !stopped;
  }

  /**
   * Sends one probe to {@code host}; its answer's time, taken on the thread that completes it, waits in a queue for
   * the next round. Rounds never wait for an answer, so a slow node cannot slow the probing of the others or its own:
   * each probe ends by its read timeout at the latest, so a node holds at most a second's probes.
   */
  private void send(Host host) {
    long sent = System.nanoTime();
    ResultSetFuture f = session.executeAsync(SilenceProbe.statement(host));
    f.addListener(() -> {
      long done = System.nanoTime();
      try {
        f.get(); // done: returns at once
      } catch (ExecutionException e) {
        if (!AnswerTracker.answeredByNode(e.getCause())) {
          return; // no answer of the node's (a timeout, a broken connection): the silent-node guard's matter
        }
      } catch (InterruptedException | RuntimeException e) {
        return; // cancelled (the session closing)
      }
      answered.add(new Answer(host, done - sent));
    }, Runnable::run);
  }

  /** One probe's answer: the node and how long it took. */
  private static final class Answer {
    final Host host;
    final long nanos;

    Answer(Host host, long nanos) {
      this.host = host;
      this.nanos = Math.max(0, nanos);
    }
  }
}
