package site.ycsb.fleet.cluster;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import site.ycsb.fleet.CassandraHome;
import site.ycsb.fleet.PhaseSummaries;
import site.ycsb.fleet.Sshd;
import site.ycsb.fleet.TestTarball;
import site.ycsb.fleet.ToolRun;
import site.ycsb.testserver.cassandra.CassandraTestServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A fleet of three clients (real sshd on 127.0.0.2-4, the real tarball) loading and running workload A against the
 * project's real Cassandra test server with the cassandra-cql binding. The three load ranges must add up to exactly
 * the records in the table. Skipped (one line) when the tarball has no cassandra-binding or no local Cassandra can
 * be started here.
 */
class FleetCassandraIT {
  private static final String KEYSPACE = "fleetit";
  private static Sshd sshd;

  @AfterAll
  static void tearDown() {
    if (sshd != null) {
      sshd.close();
    }
  }

  @Test
  void should_load_every_record_exactly_once_from_three_clients_when_run_against_cassandra() throws Exception {
    String reason = Sshd.unavailableReason();
    assumeTrue(reason == null, reason);
    CassandraHome c = CassandraHome.prepare("fleet-cassandra-it", KEYSPACE);
    Path work = c.work;
    Path head = c.home;
    TestTarball tarball = c.tarball;
    CassandraTestServer server = c.server;
    String host = server.host();
    int port = server.port();

    sshd = new Sshd(work.resolve("sshd"));
    Path hosts = sshd.installClients(work, tarball);

    // the database nodes sampled over the same sshd: two that answer, one whose port is dead
    Path dbHosts = work.resolve("db-hosts");
    Files.write(dbHosts, Arrays.asList(sshd.user() + "@" + Sshd.ADDRESSES.get(0) + ":" + sshd.port,
        sshd.user() + "@" + Sshd.ADDRESSES.get(1) + ":" + sshd.port, Sshd.ADDRESSES.get(2) + ":" + Sshd.deadPort()));
    Path out = work.resolve("run");
    List<String> args = new ArrayList<>(Arrays.asList("cassandra-cql", "--hosts-file", hosts.toString(),
        "--db-hosts", dbHosts.toString(),
        "--ycsb-home", head.toString(), "--out", out.toString(), "--start-delay", "20", "--workloads", "load,a"));
    args.addAll(sshd.sshOptions());
    args.addAll(Arrays.asList("-p", "hosts=" + host, "-p", "port=" + port, "-p", "cassandra.keyspace=" + KEYSPACE,
        "-p", "recordcount=1501", "-p", "operationcount=1500", "-target", "100", "-threads", "2", "-s"));
    // 33 ops/s per client for about 15 s per phase, 5 s of it the default warm-up: the clients must start together
    // or their measured windows (10 s) may not overlap, which merge refuses. Their init (JVM, driver, statements)
    // took 2.5-5 s on a busy 2-core machine, longer than a 2 s start delay; at load 40 a client's JVM start and init
    // took 10 s, at load 30-40 (other engineers' builds) up to 15.6 s, and with 12 s and 5 s phases one client ended
    // before another began: a 20 s delay lets every client be ready in time, and 10 s windows absorb a late one.
    ToolRun run = new ToolRun("site.ycsb.fleet.cluster.Fleet", args, null);
    assertEquals(0, run.waitFor(240), run.errText());
    assertEquals("status: complete", Files.readAllLines(out.resolve("FLEET-STATUS")).get(0));
    com.fasterxml.jackson.databind.JsonNode load = PhaseSummaries.summary(out.resolve("1/load"));
    assertEquals(1501, PhaseSummaries.number(load, "operations") + PhaseSummaries.warmupOperations(load));
    assertEquals(3, PhaseSummaries.clients(load));
    long rows = server.countRows(KEYSPACE, "usertable");
    assertEquals(1501, rows, "the clients' key ranges must cover the key space exactly once");
    com.fasterxml.jackson.databind.JsonNode a = PhaseSummaries.summary(out.resolve("1/workloada"));
    assertEquals(1500, PhaseSummaries.number(a, "operations") + PhaseSummaries.warmupOperations(a));
    checkDatabaseNodes(out, run.errText());
  }

