package site.ycsb.fleet.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import site.ycsb.fleet.TestTarball;
import site.ycsb.fleet.ToolRun;
import site.ycsb.testsupport.LocalServer;
import site.ycsb.testsupport.PrometheusApi;
import site.ycsb.testsupport.RecordedRun;

/**
 * bin/ycsb suite --metrics-port from the unpacked tarball, followed by a real Prometheus (Debian's package) through the
 * file_sd file the suite writes: what it stored of the phase is checked against the phase's own results.
 */
class SuiteMetricsIT {
  @Test
  void should_be_followed_by_prometheus_through_its_file_sd_file_when_given_a_metrics_port() throws Exception {
    String reason = LocalServer.skipReason("prometheus", "prometheus");
    assumeTrue(reason == null, reason);
    Path work = TestTarball.freshWork("suite-metrics-it");
    Path home = TestTarball.findOrSkip(work).unpack(work.resolve("home"));
    Path out = work.resolve("out");
    Path promDir = work.resolve("prometheus");
    // the file does not exist yet: Prometheus follows it from the moment the suite writes it
    try (LocalServer prometheus = LocalServer.start(promDir, PrometheusApi.command(promDir,
        PrometheusApi.fileSdConfig(promDir, out.resolve(PrometheusTargets.FILE))))) {
      List<String> a = new ArrayList<>(Arrays.asList("basic", "--ycsb-home", home.toString(), "--out", out.toString(),
          "--workloads", "a", "--no-report", "--metrics-port", Integer.toString(LocalServer.freePort()),
          "-p", "basicdb.verbose=false", "-p", "recordcount=200", "-p", "operationcount=0",
          "-p", "maxexecutiontime=8", "-target", "1000", "-p", "measurement.interval=both",
          "-p", "metrics.linger=30s"));
      ToolRun run = new ToolRun("site.ycsb.fleet.suite.Suite", a, line -> { });
      assertEquals(0, run.waitFor(180), run.errText());
      assertTrue(run.errText().contains("Prometheus file_sd targets: " + out.resolve(PrometheusTargets.FILE)),
          run.errText());
      Path phase;
      try (java.util.stream.Stream<Path> s = Files.walk(out)) {
        phase = s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst()
            .orElseThrow(() -> new AssertionError("no summary.json under " + out)).getParent();
      }
      new RecordedRun(phase).checkAgainst(new PrometheusApi(prometheus.port));
    }
  }
}
