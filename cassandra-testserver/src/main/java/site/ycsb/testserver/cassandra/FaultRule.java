package site.ycsb.testserver.cassandra;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One iptables rule of a network fault, in the INPUT chain (loopback packets pass OUTPUT, then INPUT): it drops TCP
 * packets to one node's address ({@code -d}, what the node receives) or from it ({@code -s}, what it sends) that
 * use its cluster's native or storage port, every one or each with a probability. Scoped to both, so that any
 * other server on the same loopback address is never touched. It carries the project's mark,
 * {@code ycsb-fault:<cluster>:node<i>:owner<pid>.<start>}: the cluster directory's identity, the node, and the
 * process that owns it (the node's server JVM), whose end makes the rule stale.
 *
 * <p>Immutable.
 */
final class FaultRule {
  static final String MARK = "ycsb-fault";
  private static final Pattern COMMENT = Pattern.compile(
      MARK + ":([0-9a-f]{12}):node([1-9][0-9]{0,2}):owner([0-9]+\\.[0-9]+)");

  final String clusterId;
  final int node;
  /** The node's address, e.g. 127.0.0.3; null when a marked rule could not be read in full. */
  final String host;
  /** "NATIVE,STORAGE" as in the rule. */
  final String ports;
  /** True for a rule on what the node receives ({@code -d}), false for what it sends ({@code -s}). */
  final boolean inbound;
  /** The share of matching packets dropped; 1 drops all of them (a partition). */
  final double probability;
  final ProcessStamp owner;
  /** The rule's words after {@code -A INPUT} as iptables printed them, or null for a rule built here. */
  private final List<String> listed;

  private FaultRule(String clusterId, int node, String host, String ports, boolean inbound, double probability,
                    ProcessStamp owner, List<String> listed) {
    this.clusterId = clusterId;
    this.node = node;
    this.host = host;
    this.ports = ports;
    this.inbound = inbound;
    this.probability = probability;
    this.owner = owner;
    this.listed = listed;
  }

  /**
   * The rules of one fault on node {@code node} of {@code layout}: one for what it receives, one for what it sends,
   * or both.
   *
   * @throws IllegalArgumentException for a probability outside (0, 1] or an address outside 127.0.0.0/8
   */
  static List<FaultRule> forFault(ClusterLayout layout, int node, NodeFaults.Direction direction,
                                  double probability, ProcessStamp owner) {
    return forPorts(clusterId(layout.dir), node, layout.host(node), layout.nativePort + "," + layout.storagePort,
        direction, probability, owner);
  }

  /**
   * The rules of one fault on the server at {@code host}, on {@code ports} ("P1,P2,..." as multiport takes them), marked
   * with the identity {@code id} and node number {@code node}.
   *
   * @throws IllegalArgumentException for a probability outside (0, 1] or an address outside 127.0.0.0/8
   */
  static List<FaultRule> forPorts(String id, int node, String host, String ports, NodeFaults.Direction direction,
                                  double probability, ProcessStamp owner) {
    checkProbability(probability);
    ClusterLayout.parseFirstAddress(host, 1); // never a rule on an address outside 127.0.0.0/8
    List<FaultRule> rules = new ArrayList<>();
    if (direction != NodeFaults.Direction.OUT) {
      rules.add(new FaultRule(id, node, host, ports, true, probability, owner, null));
    }
    if (direction != NodeFaults.Direction.IN) {
      rules.add(new FaultRule(id, node, host, ports, false, probability, owner, null));
    }
    return rules;
  }

  /** {@code probability}, if it is a number in (0, 1]; else an IllegalArgumentException saying so. */
  static double checkProbability(double probability) {
    if (!(probability > 0 && probability <= 1)) {
      throw new IllegalArgumentException("probability must be in (0, 1], got " + probability);
    }
    return probability;
  }

  /** The identity of a cluster directory in a rule's mark: 12 hex digits of the SHA-256 of its absolute path. */
  static String clusterId(Path dir) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(
          dir.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder();
      for (int i = 0; i < 6; i++) {
        hex.append(String.format("%02x", hash[i] & 0xff));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  String comment() {
    return MARK + ":" + clusterId + ":node" + node + ":owner" + owner;
  }

  /** The rule's words after the chain name, for {@code iptables -I INPUT ...} or {@code -D INPUT ...}. */
  List<String> spec() {
    if (listed != null) {
      return listed; // exactly as iptables printed it, so that -D matches it whatever iptables normalised
    }
    List<String> words = new ArrayList<>(Arrays.asList(inbound ? "-d" : "-s", host + "/32", "-p", "tcp",
        "-m", "multiport", "--ports", ports));
    if (probability < 1) {
      words.addAll(Arrays.asList("-m", "statistic", "--mode", "random", "--probability",
          BigDecimal.valueOf(probability).stripTrailingZeros().toPlainString()));
    }
    words.addAll(Arrays.asList("-m", "comment", "--comment", comment(), "-j", "DROP"));
    return Collections.unmodifiableList(words);
  }

  /**
   * The rule of a line of {@code iptables -S INPUT}, or null when it is not one of ours (no mark of ours in its
   * comment). A marked rule is read as far as it can be, so that it can always be removed.
   */
  static FaultRule parse(String line) {
    List<String> words = words(line);
    if (words.size() < 3 || !words.get(0).equals("-A") || !words.get(1).equals("INPUT")) {
      return null;
    }
    Matcher mark = COMMENT.matcher(valueOf(words, "--comment", ""));
    if (!mark.matches()) {
      return null;
    }
    String source = valueOf(words, "-s", null);
    String destination = valueOf(words, "-d", null);
    String host = destination != null ? destination : source;
    if (host != null && host.endsWith("/32")) {
      host = host.substring(0, host.length() - 3);
    }
    double probability = 1;
    try {
      probability = Double.parseDouble(valueOf(words, "--probability", "1"));
    } catch (NumberFormatException e) {
      // still ours: described as a partition, and removable all the same
    }
    return new FaultRule(mark.group(1), Integer.parseInt(mark.group(2)), host, valueOf(words, "--ports", ""),
        destination != null, probability, ProcessStamp.parse(mark.group(3)),
        Collections.unmodifiableList(new ArrayList<>(words.subList(2, words.size()))));
  }

  private static String valueOf(List<String> words, String option, String otherwise) {
    int i = words.indexOf(option);
    return i >= 0 && i + 1 < words.size() ? words.get(i + 1) : otherwise;
  }

  /**
   * The words of a line as iptables prints them: separated by blanks, a word with other characters than letters,
   * digits, '-' and '_' in double quotes, in which a backslash escapes the next character.
   */
  static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted && c == '\\' && i + 1 < line.length()) {
        word.append(line.charAt(++i));
      } else if (c == '"') {
        quoted = !quoted;
        word = word == null ? new StringBuilder() : word;
      } else if (!quoted && Character.isWhitespace(c)) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }

  @Override
  public String toString() {
    return String.join(" ", spec());
  }
}
