package site.ycsb.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.LocalServer;
import site.ycsb.testsupport.PrometheusApi;

/**
 * The engine pushes to a real pushgateway (Debian's package) every second and once at the end; a real Prometheus
 * scrapes the gateway; what it stored is checked against the run's own results.
 */
class PushgatewayIT {
  @TempDir
  Path tmp;

  @Test
  void should_push_counts_equal_to_the_summary_and_the_interval_p99s_when_a_real_gateway_is_scraped()
      throws Exception {
    PrometheusScrapeIT.assumeInstalled("prometheus", "prometheus");
    PrometheusScrapeIT.assumeInstalled("prometheus-pushgateway", "prometheus-pushgateway");
    Path gwDir = tmp.resolve("pushgateway");
    try (LocalServer gateway = LocalServer.start(gwDir, "prometheus-pushgateway", "--log.level=warn")) {
      Path dir = tmp.resolve("prometheus");
      try (LocalServer server = LocalServer.start(dir, PrometheusApi.command(dir,
          PrometheusApi.config(dir, "127.0.0.1:" + gateway.port, true)))) {
        LiveRun run = LiveRun.run(tmp.resolve("results"), "metrics.pushgateway=http://127.0.0.1:" + gateway.port,
            "metrics.push.interval=1s");
        assertEquals(0, run.exitCode);
        run.record.checkAgainst(new PrometheusApi(server.port));
        // the group stays, marked ended: the gateway itself still serves the final figures
        String body = Scrape.get(gateway.port);
        assertTrue(body.contains("run_id=\"" + run.record.runId + "\""), body);
      }
    }
  }
}
