package site.ycsb.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.ClientRunner;

/** The engine with this module on its class path, in-process, as bin/ycsb runs it with the jar in lib/. */
class EngineWithMetricsTest {
  @TempDir
  Path tmp;

  @Test
  void should_exit_2_with_one_line_before_anything_runs_when_the_port_is_in_use() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Path results = tmp.resolve("results");
      ClientRunner r = ClientRunner.run("-t", "-db", "site.ycsb.BasicDB",
          "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "operationcount=10", "-p", "recordcount=1000",
          "-p", "results.dir=" + results, "-p", "metrics.listen=" + taken.getLocalPort());
      assertEquals(2, r.exitCode, r.err);
      assertTrue(r.err.trim().startsWith("Error: metrics.listen=127.0.0.1:" + taken.getLocalPort()
          + ": cannot listen there"), r.err);
      assertEquals(1, r.err.trim().split("\n").length, "one line: " + r.err);
      assertEquals("", r.out);
      assertFalse(Files.exists(results), "nothing ran: no results directory");
    }
  }

  @Test
  void should_run_and_say_where_it_serves_when_metrics_listen_has_a_free_port() {
    ClientRunner r = ClientRunner.run("-t", "-db", "site.ycsb.BasicDB",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "operationcount=100", "-p", "recordcount=1000",
        "-p", "metrics.listen=0", "-p", "metrics.linger=0");
    assertEquals(0, r.exitCode, r.err);
    assertTrue(r.err.contains("Live metrics: http://127.0.0.1:"), r.err);
    assertTrue(r.out.contains("[OVERALL], Throughput"), r.out);
  }
}
