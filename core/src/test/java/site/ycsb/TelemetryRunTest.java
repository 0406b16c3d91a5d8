package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.telemetry.EchoServer;

/**
 * A run against a real server process on a loopback address: the engine finds it from its connections and records
 * what it did (server-<node>.csv, summary.json's databaseNodes), with no configuration.
 */
class TelemetryRunTest {
  @BeforeAll
  static void linux() {
    Assumptions.assumeTrue(new File("/proc/net/tcp").canRead(), "needs Linux /proc");
  }

  private static String[] args(Path dir, EchoServer server, String... more) {
    List<String> a = new java.util.ArrayList<>(java.util.Arrays.asList("-t", "-db", EchoDB.class.getName(),
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=100", "-p", "operationcount=0",
        "-p", "maxexecutiontime=3", "-target", "300", "-threads", "2", "-p", "echo.address=" + server.address,
        "-p", "echo.port=" + server.port));
    if (dir != null) {
      a.add("-p");
      a.add("results.dir=" + dir);
    }
    a.addAll(java.util.Arrays.asList(more));
    return a.toArray(new String[0]);
  }

  @Test
  void should_record_the_local_server_the_client_talks_to(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("run");
    try (EchoServer server = EchoServer.start("127.0.0.8", 300)) {
      ClientRunner r = ClientRunner.run(args(dir, server));
      assertEquals(0, r.exitCode, r.err);
      assertTrue(r.err.contains("Database nodes sampled every 1000 ms: 127.0.0.8:" + server.port + " (pid "
          + server.pid() + ", java)"), r.err);
      assertTrue(r.err.contains("Database node 127.0.0.8 (local process " + server.pid() + " (java)): CPU mean "),
          r.err);
      List<String> csv = Files.readAllLines(dir.resolve("server-127.0.0.8.csv"), StandardCharsets.UTF_8);
      assertTrue(csv.get(0).startsWith("epoch_ms,elapsed_s,interval_s,cpu_pct,"), csv.get(0));
      assertTrue(csv.size() >= 3, "rows: " + csv);
      String summary = new String(Files.readAllBytes(dir.resolve("summary.json")), StandardCharsets.UTF_8);
      assertTrue(summary.contains("\"databaseNodes\": {\"intervalMs\": 1000, \"nodes\": [{\"node\": \"127.0.0.8\", "
          + "\"source\": \"local process " + server.pid() + " (java)\", \"local\": true"), summary);
      assertTrue(summary.matches("(?s).*\"cpuMeanPct\": [0-9.]+.*"), summary);
      assertTrue(summary.matches("(?s).*\"sampler\": \\{\"cpuMs\": [0-9.]+, \"seconds\": [0-9.]+}.*"), summary);
    }
  }

  @Test
  void should_have_the_servers_figures_when_the_run_is_shorter_than_the_sampling_interval(@TempDir Path tmp)
      throws Exception {
    Path dir = tmp.resolve("short");
    try (EchoServer server = EchoServer.start("127.0.0.8", 300)) {
      // 100 operations at 300 ops/s: a third of the 1-s interval; the stop's last sample covers it
      ClientRunner r = ClientRunner.run(args(dir, server, "-p", "operationcount=100"));
      assertEquals(0, r.exitCode, r.err);
      String summary = new String(Files.readAllBytes(dir.resolve("summary.json")), StandardCharsets.UTF_8);
      assertTrue(summary.matches("(?s).*\"samples\": [1-9].*\"cpuMeanPct\": [0-9.]+.*"), summary);
      assertFalse(summary.contains("no sample in the measured window"), summary);
    }
  }

  @Test
  void should_sample_nothing_when_told_off_or_without_a_results_directory(@TempDir Path tmp) throws Exception {
    try (EchoServer server = EchoServer.start("127.0.0.8", 0)) {
      Path dir = tmp.resolve("off");
      ClientRunner off = ClientRunner.run(args(dir, server, "-p", "telemetry=off"));
      assertEquals(0, off.exitCode, off.err);
      assertFalse(off.err.contains("Database node"), off.err);
      assertFalse(new String(Files.readAllBytes(dir.resolve("summary.json")), StandardCharsets.UTF_8)
          .contains("databaseNodes"));
      assertFalse(Files.exists(dir.resolve("server-127.0.0.8.csv")));
      ClientRunner none = ClientRunner.run(args(null, server));
      assertEquals(0, none.exitCode, none.err);
      assertFalse(none.err.contains("Database node"), none.err);
    }
  }

  @Test
  void should_refuse_a_bad_pid_list_with_one_line() {
    for (String bad : new String[] {"127.0.0.1", "127.0.0.1=abc", "=12", "127.0.0.1=0", "a b=1",
        "127.0.0.1=99999999999"}) {
      ClientRunner r = ClientRunner.run("-t", "-db", "site.ycsb.BasicDB", "-p",
          "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=10", "-p", "operationcount=10",
          "-p", "telemetry.pids=" + bad);
      assertEquals(2, r.exitCode, bad + ": " + r.err);
      assertTrue(r.err.trim().startsWith("Error: telemetry.pids=" + bad + ": expected NODE=PID"), r.err);
      assertEquals(1, r.err.trim().split("\n").length, r.err);
    }
    ClientRunner r = ClientRunner.run("-t", "-db", "site.ycsb.BasicDB", "-p",
        "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=10", "-p", "operationcount=10",
        "-p", "telemetry=maybe");
    assertEquals(2, r.exitCode, r.err);
  }
}
