package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** {@code bin/ycsb cassandra-server} with {@code --nodes}: a real 2-node cluster started, checked, restarted. */
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

      TestJvm.Run stopOne = cli(120, "stop", "--dir", d, "--node", "1");
      assertEquals(0, stopOne.exitCode, stopOne.toString());
      assertTrue(stopOne.output.startsWith("stopped node 1 127.0.0.1:" + port), stopOne.output);
      assertEquals(1, cli(60, "status", "--dir", d).exitCode);
    } finally {
      TestJvm.Run stop = cli(120, "stop", "--dir", d);
      assertEquals(0, stop.exitCode, stop.toString());
    }
    TestJvm.Run down = cli(60, "status", "--dir", d);
    assertEquals(3, down.exitCode, down.toString());
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
