package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;

/**
 * {@code report} of a long run holds a few numbers per interval, not its histogram (issue 46): a run of
 * {@link #INTERVALS} one-second intervals, service and intended times, each interval with latencies over three decades
 * (its histogram then takes 64 kB, so one log's intervals held as histograms, as the report held them, take 190 MB),
 * reported with its timeline and 10-minute buckets in a JVM with a heap of {@link #HEAP}. (The HTML timeline draws
 * every interval, so its SVG still grows with the run: 20,000 intervals do not fit in 256 MB.)
 */
class LongRunReportTest {
  /** 50 minutes of 1 s intervals. */
  static final int INTERVALS = 3_000;
  static final String HEAP = "-Xmx160m";

  @TempDir
  Path tmp;

  @Test
  void should_report_a_long_run_in_a_small_heap_when_each_interval_spreads_over_three_decades() throws Exception {
    ResultDirFixture f = new ResultDirFixture();
    f.intervalSec = 1;
    f.threeDecadeIntervals(new Random(46), INTERVALS, 40);
    Path run = f.write(tmp.resolve("run"));
    ChildProcess.Result r = ChildProcess.java(Arrays.asList(HEAP, "-XX:+UseSerialGC", "-Djava.awt.headless=true"),
        System.getProperty("java.class.path"), Report.class.getName(),
        Arrays.asList("-o", tmp.resolve("report").toString(), "--format", "md,csv,html", "--bucket", "10m",
        run.toString())).run(600);
    assertEquals(0, r.exitCode, r.toString());
    try (java.util.stream.Stream<Path> files = Files.list(tmp.resolve("report"))) {
      assertTrue(files.anyMatch(p -> p.getFileName().toString().matches("buckets-.*\\.csv")), r.toString());
    }
    assertTrue(Files.size(tmp.resolve("report/latency-over-time.csv")) > 0, r.toString());
  }
}
