package site.ycsb.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

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
      run.record.checkAgainst(new PrometheusApi(server.port));
    }
  }
}
