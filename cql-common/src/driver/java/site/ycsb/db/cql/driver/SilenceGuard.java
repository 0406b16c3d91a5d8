package site.ycsb.db.cql.driver;

import java.util.function.Consumer;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.policies.LoadBalancingPolicy;

import site.ycsb.db.cql.AnswerWatch;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.SentNodes;
import site.ycsb.db.cql.SlowNodeWatch;
import site.ycsb.support.DatabaseReports;

/**
 * The silent-node guard's driver side, put together: the {@link AnswerWatch} over the driver's hosts, the query plans
 * that record where each request went and put silent nodes last ({@link SilentLastPolicy}), the tracker that sees every
 * answer ({@link AnswerTracker}), the probe of silent nodes ({@link SilenceProbe}), and the node events
 * ({@link DatabaseReports#nodeSilence}); beside it, the watch of nodes that answer far slower than the others
 * ({@link SlowNodeWatch}, fed by the {@link SpeedProbe}, reported by {@link DatabaseReports#nodeSlowness}). The
 * executors ask it which node an attempt was sent to ({@link SentNodes}).
 *
 * <p>Thread-safe: shared by every client thread; the host recorded for a thread is that thread's own.
 */
final class SilenceGuard implements SentNodes {
  private final String binding;
  private final AnswerWatch<Host> answers;
  /** Per thread: the host the last plan handed out on it (a slot, so recording allocates nothing). */
  private final ThreadLocal<Host[]> sent = ThreadLocal.withInitial(() -> new Host[1]);
  private volatile Cluster cluster;
  private final SlowNodeWatch speeds;
  private AnswerTracker tracker;
  private SilenceProbe probe;
  private SpeedProbe speedProbe;

  private SilenceGuard(String binding, long thresholdMillis) {
    this.binding = binding;
    this.answers = new AnswerWatch<>(thresholdMillis, NodeEvents::address, Host::isUp, System::nanoTime,
        this::report);
    this.speeds = new SlowNodeWatch(answers, this::reportSlowness);
  }

  /** The guard the settings ask for, or null when it is off ({@code silentnodemillis=0}). */
  static SilenceGuard create(CqlSettings settings) {
    return settings.silentNodeMillis() == 0 ? null : new SilenceGuard(settings.bindingName(),
        settings.silentNodeMillis());
  }

  AnswerWatch<Host> answers() {
    return answers;
  }

  /** {@code child}, with silent nodes last and each request's host recorded. */
  LoadBalancingPolicy policy(LoadBalancingPolicy child) {
    return new SilentLastPolicy(child, this);
  }

  /** Starts seeing answers and probing silent nodes on {@code connected}. */
  void start(Cluster connected, Session session, Consumer<String> warn) {
    cluster = connected;
    tracker = new AnswerTracker(answers);
    connected.register(tracker);
    probe = new SilenceProbe(answers, session, binding, warn);
    speedProbe = new SpeedProbe(answers, speeds, connected, session, binding, warn);
  }

  /** Stops probing and reporting (before the driver closes: its closing is no silence). */
  void close() {
    if (probe != null) {
      probe.close();
    }
    if (speedProbe != null) {
      speedProbe.close();
    }
    Cluster c = cluster;
    cluster = null;
    if (c != null && tracker != null) {
      c.unregister(tracker);
    }
  }

  boolean isSilent(Host host) {
    return answers.anySilent() && answers.isSilent(host);
  }

  void recordSent(Host host) {
    sent.get()[0] = host;
  }

  @Override
  public void clear() {
    sent.get()[0] = null;
  }

  @Override
  public AnswerWatch.Node take() {
    Host[] slot = sent.get();
    Host host = slot[0];
    if (host == null) {
      return null;
    }
    slot[0] = null;
    return answers.node(host);
  }

  private void report(String node, boolean silent, String source) {
    Cluster c = cluster;
    if (c == null) {
      return;
    }
    int known = 0;
    int answering = 0;
    for (Host h : c.getMetadata().getAllHosts()) {
      known++;
      if (h.isUp() && !answers.isSilent(h)) {
        answering++;
      }
    }
    DatabaseReports.nodeSilence(binding, node, silent, answering, known, source);
  }

  private void reportSlowness(String node, boolean slow, String source) {
    Cluster c = cluster;
    if (c == null) {
      return;
    }
    int known = c.getMetadata().getAllHosts().size();
    DatabaseReports.nodeSlowness(binding, node, slow, Math.max(0, known - speeds.slowCount()), known, source);
  }
}
