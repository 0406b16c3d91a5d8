package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code report --compare A B} with two run directories: both runs' latency over time on one timeline, also when one
 * is known only from YCSB 0.17.0's {@code hdrhistogram.output.path} logs (real ones, see the resource's README).
 */
class CompareRunsTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private static Path ycsb017() throws URISyntaxException {
    return Paths.get(CompareRunsTest.class.getResource("/ycsb-0.17.0-hdr/hdr/READ.hdr").toURI()).getParent()
        .getParent();
  }

  private Path ours() throws Exception {
    ResultDirFixture f = new ResultDirFixture();
    f.host = "ours";
    f.intervalSec = 1;
    for (int i = 0; i < 5; i++) {
      f.interval("READ", ResultDirFixture.range(1_000 + i, 4_000, 7));
      f.interval("Intended-READ", ResultDirFixture.range(1_200 + i, 9_000, 7));
    }
    return f.write(tmp.resolve("kill/ours-1"));
  }

  private int report(String... args) {
    return Report.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void should_read_every_interval_of_a_ycsb_0_17_0_log_when_a_directory_holds_only_hdr_logs() throws Exception {
    Path out = tmp.resolve("report");

    assertEquals(0, report("-o", out.toString(), ycsb017().toString()), stderr());

    // independently: HdrHistogram's own reader over 0.17.0's log, each interval added to the 1 s cell (from the
    // run's first interval) that holds its middle, slivers at the start and the end included
    long start = ResultDir.loadOrLogs(ycsb017()).startEpochMs();
    java.util.TreeMap<Long, Histogram> cells = new java.util.TreeMap<>();
    HistogramLogReader reader = new HistogramLogReader(ycsb017().resolve("hdr/Intended-UPDATE.hdr").toFile());
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      long middle = (h.getStartTimeStamp() + h.getEndTimeStamp()) / 2;
      cells.computeIfAbsent(Math.max(0, Math.floorDiv(middle - start - 1, 1000)), k -> new Histogram(3)).add((Histogram) h);
    }
    List<Histogram> expected = new ArrayList<>();
    for (Histogram cell : cells.values()) {
      if (cell.getTotalCount() > 0) {
        expected.add(cell);
      }
    }
    List<String> rows = new ArrayList<>();
    for (String r : Files.readAllLines(out.resolve("latency-over-time.csv"))) {
      if (r.split(",")[2].equals("Intended-UPDATE")) {
        rows.add(r);
      }
    }
    assertEquals(expected.size(), rows.size(), rows.toString());
    for (int i = 0; i < rows.size(); i++) {
      String[] row = rows.get(i).split(",");
      assertEquals(Long.toString(expected.get(i).getTotalCount()), row[5], rows.get(i));
      assertEquals(Long.toString(expected.get(i).getValueAtPercentile(99)), row[7], rows.get(i));
      assertEquals(Long.toString(expected.get(i).getMaxValue()), row[9], rows.get(i));
    }
    String summary = new String(Files.readAllBytes(out.resolve("latency.csv")), StandardCharsets.UTF_8);
    assertTrue(summary.contains(",READ,") && summary.contains(",UPDATE,"), summary);
    // what the logs do not say (threads, target, client-limited) is left empty, not guessed
    String runs = Files.readAllLines(out.resolve("runs.csv")).get(1);
    assertTrue(runs.contains(",1,,,") && runs.endsWith(",unknown (hdr logs only),"), runs);
  }

  @Test
  void should_overlay_both_runs_on_one_timeline_when_compare_names_two_directories() throws Exception {
    Path ours = ours();
    Path out = tmp.resolve("report");

    assertEquals(0, report("-o", out.toString(), "--compare", ours.toString(), ycsb017().toString()), stderr());

    RunCatalog pair = RunCatalog.pair(ours, ycsb017());
    assertEquals(java.util.Arrays.asList("ours-1", "ycsb-0.17.0-hdr"), pair.configurations());
    TimelineSection timeline = TimelineSection.build(pair);
    assertEquals(1, timeline.charts.size(), "one chart: the 0.17.0 run meets ours in workload A");
    XYPlot intended = (XYPlot) ((CombinedDomainXYPlot) timeline.charts.get(0).chart.getPlot()).getSubplots().get(0);
    List<String> keys = new ArrayList<>();
    for (int s = 0; s < intended.getDataset().getSeriesCount(); s++) {
      keys.add(intended.getDataset().getSeriesKey(s).toString());
    }
    assertTrue(keys.contains("ours-1 READ p99") && keys.contains("ycsb-0.17.0-hdr READ p99")
        && keys.contains("ycsb-0.17.0-hdr UPDATE p99"), keys.toString());
    String comparison = new String(Files.readAllBytes(out.resolve("comparison.csv")), StandardCharsets.UTF_8);
    assertTrue(comparison.contains("A throughput"), comparison);
  }

  @Test
  void should_name_runs_by_their_parents_when_both_directories_have_one_name() throws Exception {
    Path a = new ResultDirFixture().interval("READ", 5).write(tmp.resolve("x/run"));
    Path b = new ResultDirFixture().interval("READ", 7).write(tmp.resolve("y/run"));

    assertEquals(java.util.Arrays.asList("x/run", "y/run"), RunCatalog.pair(a, b).configurations());
  }

  @Test
  void should_refuse_in_one_line_when_both_directories_are_one() throws Exception {
    Path a = ours();

    assertEquals(2, report("-o", tmp.resolve("r").toString(), "--compare", a.toString(), a.toString()));

    assertTrue(stderr().startsWith("report: --compare") && stderr().contains("the same directory twice"), stderr());
  }
}
