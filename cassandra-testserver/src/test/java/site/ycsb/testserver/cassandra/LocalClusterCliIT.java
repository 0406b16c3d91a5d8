package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/ycsb cassandra-server} with {@code --nodes}: a real 2-node cluster started, checked, faulted, restarted
 * and stopped.
 */
class LocalClusterCliIT {
  private static final Path WORK = Paths.get("target", "cluster-cli-it").toAbsolutePath();
  private static final List<String> HOSTS = Arrays.asList("127.0.0.1", "127.0.0.2");

  @BeforeAll
  static void requireEnvironment() {
    String reason = CassandraCluster.unavailableReason();
    assumeTrue(reason == null, reason);
  }

  private static TestJvm.Run cli(int timeoutSeconds, String... args) throws Exception {
    return TestJvm.run(WORK, LocalCassandra.class, timeoutSeconds, args);
  }

  private static long pidOf(String statusOutput, int node) {
    Matcher m = Pattern.compile("^node " + node + " \\S+ pid (\\d+) up$", Pattern.MULTILINE).matcher(statusOutput);
    assertTrue(m.find(), "no 'up' line for node " + node + " in:\n" + statusOutput);
    return Long.parseLong(m.group(1));
  }

  @Test
  void should_start_report_kill_restart_and_stop_nodes_when_using_the_cli() throws Exception {
    Path dir = WORK.resolve("cluster");
    ServerDirectories.deleteRecursively(dir);
    int port = FreePorts.pickFreeOnAll(HOSTS, -1);
    String d = dir.toString();
    try {
      TestJvm.Run start = cli(300, "start", "--dir", d, "--nodes", "2", "--port", Integer.toString(port));
      assertEquals(0, start.exitCode, start.toString());
      assertTrue(start.output.contains("Use -p hosts=127.0.0.1,127.0.0.2 -p port=" + port), start.output);

      TestJvm.Run status = cli(60, "status", "--dir", d);
      assertEquals(0, status.exitCode, status.toString());
      assertEquals(2, status.output.trim().split("\n").length, status.output);
      long pid2 = pidOf(status.output, 2);
      assertTrue(Signals.isAlive(pidOf(status.output, 1)) && Signals.isAlive(pid2), "nodes must outlive the CLI");
      try (CqlWireClient client = CqlWireClient.connect("127.0.0.2", port, null, null, 30_000)) {
        assertEquals("2", client.query("SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = 'ycsb'")
            .stringMap(0, 0).get("datacenter1"), "two nodes: replication factor 2");
        client.query("INSERT INTO ycsb.usertable (y_id, field0) VALUES ('kept', 'v')", CqlConsistency.ALL);
      }

      exerciseFaults(d, port);

      Signals.send("KILL", pid2);
      assertTrue(TestJvm.awaitExit(pid2, 30));
      TestJvm.Run oneDown = cli(60, "status", "--dir", d);
      assertEquals(1, oneDown.exitCode, oneDown.toString());
      assertTrue(oneDown.output.contains("node 2 127.0.0.2:" + port + " down\n"), oneDown.output);

      TestJvm.Run again = cli(300, "start", "--dir", d, "--node", "2");
      assertEquals(0, again.exitCode, again.toString());
      assertTrue(again.output.contains("in step with node 1"), again.output);
      TestJvm.Run restored = cli(60, "status", "--dir", d);
      assertEquals(0, restored.exitCode, restored.toString());
      try (CqlWireClient client = CqlWireClient.connect("127.0.0.2", port, null, null, 30_000)) {
        assertEquals(1, client.query("SELECT y_id FROM ycsb.usertable WHERE y_id = 'kept'", CqlConsistency.ALL)
            .rowCount(), "the restarted node keeps its data");
      }

      // Faults are removed before their node stops: a slow cycle on node 1, a partition of node 2.
      long cycler = slowCycler(fault(d, 1, "slow"));
      boolean network = NodeFaults.networkUnavailableReason() == null;
      if (network) {
        assertEquals(0, fault(d, 2, "partition").exitCode);
      }
      TestJvm.Run stopOne = cli(120, "stop", "--dir", d, "--node", "1");
      assertEquals(0, stopOne.exitCode, stopOne.toString());
      assertTrue(stopOne.output.startsWith("node 1 127.0.0.1:" + port + ": slow cycle ended\nstopped node 1 127.0.0.1:"
          + port), stopOne.output);
      assertTrue(!Signals.isAlive(cycler), "the slow cycle outlived its node's stop");
      assertEquals(1, cli(60, "status", "--dir", d).exitCode);
      if (network) {
        TestJvm.Run stop = cli(120, "stop", "--dir", d);
        assertEquals(0, stop.exitCode, stop.toString());
        assertTrue(stop.output.startsWith("node 2 127.0.0.2:" + port + ": 2 iptables rules removed\n"), stop.output);
      }
    } finally {
      TestJvm.Run stop = cli(120, "stop", "--dir", d);
      assertEquals(0, stop.exitCode, stop.toString());
    }
    TestJvm.Run down = cli(60, "status", "--dir", d);
    assertEquals(3, down.exitCode, down.toString());
    assertEquals(0, NetworkFaults.active(FaultRule.clusterId(dir), 0).size(), "rules outlived the cluster");
  }

