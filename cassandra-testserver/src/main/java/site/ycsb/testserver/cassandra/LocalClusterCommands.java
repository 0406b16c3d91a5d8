package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The cluster half of {@link LocalCassandra}: {@code start --nodes N}, {@code start --node I}, {@code stop} and
 * {@code status} of a cluster whose layout is saved in {@code DIR/cluster.properties}. Nodes are started by this
 * JVM and released to live on their own only once the whole start has succeeded, so a start that is killed or
 * fails leaves no node running.
 */
final class LocalClusterCommands {
  private final PrintStream out;
  private final PrintStream err;

  LocalClusterCommands(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /** Runs one command; {@code cluster} is the layout saved in the directory, or null. */
  int run(LocalCassandra.Arguments args, ClusterLayout cluster) {
    if (cluster == null) {
      if (args.node != null || !args.command.equals("start")) {
        return usage("no cluster in " + args.dir + " (" + ClusterLayout.STATE_FILE + " is missing);"
            + " start one with: start --dir " + args.dir + " --nodes N");
      }
      return startNew(args);
    }
    if (args.node != null && args.node > cluster.size) {
      return usage("node " + args.node + " does not exist; " + args.dir + " holds nodes 1.." + cluster.size);
    }
    switch (args.command) {
      case "start":
        return args.node != null ? startOne(cluster, args.node) : startAgain(args, cluster);
      case "stop":
        return stop(cluster, args.node);
      default:
        return status(cluster);
    }
  }

  private int startNew(LocalCassandra.Arguments args) {
    NetworkFaults.sweepStaleQuietly();
    if (Files.exists(args.dir.resolve(LocalCassandra.STATE_FILE)) || Files.isDirectory(args.dir.resolve("data"))) {
      return usage(args.dir + " holds a single server's files; use another --dir for a cluster");
    }
    String address = args.address == null ? ClusterLayout.DEFAULT_FIRST_ADDRESS : args.address;
    int port = args.portOrDefault();
    List<String> hosts = ClusterLayout.hostList(address, args.nodes);
    String taken = FreePorts.firstTaken(hosts, port);
    if (taken != null) {
      return failed("port " + port + " on " + taken + " is in use; choose another with --port N"
          + " (or other addresses with --address)");
    }
    ClusterLayout layout = new ClusterLayout(args.dir, args.nodes, address, port,
        FreePorts.pickFreeOnAll(hosts, port), ServerProcess.CLUSTER_NAME, args.heapOrDefault());
    layout.save();
    return startAll(layout);
  }

  /** {@code start --dir DIR} on a saved cluster: every node again, on its data, if none runs. */
  private int startAgain(LocalCassandra.Arguments args, ClusterLayout layout) {
    if (args.auth) {
      return usage(args.dir + " holds a cluster; --auth is for a single server");
    }
    if (args.nodes != null && args.nodes != layout.size || args.port != null && args.port != layout.nativePort
        || args.address != null && !args.address.trim().equals(layout.host(1))) {
      return usage(args.dir + " holds a " + layout + "; start it without --nodes, --port and --address, or use"
          + " another --dir");
    }
    NetworkFaults.sweepStaleQuietly();
    List<String> running = new ArrayList<>();
    for (int i = 1; i <= layout.size; i++) {
      long pid = livePid(layout, i);
      if (pid > 0) {
        running.add("node " + i + " (pid " + pid + ")");
      }
    }
    if (!running.isEmpty()) {
      return failed("already running: " + String.join(", ", running) + "; start a stopped node with --node I, or"
          + " stop the cluster first");
    }
    String taken = FreePorts.firstTaken(layout.hostList(), layout.nativePort);
    if (taken != null) {
      return failed("port " + layout.nativePort + " on " + taken + " is in use by another process");
    }
    if (args.heap != null && !args.heap.equals(layout.heap)) {
      layout = layout.withHeap(args.heap);
      layout.save();
    }
    return startAll(layout);
  }

  private int startAll(ClusterLayout layout) {
    long t0 = System.currentTimeMillis();
    out.println("starting " + layout.size + " node" + (layout.size == 1 ? "" : "s") + " of Cassandra "
        + CassandraTestServer.CASSANDRA_VERSION + " one after another in " + layout.dir);
    ServerProcess[] nodes;
    try {
      nodes = ClusterStarter.startAll(layout, true, false, (index, node) -> out.printf(
          "node %d %s pid %d up (%.1f s)%n", index, address(layout, index), node.pid(),
          (System.currentTimeMillis() - t0) / 1000.0));
    } catch (TestServerException e) {
      return failed(LocalCassandra.firstLine(e.getMessage()) + " (node logs: " + layout.dir
          + "/node*/logs/server.log)");
    }
    for (ServerProcess node : nodes) {
      node.detach();
    }
    out.printf("Cassandra %s: %d node%s running, in step (ready in %.1f s); keyspace %s (NetworkTopologyStrategy,"
            + " %s: %d), table %s (field0..field%d).%n", CassandraTestServer.CASSANDRA_VERSION, layout.size,
        layout.size == 1 ? "" : "s", (System.currentTimeMillis() - t0) / 1000.0, ClusterLayout.KEYSPACE,
        CassandraTestServer.LOCAL_DATACENTER, layout.replicationFactor(), ClusterLayout.TABLE,
        ClusterLayout.FIELD_COUNT - 1);
    out.println("Use -p hosts=" + layout.hosts() + " -p port=" + layout.nativePort + "; stop it with: stop --dir "
        + layout.dir);
    return LocalCassandra.EXIT_OK;
  }

  /** {@code start --dir DIR --node I}: one stopped node again on its data, returning once it serves. */
  private int startOne(ClusterLayout layout, int index) {
    long pid = livePid(layout, index);
    if (pid > 0) {
      return failed("node " + index + " is already running (pid " + pid + ")");
    }
    NetworkFaults.sweepStaleQuietly();
    String host = layout.host(index);
    try {
      FreePorts.awaitFree(host, layout.nativePort, FreePorts.PORT_WAIT_MILLIS);
      FreePorts.awaitFree(host, layout.storagePort, FreePorts.PORT_WAIT_MILLIS);
    } catch (TestServerException e) {
      return failed(e.getMessage());
    }
    List<Integer> peers = new ArrayList<>();
    for (int i = 1; i <= layout.size; i++) {
      if (i != index && livePid(layout, i) > 0 && Signals.state(livePid(layout, i)) != 'T') {
        peers.add(i);
      }
    }
    long t0 = System.currentTimeMillis();
    ServerProcess node;
    try {
      node = ServerProcess.start(layout.nodeSpec(index, true, false));
    } catch (TestServerException e) {
      return failed(LocalCassandra.firstLine(e.getMessage()) + " (see " + layout.nodeDir(index)
          + "/logs/server.log)");
    }
    try {
      new ClusterProbe(layout).awaitServing(index, peers, CassandraCluster.SERVING_TIMEOUT_MILLIS);
    } catch (TestServerException e) {
      node.stop();
      return failed(LocalCassandra.firstLine(e.getMessage()));
    }
    node.detach();
    out.printf("node %d %s:%d pid %d up (serving in %.1f s: answers CQL%s)%n", index, layout.host(index),
        layout.nativePort, node.pid(), (System.currentTimeMillis() - t0) / 1000.0,
        peers.isEmpty() ? "; no other node runs" : ", in step with node" + (peers.size() == 1 ? " " : "s ")
            + joined(peers));
    return LocalCassandra.EXIT_OK;
  }

  private static String joined(List<Integer> indexes) {
    List<String> names = new ArrayList<>();
    for (int i : indexes) {
      names.add(Integer.toString(i));
    }
    return String.join(", ", names);
  }

  /** Stops one node or all (in parallel): their faults removed first, then SIGTERM, SIGKILL after 30 s. */
  private int stop(ClusterLayout layout, Integer only) {
    List<Thread> stoppers = new ArrayList<>();
    String[] lines = new String[layout.size + 1];
    for (int i = 1; i <= layout.size; i++) {
      if (only == null || i == only) {
        // First: a slow cycle could freeze a node while it shuts down, and a rule must not outlive its node.
        String cleared = LocalFaultCommands.clearBeforeStop(layout, i);
        if (cleared != null) {
          out.println(cleared);
        }
      }
    }
    for (int i = 1; i <= layout.size; i++) {
      if (only != null && i != only) {
        continue;
      }
      long pid = livePid(layout, i);
      if (pid <= 0) {
        lines[i] = "node " + i + " " + address(layout, i) + " was not running";
        continue;
      }
      int index = i;
      Thread t = new Thread(() -> {
        long t0 = System.currentTimeMillis();
        boolean graceful = ServerProcess.stopDetached(pid, ServerProcess.STOP_TIMEOUT_MILLIS);
        lines[index] = String.format("stopped node %d %s (pid %d) in %.1f s%s", index, address(layout, index), pid,
            (System.currentTimeMillis() - t0) / 1000.0,
            graceful ? "" : " (killed after " + ServerProcess.STOP_TIMEOUT_MILLIS / 1000 + " s)");
      }, "stop-node-" + i);
      t.start();
      stoppers.add(t);
    }
    for (Thread t : stoppers) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return failed("interrupted while stopping the cluster in " + layout.dir);
      }
    }
    for (String line : lines) {
      if (line != null) {
        out.println(line);
      }
    }
    return LocalCassandra.EXIT_OK;
  }

  /**
   * One line per node, with its faults; exit 0 when all answer CQL, 3 when none runs, 1 otherwise. Stale rules are
   * swept and a slow cycle that died is cleared (its node thawed) on the way.
   */
  private int status(ClusterLayout layout) {
    int up = 0;
    int running = 0;
    NetworkFaults.sweepStaleQuietly();
    for (int i = 1; i <= layout.size; i++) {
      long pid = livePid(layout, i);
      String line = "node " + i + " " + address(layout, i);
      if (pid <= 0) {
        SlowNodeProcess.current(layout, i); // drops the record of a cycle that ended with its node
        out.println(line + " down");
        continue;
      }
      running++;
      String faults = LocalFaultCommands.statusSuffix(layout, i);
      if (Signals.state(pid) == 'T' && !LocalFaultCommands.isSlow(layout, i)) {
        out.println(line + " pid " + pid + " paused (SIGSTOP; thaw it with: fault --dir " + layout.dir + " --node " + i
            + " thaw)" + faults);
        continue;
      }
      try (CqlWireClient ignored = CqlWireClient.connect(layout.host(i), layout.nativePort, null, null, 5_000)) {
        out.println(line + " pid " + pid + " up" + faults);
        up++;
      } catch (TestServerException e) {
        out.println(line + " pid " + pid + " not answering CQL (" + LocalCassandra.firstLine(e.getMessage()) + ")"
            + faults);
      }
    }
    return up == layout.size ? LocalCassandra.EXIT_OK
        : running == 0 ? LocalCassandra.EXIT_NOT_RUNNING : LocalCassandra.EXIT_FAILED;
  }

  private static String address(ClusterLayout layout, int index) {
    return layout.host(index) + ":" + layout.nativePort;
  }

  /** Pid of node {@code index}'s server when it is alive and really that node's server; else 0. */
  static long livePid(ClusterLayout layout, int index) {
    Path pidFile = layout.nodeSpec(index, true, false).pidFile();
    long pid;
    try {
      pid = Long.parseLong(new String(Files.readAllBytes(pidFile), StandardCharsets.US_ASCII).trim());
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
    // A recycled pid runs something else: only a ServerMain with this node's config counts.
    boolean ours = Signals.isAlive(pid) && Signals.commandLineContains(pid, ServerMain.class.getName(),
        layout.nodeSpec(index, true, false).yamlFile().toUri().toString());
    return ours ? pid : 0;
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
