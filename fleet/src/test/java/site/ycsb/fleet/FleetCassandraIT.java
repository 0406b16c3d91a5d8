package site.ycsb.fleet;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import site.ycsb.testserver.cassandra.CassandraTestServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      lines.add(sshd.user() + "@" + Sshd.ADDRESSES.get(i) + ":" + sshd.port + " " + work.resolve("client-" + (i + 1)
          + "/ycsb"));
    }
    Path hosts = work.resolve("hosts");
    Files.write(hosts, lines);
    List<String> install = new ArrayList<>(Arrays.asList("--hosts-file", hosts.toString()));
    install.addAll(sshd.sshOptions());
    install.add(tarball.file.toString());
    ToolRun in = new ToolRun("site.ycsb.fleet.FleetInstall", install, null);
    assertEquals(0, in.waitFor(180), in.outText() + in.errText());

    Path out = work.resolve("run");
    List<String> args = new ArrayList<>(Arrays.asList("cassandra-cql", "--hosts-file", hosts.toString(),
        "--ycsb-home", head.toString(), "--out", out.toString(), "--start-delay", "8", "--workloads", "load,a"));
    args.addAll(sshd.sshOptions());
    args.addAll(Arrays.asList("-p", "hosts=" + host, "-p", "port=" + port, "-p", "cassandra.keyspace=" + KEYSPACE,
        "-p", "recordcount=1501", "-p", "operationcount=1500", "-target", "300", "-threads", "2", "-s"));
    // 100 ops/s per client for about 5 s per phase, half of it the default warm-up: the clients must start together
    // or their measured windows (2.5 s) may not overlap, which merge refuses. Their init (JVM, driver, statements)
    // took 2.5-5 s on a busy 2-core machine, longer than a 2 s start delay: 8 s lets every client be ready in time.
    ToolRun run = new ToolRun("site.ycsb.fleet.Fleet", args, null);
    assertEquals(0, run.waitFor(240), run.errText());
    assertEquals("status: complete", Files.readAllLines(out.resolve("FLEET-STATUS")).get(0));
    com.fasterxml.jackson.databind.JsonNode load = FleetIT.summary(out.resolve("1/load"));
    assertEquals(1501, FleetIT.number(load, "operations") + FleetIT.warmupOperations(load));
    assertEquals(3, FleetIT.clients(load));
    long rows = server.countRows(KEYSPACE, "usertable");
    assertEquals(1501, rows, "the clients' key ranges must cover the key space exactly once");
    com.fasterxml.jackson.databind.JsonNode a = FleetIT.summary(out.resolve("1/workloada"));
    assertEquals(1500, FleetIT.number(a, "operations") + FleetIT.warmupOperations(a));
  }
}
