package site.ycsb.testserver.cassandra;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The project's iptables rules as a whole: adding a node's network fault, listing and removing a node's or a
 * cluster's rules, and sweeping stale ones (whose owner process is gone). Only rules that carry the project's mark
 * are ever read as ours or removed.
 */
final class NetworkFaults {
  private NetworkFaults() {
  }

  /**
   * Replaces node {@code node}'s network fault: removes its rules, then adds those of the new fault. If adding fails
   * halfway, the node is left with no rule.
   */
  static void apply(ClusterLayout layout, int node, NodeFaults.Direction direction, double probability,
                    ProcessStamp owner) {
    apply(FaultRule.forFault(layout, node, direction, probability, owner), FaultRule.clusterId(layout.dir), node);
  }

  /**
   * Replaces the rules of node {@code node} of {@code cluster} with {@code rules} (theirs); if adding fails halfway,
   * the node is left with no rule.
   */
  static void apply(List<FaultRule> rules, String cluster, int node) {
    String reason = Iptables.unavailableReason();
    if (reason != null) {
      throw new TestServerException(reason);
    }
    remove(cluster, node);
    try {
      for (FaultRule rule : rules) {
        Iptables.insert(rule.spec());
      }
    } catch (TestServerException e) {
      remove(cluster, node);
      throw e;
    }
  }

  /** Removes the rules of node {@code node} (0: every node) of cluster {@code cluster}; returns how many. */
  static int remove(String cluster, int node) {
    if (Iptables.unavailableReason() != null) {
      return 0; // no rule can have been added here either
    }
    List<FaultRule> doomed = select(ours(Iptables.listInput()), cluster, node);
    for (FaultRule rule : doomed) {
      Iptables.delete(rule.spec());
    }
    return doomed.size();
  }

  /** The rules of node {@code node} of cluster {@code cluster} now in force (none where iptables is unavailable). */
  static List<FaultRule> active(String cluster, int node) {
    if (Iptables.unavailableReason() != null) {
      return new ArrayList<>();
    }
    return select(ours(Iptables.listInput()), cluster, node);
  }

  /** Removes every marked rule whose owner process is gone, of any cluster; returns how many. */
  static int sweepStale() {
    if (Iptables.unavailableReason() != null) {
      return 0;
    }
    List<FaultRule> stale = stale(ours(Iptables.listInput()), ProcessStamp::isAlive);
    for (FaultRule rule : stale) {
      Iptables.delete(rule.spec());
    }
    return stale.size();
  }

  /**
   * {@link #sweepStale()} before a cluster starts. A sweep that fails is no reason not to start: iptables failing
   * here means no rule could have been added either.
   */
  static void sweepStaleQuietly() {
    try {
      sweepStale();
    } catch (TestServerException e) {
      System.err.println("warning: could not sweep stale " + FaultRule.MARK + " iptables rules: "
          + LocalCassandra.firstLine(e.getMessage()));
    }
  }

  /** Our rules among the lines of {@code iptables -S INPUT}. */
  static List<FaultRule> ours(List<String> lines) {
    List<FaultRule> rules = new ArrayList<>();
    for (String line : lines) {
      FaultRule rule = FaultRule.parse(line);
      if (rule != null) {
        rules.add(rule);
      }
    }
    return rules;
  }

  /** The rules of node {@code node} (0: every node) of cluster {@code cluster}. */
  static List<FaultRule> select(List<FaultRule> rules, String cluster, int node) {
    List<FaultRule> selected = new ArrayList<>();
    for (FaultRule rule : rules) {
      if (rule.clusterId.equals(cluster) && (node == 0 || rule.node == node)) {
        selected.add(rule);
      }
    }
    return selected;
  }

  /** The rules whose owner is not alive. */
  static List<FaultRule> stale(List<FaultRule> rules, Predicate<ProcessStamp> alive) {
    List<FaultRule> stale = new ArrayList<>();
    for (FaultRule rule : rules) {
      if (!alive.test(rule.owner)) {
        stale.add(rule);
      }
    }
    return stale;
  }

  /**
   * One node's rules in words, e.g. "partition (in and out)" or "lossy 30% (in)", one phrase per kind of drop;
   * empty for no rule.
   */
  static List<String> describe(List<FaultRule> rules) {
    List<String> phrases = new ArrayList<>();
    List<FaultRule> left = new ArrayList<>(rules);
    while (!left.isEmpty()) {
      FaultRule first = left.remove(0);
      boolean in = first.inbound;
      boolean out = !first.inbound;
      for (int i = left.size() - 1; i >= 0; i--) {
        if (Math.abs(left.get(i).probability - first.probability) < 1e-6) {
          in |= left.get(i).inbound;
          out |= !left.get(i).inbound;
          left.remove(i);
        }
      }
      String kind = first.probability >= 1 ? "partition" : "lossy " + percent(first.probability);
      phrases.add(kind + " (" + (in && out ? "in and out" : in ? "in" : "out") + ")");
    }
    return phrases;
  }

  static String percent(double probability) {
    String text = String.format(Locale.ROOT, "%.4f", probability * 100).replaceAll("0+$", "");
    return (text.endsWith(".") ? text.substring(0, text.length() - 1) : text) + "%";
  }
}
