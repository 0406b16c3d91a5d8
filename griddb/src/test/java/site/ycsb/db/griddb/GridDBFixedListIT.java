package site.ycsb.db.griddb;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import site.ycsb.testsupport.MetricLines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client's side of a fixed list with dead members (issue 35): {@code griddb.notificationMember} names three
 * members and only one runs — nothing listens on the other two, as when two nodes of a cluster are down. GridDB
 * Community Edition is single-node, so the live member is the whole cluster here: what is tested is that the client
 * finds it among dead ones, and what happens when it stops and starts again mid-run; a real multi-node failover
 * (partitions moving to other nodes) cannot be tested with it (see the README).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GridDBFixedListIT {
  private OwnGridDBNode node;
  /** Dead member first: the client must get past it. */
  private String members;

  @BeforeAll
  void start() throws IOException {
    node = OwnGridDBNode.startOrSkip("fixed-list");
    String live = node.workload(1, 1).getProperty("griddb.notificationmember");
    members = "127.0.0.1:" + deadPort() + "," + live + ",127.0.0.1:" + deadPort();
  }

  @AfterAll
  void stop() throws IOException {
    if (node != null) {
      node.close();
    }
  }

  @AfterEach
  void forgetHealth() {
    ClusterHealth.reset();
  }

  /** A loopback port nothing listens on (bound once to find it free, then closed). */
  private static int deadPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private Properties workload(String table) {
    Properties p = node.workload(500, 4);
    p.setProperty("griddb.notificationmember", members);
    p.setProperty("griddb.failovertimeoutseconds", "5");
    p.setProperty("table", table);
    return p;
  }

  @Test
  void should_load_and_run_with_every_operation_ok_when_two_of_three_members_are_dead() throws Exception {
    Properties p = workload("fixedok");
    String cp = YcsbRun.itClasspath();
    YcsbRun load = YcsbRun.run(cp, p, "-load", "-db", GridDBClient.class.getName(), "-threads", "4");
    assertEquals(0, load.exitCode, load.tail());
    assertEquals(500L, load.returns().get("INSERT OK"), load.tail());
    p.setProperty("operationcount", "2000");
    p.setProperty("readproportion", "0.5");
    p.setProperty("updateproportion", "0.5");
    YcsbRun run = YcsbRun.run(cp, p, "-t", "-db", GridDBClient.class.getName(), "-threads", "8");
    assertEquals(0, run.exitCode, run.tail());
    assertTrue(run.nonOk().isEmpty(), "every operation OK: " + run.nonOk() + "\n" + run.tail());
    assertEquals(2000L, run.returns().getOrDefault("READ OK", 0L) + run.returns().getOrDefault("UPDATE OK", 0L));
  }

  @Test
  void should_fail_over_in_bounded_time_count_the_failures_and_recover_when_the_live_member_stops_and_starts()
      throws Exception {
    Properties p = workload("fixedrestart");
    String cp = YcsbRun.itClasspath();
    YcsbRun load = YcsbRun.run(cp, p, "-load", "-db", GridDBClient.class.getName(), "-threads", "4");
    assertEquals(0, load.exitCode, load.tail());
    p.setProperty("operationcount", "100000000");
    p.setProperty("maxexecutiontime", "45");
    p.setProperty("readproportion", "0.5");
    p.setProperty("updateproportion", "0.5");
    // The run is to outlive the outage and show the recovery, so the error budget that would end it is off.
    p.setProperty("max_consecutive_errors", "0");
    p.setProperty("status.interval", "1");
    // the node's own statistics (/node/stat, read as the admin user the test server has), sampled each second
    p.setProperty("griddb.systemport", Integer.toString(node.systemPort()));
    java.nio.file.Path results = java.nio.file.Files.createTempDirectory("griddb-fixedrestart").resolve("results");
    p.setProperty("results.dir", results.toString());
    YcsbRun r;
    long started;
    try (YcsbRun.Started run = YcsbRun.start(cp, p, "-t", "-db", GridDBClient.class.getName(), "-threads", "8",
        "-target", "200", "-s")) {
      run.awaitOutput(YcsbRun.OPERATIONS_START, 5, TimeUnit.MINUTES);
      started = System.nanoTime();
      Thread.sleep(5_000);
      node.restart(); // stops the node (SIGTERM, then SIGKILL if it lingers) and starts it on the same data
      r = run.finish();
    }
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
    // the run completes; the outage's failures are over errors.budget (0.1%), which its exit code says (issue 44)
    assertEquals(4, r.exitCode, r.tail());
    assertTrue(seconds < 45 + 60, "the run ended " + seconds + " s after it started (limit 45 s)\n" + r.tail());
    long failed = r.returns().getOrDefault("READ SERVICE_UNAVAILABLE", 0L)
        + r.returns().getOrDefault("UPDATE SERVICE_UNAVAILABLE", 0L);
    assertTrue(failed > 0, "the outage's failures are counted\n" + r.tail());
    assertTrue(r.output.contains("GridDB cluster unreachable ("), r.tail());
    assertTrue(r.output.contains("GridDB cluster answers again, after "), "recovered\n" + r.tail());
    // No operation waited for ever: a failed one gave up within the failover timeout (5 s), with room for a
    // loaded machine; the longest failed call is in the [READ-FAILED]/[UPDATE-FAILED] lines.
    long maxFailedUs = Math.max(metric(r, "READ-FAILED", "MaxLatency(us)"), metric(r, "UPDATE-FAILED",
        "MaxLatency(us)"));
    assertTrue(maxFailedUs > 0 && maxFailedUs < 30_000_000L, "longest failed operation " + maxFailedUs + " us");
    // Operations succeed again after it: the 1 s status lines after the recovery count successful reads.
    Matcher after = Pattern.compile("\\[READ: Count=(\\d+),").matcher(r.output);
    long readsAfter = 0;
    int from = r.output.indexOf("GridDB cluster answers again, after ");
    while (from >= 0 && after.find(from)) {
      readsAfter += Long.parseLong(after.group(1));
      from = after.end();
    }
    assertTrue(readsAfter > 0, "reads succeed after the recovery\n" + r.tail());
    assertNodeStatistics(results, r);
    // ... and the run's verdict says the figures are not those of a healthy database
    assertTrue(r.output.contains("operations failed (") && r.output.contains("over errors.budget="), r.tail());
  }

  /**
   * The node's own view in the run's record: one node (the members share one host), sampled before and after its
   * restart (the requests in between are skipped), with the reads and writes it served per second.
   */
  private void assertNodeStatistics(java.nio.file.Path results, YcsbRun r) throws IOException {
    String summary = new String(java.nio.file.Files.readAllBytes(results.resolve("summary.json")),
        java.nio.charset.StandardCharsets.UTF_8).replaceAll("\\s+", "");
    String prefix = "{\"node\":\"127.0.0.1:" + node.systemPort() + "\",\"binding\":\"griddb\","
        + "\"source\":\"/node/stat\",\"samples\":";
    int at = summary.indexOf(prefix);
    assertTrue(at > 0, summary);
    Matcher samples = Pattern.compile("\"samples\":(\\d+)").matcher(summary.substring(at));
    assertTrue(samples.find() && Long.parseLong(samples.group(1)) >= 10, "a sample a second: " + summary);
    assertTrue(summary.indexOf("\"reads/s\":{\"mean\":", at) > 0, summary);
    assertTrue(summary.indexOf("\"writes/s\":{\"mean\":", at) > 0, summary);
    assertTrue(summary.indexOf("\"connections\":{\"mean\":", at) > 0, summary);
    assertTrue(r.output.contains("Database's own view of node 127.0.0.1:" + node.systemPort() + " (griddb, "
        + "/node/stat, "), r.tail());
  }

  private static long metric(YcsbRun r, String measurement, String figure) {
    return MetricLines.of(r.output).longValue(measurement, figure, 0);
  }
}
