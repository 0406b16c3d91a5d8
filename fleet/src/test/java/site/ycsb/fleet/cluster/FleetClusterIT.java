package site.ycsb.fleet.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static site.ycsb.fleet.PhaseSummaries.clients;
import static site.ycsb.fleet.PhaseSummaries.number;
import static site.ycsb.fleet.PhaseSummaries.summary;
import static site.ycsb.fleet.PhaseSummaries.warmupOperations;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import site.ycsb.fleet.Sshd;
import site.ycsb.fleet.TestTarball;
import site.ycsb.fleet.ToolRun;
import site.ycsb.testserver.cassandra.CassandraCluster;
import site.ycsb.testserver.cassandra.CqlConsistency;
import site.ycsb.testserver.cassandra.CqlWireClient;

/**
 * suite, fleet and findmax from the unpacked tarball against the project's local 3-node Cassandra cluster (replication
 * factor 3, reads and writes at QUORUM, hosts naming every node), one after another on one keyspace: suite loads it
 * and runs workload A, a fleet of three clients over ssh (real sshd on 127.0.0.2-4) runs workload A, findmax runs two
 * steps. Every phase completes with every operation OK, the table holds every loaded record, and each run's record
 * says the levels it used.
 */
class FleetClusterIT {
  private static final String KEYSPACE = "fleetcluster";
  private static final int RECORDS = 600;
  private static Sshd sshd;

  @AfterAll
  static void tearDown() {
    if (sshd != null) {
      sshd.close();
    }
  }

  @Test
  void should_run_suite_fleet_and_findmax_with_every_operation_ok_when_the_database_is_a_three_node_cluster()
      throws Exception {
    String sshReason = Sshd.unavailableReason();
    assumeTrue(sshReason == null, sshReason);
    String clusterReason = CassandraCluster.unavailableReason();
    assumeTrue(clusterReason == null, clusterReason);
    Path work = TestTarball.freshWork("fleet-cluster-it");
    TestTarball tarball = TestTarball.findOrSkip(work);
    Path home = tarball.unpack(work.resolve("head"));
    assumeTrue(Files.isDirectory(home.resolve("cassandra-binding/lib")),
        "the tarball has no cassandra-binding yet (" + tarball.how + ")");
    CassandraCluster cluster = CassandraCluster.shared3();
    cluster.ensureAllServing();
    cluster.createYcsbSchema(KEYSPACE, "usertable", 10, "field");
    List<String> database = Arrays.asList("-p", "hosts=" + cluster.hosts(), "-p", "port=" + cluster.port(), "-p",
        "cassandra.keyspace=" + KEYSPACE, "-p", "cassandra.readconsistencylevel=QUORUM", "-p",
        "cassandra.writeconsistencylevel=QUORUM", "-p", "recordcount=" + RECORDS);

    // suite: load, then workload A, each phase a fresh engine
    Path suiteOut = work.resolve("suite");
    List<String> suite = new ArrayList<>(Arrays.asList("cassandra-cql", "--ycsb-home", home.toString(), "--out",
        suiteOut.toString(), "--workloads", "load,a", "--no-report", "-p", "operationcount=600", "-target", "200",
        "-threads", "4"));
    suite.addAll(database);
    ToolRun s = new ToolRun("site.ycsb.fleet.suite.Suite", suite, null);
    assertEquals(0, s.waitFor(300), s.errText());
    com.fasterxml.jackson.databind.JsonNode load = summary(suiteOut.resolve("1/load"));
    assertEquals(RECORDS, number(load, "operations") + warmupOperations(load), load.toString());
    assertAllOk(suiteOut.resolve("1/load/output.txt"));
    assertAllOk(suiteOut.resolve("1/workloada/output.txt"));
    String a = read(suiteOut.resolve("1/workloada/summary.json"));
    assertTrue(a.replaceAll("\\s+", "").contains("\"readconsistency\":\"QUORUM\""), "the levels are in the record: "
        + a);
    try (CqlWireClient client = cluster.node(3).connect(60_000)) {
      assertEquals(RECORDS, client.query("SELECT count(*) FROM " + KEYSPACE + ".usertable", CqlConsistency.QUORUM)
          .longValue(0, 0), "every loaded record is on the replicas");
    }

    // fleet: three clients over ssh, workload A on the loaded table
    sshd = new Sshd(work.resolve("sshd"));
    Path hosts = sshd.installClients(work, tarball);
    Path fleetOut = work.resolve("fleet");
    // 30 s start delay: the clients' init (JVM, driver, three nodes) must end before the common start (at load 45 one
    // took 7.5 s, started late, and its 5-s window no longer overlapped the others': merge rightly refused); 10 s each
    List<String> fleet = new ArrayList<>(Arrays.asList("cassandra-cql", "--hosts-file", hosts.toString(),
        "--ycsb-home", home.toString(), "--out", fleetOut.toString(), "--start-delay", "30", "--workloads", "a",
        "-p", "operationcount=3000", "-target", "300", "-threads", "2"));
    fleet.addAll(sshd.sshOptions());
    fleet.addAll(database);
    ToolRun f = new ToolRun("site.ycsb.fleet.cluster.Fleet", fleet, null);
    assertEquals(0, f.waitFor(300), f.errText());
    assertEquals("status: complete", Files.readAllLines(fleetOut.resolve("FLEET-STATUS")).get(0));
    com.fasterxml.jackson.databind.JsonNode merged = summary(fleetOut.resolve("1/workloada"));
    assertEquals(3, clients(merged), merged.toString());
    assertEquals(3000, number(merged, "operations") + warmupOperations(merged), merged.toString());
    assertAllOk(fleetOut.resolve("1/workloada/output.txt"));

    // findmax: two short steps on the same table
    Path fmOut = work.resolve("findmax");
    List<String> fm = new ArrayList<>(Arrays.asList("cassandra-cql", "--ycsb-home", home.toString(), "--out",
        fmOut.toString(), "--sla", "p99<2s", "--start", "100", "--max-steps", "2", "--step-time", "3s", "--warmup",
        "2s", "--no-report", "-P", home.resolve("workloads/workloada").toString(), "-threads", "4"));
    fm.addAll(database);
    ToolRun m = new ToolRun("site.ycsb.fleet.findmax.Findmax", fm, null);
    int code = m.waitFor(300);
    // 100 and 200 ops/s normally pass; on a busy machine the engine may flag the client and the search stops after
    // step 1 (exit 1, a lower bound): either way findmax ran its steps against the cluster and kept their record
    assertTrue(code == 0 || code == 1, "exit " + code + ": " + m.errText());
    String steps = read(fmOut.resolve("findmax.json"));
    int n = steps.split("\"kind\"").length - 1;
    assertTrue(n >= 1 && n <= 2, steps);
    assertAllOk(fmOut.resolve("step-01-100/output.txt"));
  }

  private static String read(Path file) throws Exception {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
  }

  /** Every Return= line of a result is OK (no failure, no NOT_FOUND), and there is at least one. */
  private static void assertAllOk(Path output) throws Exception {
    String text = read(output);
    int returns = 0;
    for (String line : text.split("\n")) {
      if (line.contains("], Return=") && !line.startsWith("[VERIFY]")) {
        returns++;
        assertTrue(line.contains("], Return=OK, "), output + ": " + line + "\n" + text);
      }
    }
    assertTrue(returns > 0, output + ": no Return= line\n" + text);
  }
}