  private static TestJvm.Run fault(String dir, int node, String... verbAndOptions) throws Exception {
    String[] args = new String[verbAndOptions.length + 5];
    System.arraycopy(new String[] {"fault", "--dir", dir, "--node", Integer.toString(node)}, 0, args, 0, 5);
    System.arraycopy(verbAndOptions, 0, args, 5, verbAndOptions.length);
    return cli(60, args);
  }

  /** The background pid a successful {@code fault ... slow} names. */
  private static long slowCycler(TestJvm.Run slow) {
    assertEquals(0, slow.exitCode, slow.toString());
    Matcher m = Pattern.compile("background pid (\\d+)\\)").matcher(slow.output);
    assertTrue(m.find(), slow.output);
    return Long.parseLong(m.group(1));
  }

  private static String line(String output, int node) {
    for (String line : output.split("\n")) {
      if (line.startsWith("node " + node + " ")) {
        return line;
      }
    }
    throw new AssertionError("no line for node " + node + " in:\n" + output);
  }

  private static void awaitState(long pid, char state) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (Signals.state(pid) != state && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(state, Signals.state(pid), "state of pid " + pid);
  }

  /** Every fault verb on node 2 of the running cluster, checked from a client and in status; node 2 healthy after. */
  private static void exerciseFaults(String d, int port) throws Exception {
    String node2 = "node 2 127.0.0.2:" + port;
    long pid2 = pidOf(cli(60, "status", "--dir", d).output, 2);
    String network = NodeFaults.networkUnavailableReason();
    if (network == null) {
      TestJvm.Run partition = fault(d, 2, "partition");
      assertEquals(0, partition.exitCode, partition.toString());
      assertTrue(partition.output.startsWith(node2 + ": partitioned: drops every packet it receives and sends"),
          partition.output);
      TestJvm.Run cut = cli(60, "status", "--dir", d);
      assertEquals(1, cut.exitCode, cut.toString());
      assertTrue(line(cut.output, 2).matches(".* not answering CQL .*; faults: partition \\(in and out\\)"),
          cut.output);
      assertThrows(TestServerException.class, () -> CqlWireClient.connect("127.0.0.2", port, null, null, 1_500));
      TestJvm.Run heal = fault(d, 2, "heal");
      assertEquals(node2 + ": healed: removed 2 iptables rules\n", heal.output);

      TestJvm.Run lossy = fault(d, 2, "lossy", "--probability", "0.3", "--direction", "in");
      assertTrue(lossy.output.startsWith(node2 + ": lossy: drops 30% of the packets it receives on ports " + port
          + ","), lossy.toString());
      assertTrue(line(cli(60, "status", "--dir", d).output, 2).endsWith("; faults: lossy 30% (in)"));
      assertEquals(node2 + ": healed: removed 1 iptables rule\n", fault(d, 2, "heal").output);
    } else {
      TestJvm.Run refused = fault(d, 2, "partition");
      assertEquals(1, refused.exitCode, refused.toString());
      assertEquals("error: " + network + "\n", refused.output);
    }

    TestJvm.Run freeze = fault(d, 2, "freeze");
    assertEquals(0, freeze.exitCode, freeze.toString());
    assertEquals('T', Signals.state(pid2));
    TestJvm.Run frozen = cli(60, "status", "--dir", d);
    assertEquals(1, frozen.exitCode, frozen.toString());
    assertEquals(node2 + " pid " + pid2 + " paused (SIGSTOP; thaw it with: fault --dir " + d + " --node 2 thaw)",
        line(frozen.output, 2));
    assertEquals(node2 + ": running (SIGCONT to pid " + pid2 + ")\n", fault(d, 2, "thaw").output);
    assertNotEquals('T', Signals.state(pid2));

    // A slow cycle killed with SIGKILL while the node is frozen: the next status thaws the node.
    long cycler = slowCycler(fault(d, 2, "slow", "--frozen", "59000", "--period", "60000"));
    awaitState(pid2, 'T');
    Signals.send("KILL", cycler);
    assertTrue(TestJvm.awaitExit(cycler, 30));
    Thread.sleep(200);
    assertEquals('T', Signals.state(pid2), "the killed cycle left its node frozen");
    TestJvm.Run thawed = cli(60, "status", "--dir", d);
    assertEquals(0, thawed.exitCode, thawed.toString());
    assertEquals(node2 + " pid " + pid2 + " up", line(thawed.output, 2));

    TestJvm.Run slow = fault(d, 2, "slow");
    long again = slowCycler(slow);
    assertEquals(node2 + ": slow (frozen 300 ms of every 1000 ms, background pid " + again + ") (undo with: fault"
        + " --dir " + d + " --node 2 thaw, or heal)\n", slow.output);
    assertTrue(line(cli(60, "status", "--dir", d).output, 2).endsWith("; faults: slow (frozen 300 ms of every"
        + " 1000 ms, background pid " + again + ")"));
    assertEquals(node2 + ": running (slow cycle ended, SIGCONT to pid " + pid2 + ")\n", fault(d, 2, "thaw").output);
    assertTrue(!Signals.isAlive(again));
    assertNotEquals('T', Signals.state(pid2));
  }

