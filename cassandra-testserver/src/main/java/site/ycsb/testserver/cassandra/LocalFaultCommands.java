package site.ycsb.testserver.cassandra;

import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code cassandra-server fault --dir DIR --node I VERB}: one fault on one node of a cluster started by the CLI —
 * partition, lossy, freeze, thaw, slow, heal — and the fault part of the CLI's status and stop. Network faults are
 * iptables rules owned by the node's server process (stale once it is gone); a slow node is a background process
 * ({@link SlowNodeProcess}).
 */
final class LocalFaultCommands {
  static final String USAGE = "usage: bin/ycsb cassandra-server fault --dir DIR --node I"
      + " partition [--direction in|out|both] | lossy --probability P [--direction in|out|both] | freeze | thaw"
      + " | slow [--frozen MS] [--period MS] | heal";
  private static final long SIGNAL_WAIT_MILLIS = TimeUnit.SECONDS.toMillis(ServerProcess.SIGNAL_WAIT_SECONDS);

  private final PrintStream out;
  private final PrintStream err;

  LocalFaultCommands(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /** Runs {@code fault} with the words after it; returns the exit code. */
  int run(String[] args) {
    FaultArguments parsed;
    try {
      parsed = FaultArguments.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage() + "; " + USAGE);
      return LocalCassandra.EXIT_USAGE;
    }
    try {
      return run(parsed);
    } catch (TestServerException | IllegalStateException e) {
      err.println("error: " + LocalCassandra.firstLine(e.getMessage()));
      return LocalCassandra.EXIT_FAILED;
    }
  }

  private int run(FaultArguments args) {
    if (!Files.isDirectory(args.dir)) {
      return usage("--dir " + args.dir + (Files.exists(args.dir) ? " is not a directory" : " does not exist"));
    }
    ClusterLayout layout = ClusterLayout.load(args.dir);
    if (layout == null) {
      return usage("no cluster in " + args.dir + " (" + ClusterLayout.STATE_FILE + " is missing); faults are for"
          + " the nodes of a cluster: start one with: start --dir " + args.dir + " --nodes N");
    }
    if (args.node > layout.size) {
      return usage("node " + args.node + " does not exist; " + args.dir + " holds nodes 1.." + layout.size);
    }
    NetworkFaults.sweepStaleQuietly();
    SlowNodeProcess.current(layout, args.node); // thaws the node if a slow cycle died while it was frozen
    String name = "node " + args.node + " " + layout.host(args.node) + ":" + layout.nativePort;
    long pid = LocalClusterCommands.livePid(layout, args.node);
    if (args.verb.equals("heal")) {
      out.println(name + ": " + heal(layout, args.node, pid));
      return LocalCassandra.EXIT_OK;
    }
    if (pid <= 0) {
      return failed(name + " is not running; start it with: start --dir " + args.dir + " --node " + args.node);
    }
    String undo = "fault --dir " + args.dir + " --node " + args.node;
    switch (args.verb) {
      case "partition":
      case "lossy":
        String reason = Iptables.unavailableReason();
        if (reason != null) {
          return failed(reason);
        }
        NetworkFaults.apply(layout, args.node, args.direction, args.probability, stamp(pid, name));
        out.println(name + ": " + (args.probability < 1 ? "lossy: drops " + NetworkFaults.percent(args.probability)
            + " of the packets" : "partitioned: drops every packet") + " it " + what(args.direction) + " on ports "
            + layout.nativePort + "," + layout.storagePort + " (undo with: " + undo + " heal)");
        return LocalCassandra.EXIT_OK;
      case "freeze":
        SlowNodeProcess.end(layout, args.node);
        Signals.stopAndWait(pid, SIGNAL_WAIT_MILLIS);
        out.println(name + ": frozen (SIGSTOP to pid " + pid + "; undo with: " + undo + " thaw)");
        return LocalCassandra.EXIT_OK;
      case "thaw":
        boolean wasSlow = SlowNodeProcess.end(layout, args.node);
        Signals.continueAndWait(pid, SIGNAL_WAIT_MILLIS);
        out.println(name + ": running (" + (wasSlow ? "slow cycle ended, " : "") + "SIGCONT to pid " + pid + ")");
        return LocalCassandra.EXIT_OK;
      default: // slow
        SlowNodeProcess.end(layout, args.node);
        SlowNodeProcess slow = SlowNodeProcess.start(layout, args.node, stamp(pid, name), args.frozenMillis,
            args.periodMillis);
        out.println(name + ": " + slow + " (undo with: " + undo + " thaw, or heal)");
        return LocalCassandra.EXIT_OK;
    }
  }

