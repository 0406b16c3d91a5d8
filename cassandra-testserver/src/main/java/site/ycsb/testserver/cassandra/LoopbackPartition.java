package site.ycsb.testserver.cassandra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A partition of one server on a loopback address, for the tests of other modules (a GridDB node, say): every TCP
 * packet to or from the address on the given ports is dropped, so its clients get neither an answer nor a reset and
 * wait as on a cut link. The rules are this module's fault rules (see its README, "Faults"): at the head of INPUT,
 * scoped to the address and the ports, marked {@code ycsb-fault:<id>:node1:owner<pid>.<start>} where {@code <id>}
 * names {@code directory} and the owner is the server's process. They are removed by {@link #heal()}, {@link #close()}
 * and this JVM's exit; a rule whose owner is gone (the test JVM and its server killed) is swept by the next
 * {@link #partition()}, cluster start or CLI fault command of any JVM. Needs root and iptables:
 * {@link NodeFaults#networkUnavailableReason()} says why not, for a JUnit assumption.
 *
 * <p>Thread-safe: its methods are synchronized.
 */
public final class LoopbackPartition implements AutoCloseable {
  /** What {@code iptables -m multiport} takes at most in one rule. */
  static final int MAX_PORTS = 15;
  /** The node number in the marks: one server per directory. */
  private static final int NODE = 1;

  private final String id;
  private final String address;
  private final String ports;
  private final long serverPid;
  private boolean exitHookRegistered;

  private LoopbackPartition(String id, String address, String ports, long serverPid) {
    this.id = id;
    this.address = address;
    this.ports = ports;
    this.serverPid = serverPid;
  }

  /**
   * A partition (not yet made) of the server with process id {@code serverPid} at {@code address} (in 127.0.0.0/8) on
   * {@code ports} (1 to 15 of them), identified in its rules' marks by {@code directory} (the server's, so that two
   * servers' rules never mix).
   *
   * @throws IllegalArgumentException for an address outside 127.0.0.0/8, no ports, too many or one out of range
   */
  public static LoopbackPartition of(Path directory, String address, long serverPid, int... ports) {
    if (ports == null || ports.length == 0 || ports.length > MAX_PORTS) {
      throw new IllegalArgumentException("a partition needs 1 to " + MAX_PORTS + " ports, got "
          + (ports == null ? 0 : ports.length));
    }
    List<String> list = new ArrayList<>();
    for (int port : ports) {
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("port must be 1..65535, got " + port);
      }
      list.add(Integer.toString(port));
    }
    ClusterLayout.parseFirstAddress(address, 1);
    if (serverPid <= 0) {
      throw new IllegalArgumentException("not a process id: " + serverPid);
    }
    return new LoopbackPartition(FaultRule.clusterId(directory), address, String.join(",", list), serverPid);
  }

  /**
   * Drops every packet to and from the server on its ports, replacing any earlier rules of this partition; first sweeps
   * stale rules of any owner.
   *
   * @throws IllegalStateException when the server's process is not running
   * @throws TestServerException when iptables is unavailable or fails (no rule of this partition is then left)
   */
  public synchronized void partition() {
    ProcessStamp owner = ProcessStamp.of(serverPid);
    if (owner == null) {
      throw new IllegalStateException("cannot partition " + address + " (ports " + ports + "): its server process "
          + serverPid + " is not running");
    }
    List<FaultRule> rules = rules(owner);
    NetworkFaults.sweepStaleQuietly();
    if (!exitHookRegistered) {
      ShutdownHook.registerCleanup(this::healAtExit);
      exitHookRegistered = true;
    }
    NetworkFaults.apply(rules, id, NODE);
  }

  /** The rules {@link #partition()} adds when {@code owner} is the server's process. */
  List<FaultRule> rules(ProcessStamp owner) {
    return FaultRule.forPorts(id, NODE, address, ports, NodeFaults.Direction.BOTH, 1, owner);
  }

  /** Removes this partition's rules; the server's packets pass again. Nothing to do is no error. */
  public synchronized void heal() {
    NetworkFaults.remove(id, NODE);
  }

  /** Whether this partition's rules are in force now. */
  public synchronized boolean isActive() {
    return !NetworkFaults.active(id, NODE).isEmpty();
  }

  /** {@link #heal()}. */
  @Override
  public void close() {
    heal();
  }

  /** At this JVM's exit: a clean-up must not throw, and a failed removal leaves a rule the next sweep finds stale. */
  private void healAtExit() {
    try {
      NetworkFaults.remove(id, NODE);
    } catch (TestServerException e) {
      System.err.println("warning: could not remove the partition of " + address + ": "
          + LocalCassandra.firstLine(e.getMessage()));
    }
  }

  @Override
  public String toString() {
    return "partition of " + address + " ports " + ports + " (server process " + serverPid + ")";
  }
}
