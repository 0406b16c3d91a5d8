package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shared 3-node cluster of {@link CassandraCluster}: all nodes up and replicating, a node killed and restarted
 * with its schema, a node paused, request counts per node, and no node left behind by a killed launcher.
 */
class CassandraClusterIT {
  private static final Path WORK = Paths.get("target", "cassandra-cluster-it").toAbsolutePath();
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static CassandraCluster cluster;

  @BeforeAll
  static void cluster() {
    String reason = CassandraCluster.unavailableReason();
    assumeTrue(reason == null, reason);
    cluster = CassandraCluster.shared3();
  }

  @AfterEach
  void healCluster() {
    if (cluster != null) {
      cluster.ensureAllServing();
    }
  }

  @Test
  void should_run_three_nodes_that_see_each_other_up_when_shared3_starts() {
    assertSame(cluster, CassandraCluster.shared3());
    assertEquals("127.0.0.1,127.0.0.2,127.0.0.3", cluster.hosts());
    assertEquals(3, cluster.size());
    assertEquals(3, cluster.replicationFactor());
    for (CassandraCluster.Node target : cluster.nodes()) {
      assertEquals("127.0.0." + target.index(), target.host());
      assertEquals(cluster.port(), target.port());
      for (CassandraCluster.Node observer : cluster.nodes()) {
        assertTrue(target.isSeenUpBy(observer), observer + " should see " + target + " up");
      }
      CqlResult local = target.query("SELECT tokens, data_center FROM system.local");
      assertEquals(Collections.singletonList(Long.toString(target.token())), local.stringList(0, 0));
      assertEquals("datacenter1", local.string(0, 1));
      assertEquals(2, target.query("SELECT peer FROM system.peers_v2").rowCount(), target + " knows its peers");
      assertEquals(cluster.node(1).schemaVersion(), target.schemaVersion());
    }
  }

  @Test
  void should_replicate_keyspace_ycsb_three_times_when_shared3_starts() {
    Map<String, String> replication = cluster.node(2).query(
        "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = 'ycsb'").stringMap(0, 0);
    assertEquals("org.apache.cassandra.locator.NetworkTopologyStrategy", replication.get("class"));
    assertEquals("3", replication.get("datacenter1"));
    assertEquals(11, cluster.query("SELECT column_name FROM system_schema.columns WHERE keyspace_name = 'ycsb'"
        + " AND table_name = 'usertable'").rowCount(), "y_id and field0..field9");
    // At ALL the write succeeds only when all three replicas acknowledge it, whichever node coordinates.
    for (CassandraCluster.Node coordinator : cluster.nodes()) {
      try (CqlWireClient client = coordinator.connect(30_000)) {
        String key = "all-" + coordinator.index();
        client.query("INSERT INTO ycsb.usertable (y_id, field0) VALUES ('" + key + "', 'v')", CqlConsistency.ALL);
        assertEquals(1, client.query("SELECT y_id FROM ycsb.usertable WHERE y_id = '" + key + "'",
            CqlConsistency.ALL).rowCount());
      }
    }
  }

  @Test
  void should_know_a_table_created_just_before_a_kill_as_soon_as_the_node_answers_again() {
    String table = newTable();
    cluster.execute("INSERT INTO ycsb." + table + " (y_id, field0) VALUES ('k', 'v')");
    CassandraCluster.Node node = cluster.node(3);
    long oldPid = node.pid();
    node.kill();
    assertFalse(node.isRunning());
    assertFalse(Signals.isAlive(oldPid), "SIGKILL must have ended pid " + oldPid);
    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> node.faults().slow(100, 200));
    assertEquals("cannot slow down node 3 (127.0.0.3): it is not running", refused.getMessage());
    node.faults().heal(); // healing a node that is not running is no error