  /**
   * Every phase holds the local Cassandra (found by each client's engine from its connections, kept once by merge)
   * and the two --db-hosts nodes sampled over ssh; the dead one is named in one line and the run completed all the
   * same; the suite summary and the report (drawn in real Chromium) show them; no sampling loop is left running.
   */
  private static void checkDatabaseNodes(Path out, String err) throws Exception {
    for (String phase : new String[] {"load", "workloada"}) {
      com.fasterxml.jackson.databind.JsonNode nodes = site.ycsb.results.ResultDir.load(out.resolve("1/" + phase))
          .summary().path("databaseNodes").path("nodes");
      List<String> names = new ArrayList<>();
      for (com.fasterxml.jackson.databind.JsonNode n : nodes) {
        names.add(n.path("node").asText());
        if (!n.path("node").asText().equals("127.0.0.4")) {
          assertTrue(n.path("samples").asInt() >= 1 && n.path("cpuMeanPct").isNumber(), phase + ": " + n);
          assertTrue(Files.isRegularFile(out.resolve("1/" + phase + "/server-" + n.path("node").asText() + ".csv")));
        }
      }
      assertEquals(Arrays.asList("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"), names, phase);
      assertTrue(nodes.get(0).path("local").asBoolean() && nodes.get(0).path("source").asText().startsWith(
          "local process "), nodes.get(0).toString());
      assertTrue(nodes.get(1).path("source").asText().startsWith("ssh "), nodes.get(1).toString());
    }
    assertTrue(err.contains("fleet: workloada (repeat 1): database node 127.0.0.4 could not be reached or did not "
        + "answer (ssh exit 255: "), err);
    String md = new String(Files.readAllBytes(out.resolve("suite-summary.md")), "UTF-8");
    assertTrue(md.contains("## Database nodes per phase") && md.contains("| workloada | 1 | 127.0.0.2 | "), md);
    site.ycsb.results.Chromium chromium = site.ycsb.results.Chromium.find();
    if (chromium != null) {
      String dom = chromium.dumpDomWithImageProbe(out.resolve("report/report.html"), out);
      assertTrue(dom.contains("charts/nodes-cpu-A.svg 960x480") && dom.contains("charts/nodes-cpu-load.svg 960x480"),
          "node CPU charts drawn: " + dom.replaceAll("(?s).*<pre id=\"image-probe\">", ""));
      assertTrue(dom.contains("id=\"database-nodes\""), "nodes table in the page");
    }
    Thread.sleep(2000);
    assertEquals("", remoteLoops(), "no sampling loop left on the nodes");
  }

  /** Processes running the remote sampling loop (its marker is in their command line). */
  static String remoteLoops() throws Exception {
    StringBuilder found = new StringBuilder();
    try (java.nio.file.DirectoryStream<Path> procs = Files.newDirectoryStream(java.nio.file.Paths.get("/proc"),
        "[0-9]*")) {
      for (Path p : procs) {
        try {
          String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), "UTF-8");
          if (cmd.contains("@@ycsb-telemetry ready") && !cmd.startsWith("ssh")) {
            found.append(p.getFileName()).append(": ").append(cmd.replace('\0', ' ')).append('\n');
          }
        } catch (java.io.IOException e) {
          // gone
        }
      }
    }
    return found.toString();
  }

  /**
   * bin/ycsb suite against the local Cassandra, phases of about 1.3 s (400 operations at 300 ops/s), shorter than
   * their measured part's 1-s sampling interval would need without the last sample taken at the stop: each phase's
   * server CPU (the engine finds the server from its own connections, nothing configured) is in the phase's record,
   * the suite summary and the report, drawn by Chromium.
   */
  @Test
  void should_show_each_phases_server_cpu_when_a_suite_runs_against_the_local_cassandra() throws Exception {
    CassandraHome c = CassandraHome.prepare("suite-cassandra-it", "suiteit");
    Path out = c.work.resolve("suite");
    ToolRun run = new ToolRun("site.ycsb.fleet.suite.Suite", Arrays.asList("cassandra-cql", "--ycsb-home",
        c.home.toString(), "--out", out.toString(), "--workloads", "load,a", "-p", "hosts=" + c.server.host(), "-p",
        "port=" + c.server.port(), "-p", "cassandra.keyspace=suiteit", "-p", "recordcount=400", "-p",
        "operationcount=400", "-target", "300", "-threads", "2"), null);
    assertEquals(0, run.waitFor(240), run.errText());
    for (String phase : new String[] {"load", "workloada"}) {
      com.fasterxml.jackson.databind.JsonNode n = site.ycsb.results.ResultDir.load(out.resolve("1/" + phase))
          .summary().path("databaseNodes").path("nodes").get(0);
      assertEquals(c.server.host(), n.path("node").asText(), phase);
      assertTrue(n.path("samples").asInt() >= 1 && n.path("cpuMeanPct").asDouble() > 0, phase + ": " + n);
    }
    String md = new String(Files.readAllBytes(out.resolve("suite-summary.md")), "UTF-8");
    assertTrue(md.contains("| load | 1 | " + c.server.host() + " | ") && md.contains("| workloada | 1 | "), md);
    site.ycsb.results.Chromium chromium = site.ycsb.results.Chromium.find();
    assumeTrue(chromium != null, "chromium not installed (apt-get install -y chromium); the report is not checked");
    String dom = chromium.dumpDomWithImageProbe(out.resolve("report/report.html"), c.work);
    assertTrue(dom.contains("charts/nodes-cpu-A.svg 960x480") && dom.contains("charts/nodes-cpu-load.svg 960x480"),
        "node CPU charts drawn: " + dom.replaceAll("(?s).*<pre id=\"image-probe\">", ""));
    String table = dom.replaceAll("(?s).*<table id=\"database-nodes\">", "").replaceAll("(?s)</table>.*", "");
    assertTrue(table.contains("<td>load</td>") && table.contains("<td>A</td>") && table.contains("<td>"
        + c.server.host() + "</td>"), table);
  }
}