  private static String what(NodeFaults.Direction direction) {
    return direction == NodeFaults.Direction.IN ? "receives" : direction == NodeFaults.Direction.OUT ? "sends"
        : "receives and sends";
  }

  private static ProcessStamp stamp(long pid, String name) {
    ProcessStamp stamp = ProcessStamp.of(pid);
    if (stamp == null) {
      throw new TestServerException(name + " (pid " + pid + ") has just ended");
    }
    return stamp;
  }

  /** Removes every fault of node {@code index} and leaves it running if it runs; says what it removed. */
  private static String heal(ClusterLayout layout, int index, long pid) {
    List<String> done = new ArrayList<>();
    if (SlowNodeProcess.end(layout, index)) {
      done.add("ended the slow cycle");
    }
    int rules = NetworkFaults.remove(FaultRule.clusterId(layout.dir), index);
    if (rules > 0) {
      done.add("removed " + rules + " iptables rule" + (rules == 1 ? "" : "s"));
    }
    if (pid > 0 && Signals.state(pid) == 'T') {
      Signals.continueAndWait(pid, SIGNAL_WAIT_MILLIS);
      done.add("thawed pid " + pid);
    }
    return done.isEmpty() ? "had no faults" + (pid > 0 ? "" : " (not running)") : "healed: " + String.join(", ", done);
  }

  /**
   * The faults of running node {@code index} for its status line ("; faults: ..."), or "" for none. A slow cycle
   * whose process is gone is dropped here, and its node thawed.
   */
  static String statusSuffix(ClusterLayout layout, int index) {
    List<String> faults = NetworkFaults.describe(NetworkFaults.active(FaultRule.clusterId(layout.dir), index));
    SlowNodeProcess slow = SlowNodeProcess.current(layout, index);
    if (slow != null) {
      faults.add(slow.toString());
    }
    return faults.isEmpty() ? "" : "; faults: " + String.join(", ", faults);
  }

  /** True when node {@code index} is slow: frozen now and then by a live background cycle, not paused for good. */
  static boolean isSlow(ClusterLayout layout, int index) {
    return SlowNodeProcess.current(layout, index) != null;
  }

  /**
   * Before node {@code index} is stopped: ends its slow cycle and removes its rules. Returns a line saying what was
   * removed, or null when there was nothing; a failure is told in that line, as the stop goes on regardless.
   */
  static String clearBeforeStop(ClusterLayout layout, int index) {
    String name = "node " + index + " " + layout.host(index) + ":" + layout.nativePort;
    try {
      List<String> done = new ArrayList<>();
      if (SlowNodeProcess.end(layout, index)) {
        done.add("slow cycle ended");
      }
      int rules = NetworkFaults.remove(FaultRule.clusterId(layout.dir), index);
      if (rules > 0) {
        done.add(rules + " iptables rule" + (rules == 1 ? "" : "s") + " removed");
      }
      return done.isEmpty() ? null : name + ": " + String.join(", ", done);
    } catch (TestServerException e) {
      return name + ": could not remove its faults: " + LocalCassandra.firstLine(e.getMessage());
    }
  }

  private int usage(String message) {
    err.println("error: " + message);
    return LocalCassandra.EXIT_USAGE;
  }

  private int failed(String message) {
    err.println("error: " + message);
    return LocalCassandra.EXIT_FAILED;
  }
}