    node.startProcess(); // returns at the first CQL answer: nothing has had time to repair the schema yet
    assertNotEquals(oldPid, node.pid());
    try (CqlWireClient client = node.connect(30_000)) {
      // With -Dcassandra.unsafesystem=true this fails: the kill lost the flush of the new table's schema.
      client.query("SELECT y_id FROM ycsb." + table + " LIMIT 1");
    }
    node.awaitServing();
    assertTrue(node.isSeenUpBy(cluster.node(1)));
    assertTrue(cluster.node(1).isSeenUpBy(node));
    assertEquals(cluster.node(1).schemaVersion(), node.schemaVersion());
  }

  @Test
  void should_serve_with_its_data_when_restarted_after_a_kill() {
    String table = newTable();
    cluster.node(1).execute("INSERT INTO ycsb." + table + " (y_id, field0) VALUES ('before-kill', 'v')");
    try (CqlWireClient client = cluster.node(1).connect(30_000)) {
      client.query("INSERT INTO ycsb." + table + " (y_id, field0) VALUES ('at-all', 'v')", CqlConsistency.ALL);
    }
    CassandraCluster.Node node = cluster.node(2);
    node.kill();
    long t0 = System.nanoTime();
    node.restart();
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf("restart of %s after SIGKILL: serving after %.1f s%n", node, seconds);
    for (CassandraCluster.Node other : cluster.nodes()) {
      assertTrue(node.isSeenUpBy(other), other + " should see the restarted node up");
      assertTrue(other.isSeenUpBy(node), "the restarted node should see " + other + " up");
    }
    // At ALL every replica answers, so the restarted node must have replayed its commit log.
    try (CqlWireClient client = node.connect(30_000)) {
      assertEquals(1, client.query("SELECT y_id FROM ycsb." + table + " WHERE y_id = 'at-all'",
          CqlConsistency.ALL).rowCount());
    }
  }

  @Test
  void should_stall_only_the_paused_node_and_answer_again_after_resume() throws Exception {
    CassandraCluster.Node node = cluster.node(2);
    try (CqlWireClient toPaused = node.connect(1_500)) {
      node.pause();
      assertTrue(node.isPaused());
      assertEquals('T', Signals.state(node.pid()));
      TestServerException e = assertThrows(TestServerException.class,
          () -> toPaused.query("SELECT release_version FROM system.local"));
      assertTrue(e.getMessage().contains("no answer within the timeout"), e.getMessage());
      // QUORUM needs two of three replicas: nodes 1 and 3 suffice while node 2 is frozen.
      try (CqlWireClient client = cluster.node(1).connect(30_000)) {
        client.query("INSERT INTO ycsb.usertable (y_id, field0) VALUES ('quorum', 'v')", CqlConsistency.QUORUM);
      }
    } finally {
      node.resume();
    }
    assertFalse(node.isPaused());
    assertEquals(CassandraTestServer.CASSANDRA_VERSION,
        node.query("SELECT release_version FROM system.local").string(0, 0));
  }

  @Test
  void should_count_the_requests_a_node_received_on_its_own_side() {
    CassandraCluster.Node node = cluster.node(3);
    try (CqlWireClient client = node.connect(30_000)) {
      long before = node.clientRequestCount();
      long otherBefore = cluster.node(1).clientRequestCount();
      for (int i = 0; i < 7; i++) {
        client.query("SELECT y_id FROM ycsb.usertable WHERE y_id = 'count-" + i + "'");
      }
      assertEquals(7, node.clientRequestCount() - before, "the asking connection itself is not counted");
      assertEquals(otherBefore, cluster.node(1).clientRequestCount(), "node 1 received none of them");
    }
  }

  @Test
  void should_leave_no_node_running_when_the_jvm_that_started_a_cluster_is_killed() throws Exception {
    Path dir = WORK.resolve("orphan-cluster");
    boolean network = NodeFaults.networkUnavailableReason() == null;
    // Its node partitioned (where iptables works): the rule outlives the killed JVM, stale once the node is gone.
    List<Long> pids = runLauncher(dir, network ? "partition" : "none", true);
    for (long pid : pids) {
      assertTrue(TestJvm.awaitExit(pid, 60), "node pid " + pid + " outlived its launcher by 60 s");
    }
    if (network) {
      String cluster = FaultRule.clusterId(dir);
      assertEquals(2, NetworkFaults.active(cluster, 1).size(), "no hook ran: the rules are still there");
      NetworkFaults.sweepStale();
      assertEquals(0, NetworkFaults.active(cluster, 1).size(), "their owner is gone: the sweep removes them");
    }
  }

  @Test
  void should_remove_the_faults_and_stop_the_nodes_when_the_jvm_that_made_them_is_terminated() throws Exception {
    Path dir = WORK.resolve("terminated-cluster");
    boolean network = NodeFaults.networkUnavailableReason() == null;
    List<Long> pids = runLauncher(dir, network ? "partition,slow" : "slow", false);
    for (long pid : pids) {
      // A slow cycle still running while the hook stops the node would freeze it halfway (SIGKILL after 30 s).
      assertTrue(TestJvm.awaitExit(pid, 60), "node pid " + pid + " outlived its terminated launcher by 60 s");
    }
    assertEquals(0, NetworkFaults.active(FaultRule.clusterId(dir), 0).size(), "the exit hook removes the rules");
  }

  /**
   * Runs {@link ClusterLauncher} on a fresh 1-node cluster in {@code dir} with {@code faults} on its node, then
   * ends it with SIGKILL or SIGTERM; returns the node pids it printed.
   */
  private static List<Long> runLauncher(Path dir, String faults, boolean kill) throws Exception {
    ServerDirectories.deleteRecursively(dir);
    Process launcher = TestJvm.start(ClusterLauncher.class, dir.toString(), faults);
    List<Long> pids = new ArrayList<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null && !line.startsWith(ClusterLauncher.READY)) {
        continue;
      }
      assertNotNull(line, "launcher ended without starting its cluster");
      for (String pid : line.substring(ClusterLauncher.READY.length()).trim().split(" ")) {
        pids.add(Long.parseLong(pid));
      }
      if (kill) {
        launcher.destroyForcibly(); // SIGKILL: no shutdown hook runs
      } else {
        launcher.destroy(); // SIGTERM: the shutdown hook runs
      }
      assertTrue(launcher.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
    } finally {
      launcher.destroyForcibly();
    }
    return pids;
  }

  private static String newTable() {
    String table = "t" + TABLES.incrementAndGet() + "_" + System.nanoTime() % 100_000;
    cluster.createYcsbSchema("ycsb", table, 1, "field");
    return table;
  }

  /**
   * Main of the JVM ended by the orphan tests: starts a private 1-node cluster, puts the faults named in args[1]
   * ("partition", "slow", "partition,slow" or "none") on its node, prints its pids, waits.
   */
  static final class ClusterLauncher {
    static final String READY = "CLUSTER-READY";

    public static void main(String[] args) throws InterruptedException {
      CassandraCluster own = CassandraCluster.start(Paths.get(args[0]), 1);
      if (args[1].contains("partition")) {
        own.node(1).faults().partition();
      }
      if (args[1].contains("slow")) {
        own.node(1).faults().slow(200, 400);
      }
      StringBuilder line = new StringBuilder(READY);
      for (CassandraCluster.Node node : own.nodes()) {
        line.append(' ').append(node.pid());
      }
      System.out.println(line);
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
  }
}
