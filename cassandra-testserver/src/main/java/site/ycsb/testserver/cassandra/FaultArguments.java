package site.ycsb.testserver.cassandra;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parsed arguments of {@code cassandra-server fault}, checked for everything that does not depend on the state
 * of DIR: one verb, {@code --dir}, {@code --node}, and the options of that verb only.
 *
 * <p>Immutable.
 */
final class FaultArguments {
  static final List<String> VERBS = Arrays.asList("partition", "lossy", "freeze", "thaw", "slow", "heal");
  static final long DEFAULT_FROZEN_MILLIS = 300;
  static final long DEFAULT_PERIOD_MILLIS = 1000;
  private static final List<String> OPTIONS = Arrays.asList("--dir", "--node", "--direction", "--probability",
      "--frozen", "--period");

  final String verb;
  final Path dir;
  final int node;
  final NodeFaults.Direction direction;
  /** For lossy; 1 otherwise. */
  final double probability;
  final long frozenMillis;
  final long periodMillis;

  private FaultArguments(String verb, Path dir, int node, NodeFaults.Direction direction, double probability,
                         long frozenMillis, long periodMillis) {
    this.verb = verb;
    this.dir = dir;
    this.node = node;
    this.direction = direction;
    this.probability = probability;
    this.frozenMillis = frozenMillis;
    this.periodMillis = periodMillis;
  }

  /** Parses the words after {@code fault}; an IllegalArgumentException says what is wrong, in one line. */
  static FaultArguments parse(String[] args) {
    String verb = null;
    Map<String, String> given = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String word = args[i];
      if (!word.startsWith("-")) {
        if (!VERBS.contains(word)) {
          throw new IllegalArgumentException("unknown fault '" + word + "' (" + verbList() + ")");
        }
        if (verb != null) {
          throw new IllegalArgumentException("give one fault, got '" + verb + "' and '" + word + "'");
        }
        verb = word;
        continue;
      }
      if (!OPTIONS.contains(word)) {
        throw new IllegalArgumentException("unknown option '" + word + "'");
      }
      if (given.containsKey(word)) {
        throw new IllegalArgumentException(word + " is given twice");
      }
      if (i + 1 >= args.length || args[i + 1].startsWith("--") || args[i + 1].trim().isEmpty()) {
        throw new IllegalArgumentException(word + " needs a value");
      }
      given.put(word, args[++i]);
    }
    if (verb == null) {
      throw new IllegalArgumentException("give one fault: " + verbList());
    }
    if (!given.containsKey("--dir")) {
      throw new IllegalArgumentException("--dir DIR is required");
    }
    if (!given.containsKey("--node")) {
      throw new IllegalArgumentException("--node I is required: the node to " + verb);
    }
    boolean network = verb.equals("partition") || verb.equals("lossy");
    requireOnlyFor(given, "--direction", network, "partition and lossy");
    requireOnlyFor(given, "--probability", verb.equals("lossy"), "lossy");
    requireOnlyFor(given, "--frozen", verb.equals("slow"), "slow");
    requireOnlyFor(given, "--period", verb.equals("slow"), "slow");
    if (verb.equals("lossy") && !given.containsKey("--probability")) {
      throw new IllegalArgumentException("lossy needs --probability P, the share of packets dropped, in (0, 1]");
    }
    long frozen = millis(given, "--frozen", DEFAULT_FROZEN_MILLIS);
    long period = millis(given, "--period", DEFAULT_PERIOD_MILLIS);
    DutyCycle.check(frozen, period);
    return new FaultArguments(verb, Paths.get(given.get("--dir")).toAbsolutePath().normalize(),
        node(given.get("--node")), direction(given.get("--direction")), probability(given.get("--probability")),
        frozen, period);
  }

  private static String verbList() {
    return String.join(", ", VERBS.subList(0, VERBS.size() - 1)) + " or " + VERBS.get(VERBS.size() - 1);
  }

  private static void requireOnlyFor(Map<String, String> given, String option, boolean applies, String verbs) {
    if (given.containsKey(option) && !applies) {
      throw new IllegalArgumentException(option + " applies to " + verbs + " only");
    }
  }

  private static int node(String text) {
    try {
      int n = Integer.parseInt(text.trim());
      if (n >= 1 && n <= ClusterLayout.MAX_NODES) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new IllegalArgumentException("--node must be 1.." + ClusterLayout.MAX_NODES + ", got '" + text + "'");
  }

  private static NodeFaults.Direction direction(String text) {
    if (text == null) {
      return NodeFaults.Direction.BOTH;
    }
    try {
      return NodeFaults.Direction.valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--direction must be in, out or both, got '" + text + "'");
    }
  }

  private static double probability(String text) {
    if (text == null) {
      return 1;
    }
    try {
      double p = Double.parseDouble(text.trim());
      if (p > 0 && p <= 1) {
        return p;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new IllegalArgumentException("--probability must be a number in (0, 1], got '" + text + "'");
  }

  private static long millis(Map<String, String> given, String option, long otherwise) {
    String text = given.get(option);
    if (text == null) {
      return otherwise;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " must be a whole number of milliseconds, got '" + text + "'");
    }
  }
}