  @Test
  void should_leave_no_node_running_when_the_cli_is_killed_while_starting() throws Exception {
    Path dir = WORK.resolve("killed-start");
    ServerDirectories.deleteRecursively(dir);
    int port = FreePorts.pickFreeOnAll(HOSTS, -1);
    Process cli = TestJvm.start(LocalCassandra.class, "start", "--dir", dir.toString(), "--nodes", "2", "--port",
        Integer.toString(port));
    long pid1;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(cli.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null && !line.startsWith("node 1 ")) {
        continue;
      }
      assertTrue(line != null && line.contains(" up "), "the CLI ended before node 1 was up: " + line);
      pid1 = TestJvm.readPid(dir.resolve("node1/server.pid"));
      cli.destroyForcibly(); // SIGKILL while node 2 starts
      assertTrue(cli.waitFor(30, TimeUnit.SECONDS));
    } finally {
      cli.destroyForcibly();
    }
    assertTrue(TestJvm.awaitExit(pid1, 60), "node 1 outlived the killed CLI by 60 s");
    Path pidFile2 = dir.resolve("node2/server.pid");
    if (Files.exists(pidFile2)) {
      assertTrue(TestJvm.awaitExit(TestJvm.readPid(pidFile2), 60), "node 2 outlived the killed CLI by 60 s");
    }
    assertTrue(new String(Files.readAllBytes(dir.resolve("node1/logs/server.log")), StandardCharsets.UTF_8)
        .contains("launcher process is gone"));
  }
}
