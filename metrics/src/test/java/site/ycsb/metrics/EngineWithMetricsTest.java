package site.ycsb.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.Client;

/** The engine with this module on its class path, in-process, as bin/ycsb runs it with the jar in lib/. */
class EngineWithMetricsTest {
  @TempDir
  Path tmp;

  private static String[] run(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(out, true));
      System.setErr(new PrintStream(err, true));
      code = Client.run(args);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    return new String[] {String.valueOf(code), new String(out.toByteArray(), StandardCharsets.UTF_8),
        new String(err.toByteArray(), StandardCharsets.UTF_8)};
  }

  @Test
  void should_exit_2_with_one_line_before_anything_runs_when_the_port_is_in_use() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Path results = tmp.resolve("results");
      String[] r = run("-t", "-db", "site.ycsb.BasicDB", "-p", "workload=site.ycsb.workloads.CoreWorkload",
          "-p", "operationcount=10", "-p", "recordcount=1000", "-p", "results.dir=" + results, "-p",
          "metrics.listen=" + taken.getLocalPort());
      assertEquals("2", r[0], r[2]);
      assertTrue(r[2].trim().startsWith("Error: metrics.listen=127.0.0.1:" + taken.getLocalPort()
          + ": cannot listen there"), r[2]);
      assertEquals(1, r[2].trim().split("\n").length, "one line: " + r[2]);
      assertEquals("", r[1]);
      assertFalse(Files.exists(results), "nothing ran: no results directory");
    }
  }

  @Test
  void should_run_and_say_where_it_serves_when_metrics_listen_has_a_free_port() {
    String[] r = run("-t", "-db", "site.ycsb.BasicDB", "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "operationcount=100", "-p", "recordcount=1000", "-p", "metrics.listen=0", "-p", "metrics.linger=0");
    assertEquals("0", r[0], r[2]);
    assertTrue(r[2].contains("Live metrics: http://127.0.0.1:"), r[2]);
    assertTrue(r[1].contains("[OVERALL], Throughput"), r[1]);
  }
}
