package site.ycsb.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.LocalServer;
import site.ycsb.testsupport.PrometheusApi;

/**
 * A real Prometheus server (Debian's package) scrapes a running engine every second through metrics.listen; what it
 * stored is checked against the run's own results.
 */
class PrometheusScrapeIT {
  @TempDir
  Path tmp;

  /** Skips with one line where the tool is absent, except where {@link LocalServer#REQUIRE} says it must be there. */
  static void assumeInstalled(String tool, String debianPackage) {
    String reason = LocalServer.skipReason(tool, debianPackage);
    Assumptions.assumeTrue(reason == null, reason);
  }

  @Test
  void should_serve_counts_equal_to_the_summary_and_the_interval_p99s_when_scraped_by_a_real_prometheus()
      throws Exception {
    assumeInstalled("prometheus", "prometheus");
    int enginePort = LocalServer.freePort();
    Path dir = tmp.resolve("prometheus");
    try (LocalServer server = LocalServer.start(dir, PrometheusApi.command(dir,
        PrometheusApi.config(dir, "127.0.0.1:" + enginePort, false)))) {
      // the linger ends at the first scrape after the run: Prometheus holds the final figures when the engine exits
      LiveRun run = LiveRun.run(tmp.resolve("results"), "metrics.listen=" + enginePort, "metrics.linger=30s");
      assertEquals(0, run.exitCode);
      PrometheusApi prometheus = new PrometheusApi(server.port);
      run.record.checkAgainst(prometheus);
      checkLiveFigures(prometheus, "run_id=\"" + run.record.runId + "\"");
    }
  }

  /**
   * While the run lived (scrapes whose ycsb_run_ended was 0) Prometheus stored the operations in flight, at most the
   * run's one thread, and a verdict cause: the live ones, not only the end's.
   */
  private static void checkLiveFigures(PrometheusApi prometheus, String run) throws Exception {
    java.util.Set<String> living = new java.util.HashSet<>();
    for (JsonNode s : prometheus.query("ycsb_run_ended{" + run + "}[10m]")) {
      for (JsonNode v : s.path("values")) {
        if (v.get(1).asDouble() == 0) {
          living.add(v.get(0).asText());
        }
      }
    }
    int inFlight = 0;
    for (JsonNode s : prometheus.query("ycsb_operations_in_flight{" + run + "}[10m]")) {
      for (JsonNode v : s.path("values")) {
        double n = v.get(1).asDouble();
        assertTrue(n >= 0 && n <= 1, "in flight with one thread: " + n);
        inFlight += living.contains(v.get(0).asText()) ? 1 : 0;
      }
    }
    int causes = 0;
    for (JsonNode s : prometheus.query("ycsb_verdict{" + run + "}[10m]")) {
      for (JsonNode v : s.path("values")) {
        causes += living.contains(v.get(0).asText()) ? 1 : 0;
      }
    }
    assertTrue(!living.isEmpty() && inFlight > 0 && causes > 0, "scrapes of the living run: " + living.size()
        + ", with operations in flight: " + inFlight + ", with a cause: " + causes);
  }
}
