package site.ycsb.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The warm-up a run recorded is shaded in its throughput-over-time chart. */
class ReportWarmupTest {
  @TempDir
  Path tmp;

  private String throughputSvg(long warmupMs) throws Exception {
    ResultDirFixture f = new ResultDirFixture();
    f.warmupMs = warmupMs;
    f.warmupOps = warmupMs / 10;
    for (int i = 0; i < 4; i++) {
      f.interval("READ", ResultDirFixture.range(100, 200, 1));
    }
    Path dir = f.write(tmp.resolve("w" + warmupMs).resolve("workloada"));
    Path out = tmp.resolve("report-" + warmupMs);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(0, Report.run(new String[] {"-o", out.toString(), dir.toString()},
        new PrintStream(new ByteArrayOutputStream()), new PrintStream(err)), err.toString());
    return new String(Files.readAllBytes(out.resolve("charts/throughput-A.svg")), StandardCharsets.UTF_8);
  }

  @Test
  void should_shade_the_warm_up_in_the_throughput_chart_when_the_run_had_one() throws Exception {
    assertTrue(throughputSvg(5000).contains("warm-up (not measured)"));
  }

  @Test
  void should_not_shade_anything_when_the_run_had_no_warm_up() throws Exception {
    assertFalse(throughputSvg(0).contains("warm-up"));
  }
}
