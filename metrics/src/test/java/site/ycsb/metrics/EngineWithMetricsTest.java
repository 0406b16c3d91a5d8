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

  /** A port free a moment ago (the engine prints the port it takes only on stderr, which an in-process run shares). */
  private static int freePort() throws java.io.IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** The scrape's value, or NaN when the endpoint is not up yet or does not serve that series. */
  private static double valueOrNaN(int port, String name, String... labels) {
    try {
      return Scrape.value(Scrape.get(port), name, labels);
    } catch (java.io.IOException | AssertionError e) {
      return Double.NaN;
    }
  }

  @Test
  void should_serve_every_thread_in_flight_and_the_database_as_the_cause_while_the_database_stalls()
      throws Exception {
    int port = freePort();
    FrozenDB.stall();
    java.util.concurrent.atomic.AtomicInteger code = new java.util.concurrent.atomic.AtomicInteger(-1);
    Thread engine = new Thread(() -> code.set(site.ycsb.Client.run(new String[] {"-t", "-db",
        FrozenDB.class.getName(), "-threads", "4", "-target", "200",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=1000", "-p", "operationcount=0",
        "-p", "maxexecutiontime=5", "-p", "metrics.listen=" + port, "-p", "metrics.linger=0"})), "stalled-engine");
    engine.start();
    double inFlight = Double.NaN;
    double database = Double.NaN;
    try {
      // every wait has a deadline: the stall lasts until the endpoint says both, or 30 s
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
      while (System.nanoTime() < deadline && !(inFlight == 4 && database == 1)) {
        Thread.sleep(200);
        inFlight = valueOrNaN(port, "ycsb_operations_in_flight");
        database = valueOrNaN(port, "ycsb_verdict", "cause", "DATABASE");
      }
    } finally {
      FrozenDB.release();
      engine.join(java.util.concurrent.TimeUnit.SECONDS.toMillis(60));
    }
    assertEquals(4, inFlight, "all 4 threads held by the stalled calls");
    assertEquals(1, database, "the interval's cause while every thread waits on calls that do not end");
    assertFalse(engine.isAlive(), "the run ended once released");
    assertEquals(0, code.get(), "the stalled calls completed: a normal end");
  }
}
