package site.ycsb.db.cql.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
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
 * client, each answered from memory by the node itself. One daemon thread per client; a round waits at most the
 * probe's timeout and a margin.
 *
 * <p>Thread-safe: {@link #close} may be called from any thread; rounds run on the probe's own thread, which alone
 * touches the watch.
 */
final class SpeedProbe {
  static final int ROUNDS_PER_SECOND = 4;
  private static final long INTERVAL_MILLIS = 1000 / ROUNDS_PER_SECOND;
  private static final long ROUND_MARGIN_MILLIS = 500;
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

  SpeedProbe(AnswerWatch<Host> answers, SlowNodeWatch speeds, Cluster cluster, Session session, String binding,
             Consumer<String> warn) {
    this.answers = answers;
    this.speeds = speeds;
    this.cluster = cluster;
    this.session = session;
    this.binding = binding;
    this.log = new RateLimitedLog(warn::accept, 60, TimeUnit.SECONDS, System::nanoTime);
    this.lastCheckNs = System.nanoTime();
    this.thread = Periodic.start(binding + "-speed-probe", INTERVAL_MILLIS,
        SilenceProbe.TIMEOUT_MILLIS + ROUND_MARGIN_MILLIS, this::round);
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
      List<Host> hosts = new ArrayList<>();
      for (Host h : cluster.getMetadata().getAllHosts()) {
        if (h.isUp() && !answers.isSilent(h)) {
          hosts.add(h);
        }
      }
      int n = hosts.size();
      List<ResultSetFuture> probes = new ArrayList<>(n);
      long[] sentNs = new long[n];
      AtomicLongArray doneNs = new AtomicLongArray(n);
      CountDownLatch done = new CountDownLatch(n);
      for (int i = 0; i < n; i++) {
        final int slot = i;
        sentNs[i] = System.nanoTime();
        ResultSetFuture f = session.executeAsync(SilenceProbe.statement(hosts.get(i)));
        // the completion's own time, taken on the thread that completes it
        f.addListener(() -> {
          doneNs.set(slot, System.nanoTime());
          done.countDown();
        }, Runnable::run);
        probes.add(f);
      }
      done.await(SilenceProbe.TIMEOUT_MILLIS + ROUND_MARGIN_MILLIS, TimeUnit.MILLISECONDS);
      for (int i = 0; i < n; i++) {
        ResultSetFuture probe = probes.get(i);
        long doneAt = doneNs.get(i);
        if (doneAt == 0) {
          probe.cancel(true); // no answer in time: the silent-node guard's matter, not a speed
          continue;
        }
        try {
          probe.get(); // done: returns at once
          speeds.record(answers.node(hosts.get(i)), Math.max(0, doneAt - sentNs[i]));
        } catch (ExecutionException e) {
          if (AnswerTracker.answeredByNode(e.getCause())) {
            speeds.record(answers.node(hosts.get(i)), Math.max(0, doneAt - sentNs[i]));
          }
        }
      }
      long now = System.nanoTime();
      if (now - lastCheckNs >= CHECK_NANOS) {
        lastCheckNs = now;
        speeds.check(now);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (RuntimeException e) {
      // a failed round must not end the probing silently, nor reach the run
      log.log("speed-probe", binding + ": probing the nodes' speed failed this round: " + RateLimitedLog.describe(e));
    }
    return !stopped;
  }
}
