package site.ycsb.testserver.cassandra;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Faults of one node of a {@link CassandraCluster}, from {@link CassandraCluster.Node#faults()}: a partition or a
 * lossy link (iptables rules on the node's address and the cluster's two ports, so other servers on the same
 * addresses are never touched; root only, see {@link #networkUnavailableReason()}), a freeze (SIGSTOP) and a slow
 * node (a freeze duty cycle). A node has at most one network fault, and is at most one of frozen or slow: a new
 * fault replaces the earlier one of its kind. {@link #heal()} removes every fault and leaves the node running; so do
 * the node's stop, kill and restart, the cluster's close and {@link CassandraCluster#ensureAllServing()}, and the
 * exit of this JVM.
 *
 * <p>Thread-safe: guarded by the node's lock.
 */
public final class NodeFaults {
  /** Which of a node's packets a network fault drops. */
  public enum Direction {
    /** What the node receives: its clients' requests, its peers' messages, the answers to its own connections. */
    IN,
    /** What the node sends. */
    OUT,
    /** Both: the node is cut off from its clients and its peers. */
    BOTH
  }

  /** Long enough for the cycle's kill commands (each bounded by 10 s) to finish on a loaded machine. */
  private static final long SLOW_END_MILLIS = 30_000;

  private final Object lock;
  private final ClusterLayout layout;
  private final int index;
  private final Supplier<ServerProcess> process;
  /** Volatile for {@link #releaseAtExit()}, which reads it without the lock. */
  private volatile DutyCycle slow;
  private boolean frozen;

  NodeFaults(Object lock, ClusterLayout layout, int index, Supplier<ServerProcess> process) {
    this.lock = lock;
    this.layout = layout;
    this.index = index;
    this.process = process;
  }

  /**
   * Why partitions and lossy links cannot be made here (they need Linux, root and the iptables command), or null
   * when they can. Freeze and slow need none of these. Meant for JUnit assumptions.
   */
  public static String networkUnavailableReason() {
    return Iptables.unavailableReason();
  }

  /** Cuts the node off from its clients and its peers (drops every packet it receives and sends). */
  public void partition() {
    partition(Direction.BOTH);
  }

  /** Drops every packet the node receives ({@code IN}), sends ({@code OUT}) or both. */
  public void partition(Direction direction) {
    network(direction, 1, "partition");
  }

  /** Drops each packet the node receives or sends with probability {@code probability}, in (0, 1]. */
  public void lossy(double probability) {
    lossy(probability, Direction.BOTH);
  }

  /** Drops each packet in {@code direction} with probability {@code probability}, in (0, 1]. */
  public void lossy(double probability, Direction direction) {
    FaultRule.checkProbability(probability);
    network(direction, probability, "make lossy");
  }

  private void network(Direction direction, double probability, String what) {
    Objects.requireNonNull(direction, "direction");
    synchronized (lock) {
      NetworkFaults.apply(layout, index, direction, probability, stampOf(requireRunning(what), what));
    }
  }

  /** SIGSTOP (ending a slow cycle first); returns once every thread of the node has stopped. */
  public void freeze() {
    synchronized (lock) {
      ServerProcess node = requireRunning("freeze");
      endSlow();
      node.pause();
      frozen = true;
    }
  }

  /** SIGCONT, ending a slow cycle too; returns once the node runs. */
  public void thaw() {
    synchronized (lock) {
      ServerProcess node = requireRunning("thaw");
      endSlow();
      node.resume();
      frozen = false;
    }
  }

  /**
   * Makes the node slow: frozen {@code frozenMillis} of every {@code periodMillis} (0 < frozen < period <= 1 h) by a
   * daemon thread of this JVM, until {@link #thaw()}, {@link #heal()} or {@link #freeze()}.
   */
  public void slow(long frozenMillis, long periodMillis) {
    DutyCycle.check(frozenMillis, periodMillis);
    synchronized (lock) {
      ServerProcess node = requireRunning("slow down");
      endSlow();
      DutyCycle cycle = new DutyCycle(stampOf(node, "slow down"), frozenMillis, periodMillis);
      Thread thread = new Thread(cycle::run, "slow-node-" + index);
      thread.setDaemon(true);
      thread.start();
      slow = cycle;
      frozen = false;
    }
  }

  /** Removes every fault of the node (rules, slow cycle, freeze); the node, if it runs, runs on. */
  public void heal() {
    synchronized (lock) {
      try {
        endSlow();
        NetworkFaults.remove(FaultRule.clusterId(layout.dir), index);
      } finally {
        ServerProcess node = process.get();
        if (node.isAlive() && (frozen || Signals.state(node.pid()) == 'T')) {
          try {
            node.resume();
          } catch (IllegalStateException e) {
            // being stopped meanwhile: the stop sends SIGCONT itself
          }
        }
        frozen = false;
      }
    }
  }

  /**
   * The node's faults in words, e.g. "partition (in and out)", "lossy 30% (in)", "frozen", "slow (frozen 300 ms of
   * every 1000 ms)"; empty when it has none.
   */
  public List<String> active() {
    synchronized (lock) {
      List<String> faults = NetworkFaults.describe(NetworkFaults.active(FaultRule.clusterId(layout.dir), index));
      if (slow != null) {
        faults.add(slow.toString());
      } else if (frozen && process.get().isAlive()) {
        faults.add("frozen");
      }
      return faults;
    }
  }

  /**
   * At the JVM's exit, without the node's lock (a thread that holds it, e.g. in a restart, may never release it
   * now): ends the slow cycle and removes the node's rules. A frozen node needs nothing here: its stop sends SIGCONT.
   */
  void releaseAtExit() {
    DutyCycle cycle = slow;
    if (cycle != null) {
      cycle.stop();
      cycle.awaitEnd(SLOW_END_MILLIS);
      cycle.continueTarget();
    }
    NetworkFaults.remove(FaultRule.clusterId(layout.dir), index);
  }

  boolean isFrozen() {
    synchronized (lock) {
      return frozen;
    }
  }

  private void endSlow() {
    if (slow != null) {
      slow.stop();
      slow.awaitEnd(SLOW_END_MILLIS);
      slow.continueTarget(); // whatever became of the thread, the node is left running
      slow = null;
    }
  }

  private ServerProcess requireRunning(String what) {
    ServerProcess node = process.get();
    if (!node.isAlive()) {
      throw new IllegalStateException("cannot " + what + " node " + index + " (" + layout.host(index)
          + "): it is not running");
    }
    return node;
  }

  private ProcessStamp stampOf(ServerProcess node, String what) {
    ProcessStamp stamp = ProcessStamp.of(node.pid());
    if (stamp == null) {
      throw new IllegalStateException("cannot " + what + " node " + index + ": its process " + node.pid()
          + " has just ended");
    }
    return stamp;
  }
}
