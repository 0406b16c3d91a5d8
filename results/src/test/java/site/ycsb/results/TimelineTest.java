package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The timeline: latency per interval from the interval histograms (merged runs: the merged histograms, never the
 * clients' percentiles averaged), rates that never fall to zero at a run's partial last interval, on every chart
 * that draws a rate per interval.
 */
class TimelineTest {
  private static final long T0 = 1_790_000_000_000L;

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** Three clients, 6 intervals of READ and UPDATE with their intended twins; client c starts c*300 ms later. */
  private List<List<long[]>> threeClients(Path root, int lastIntervalMs) throws Exception {
    Random random = new Random(43);
    List<List<long[]>> values = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      ResultDirFixture f = new ResultDirFixture();
      f.host = "client-" + c;
      f.startEpochMs = T0 + c * 300L;
      f.lastIntervalMs = lastIntervalMs;
      List<long[]> mine = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        for (String m : new String[] {"READ", "UPDATE", "Intended-READ", "Intended-UPDATE"}) {
          long[] v = new long[50 + random.nextInt(200)];
          for (int k = 0; k < v.length; k++) {
            // each client a different spread: averaging their percentiles would give another figure
            v[k] = 1 + (long) (Math.exp(random.nextGaussian() * (0.5 + c)) * 800 * (i + 1));
          }
          f.interval(m, v);
          mine.add(v);
        }
      }
      f.write(root.resolve("client-" + c));
      values.add(mine);
    }
    return values;
  }

  private int report(Path out, String... inputs) {
    List<String> args = new ArrayList<>();
    Collections.addAll(args, "-o", out.toString());
    Collections.addAll(args, inputs);
    return Report.run(args.toArray(new String[0]), new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void should_equal_the_percentiles_of_the_merged_histograms_when_three_clients_are_merged() throws Exception {
    List<List<long[]>> values = threeClients(tmp.resolve("clients"), 0);
    Path merged = tmp.resolve("merged");
    assertEquals(0, Merge.run(new String[] {"-o", merged.toString(), tmp.resolve("clients/client-0").toString(),
        tmp.resolve("clients/client-1").toString(), tmp.resolve("clients/client-2").toString()},
        new PrintStream(new ByteArrayOutputStream()), new PrintStream(err)), stderr());

    assertEquals(0, report(tmp.resolve("report"), merged.toString()), stderr());

    List<String> rows = Files.readAllLines(tmp.resolve("report/latency-over-time.csv"));
    String[] measurements = {"READ", "UPDATE", "Intended-READ", "Intended-UPDATE"};
    int checked = 0;
    for (int i = 0; i < 6; i++) {
      for (int m = 0; m < measurements.length; m++) {
        Histogram union = new Histogram(3);
        for (List<long[]> client : values) {
          for (long v : client.get(i * measurements.length + m)) {
            union.recordValue(v);
          }
        }
        String row = rowOf(rows, measurements[m], i);
        String[] cells = row.split(",");
        assertEquals(Long.toString(union.getTotalCount()), cells[5], row);
        assertEquals(Long.toString(union.getValueAtPercentile(50)), cells[6], row);
        assertEquals(Long.toString(union.getValueAtPercentile(99)), cells[7], row);
        assertEquals(Long.toString(union.getValueAtPercentile(99.9)), cells[8], row);
        assertEquals(Long.toString(union.getMaxValue()), cells[9], row);
        checked++;
      }
    }
    assertEquals(24, checked);
  }

  /** The row of measurement m in the i-th interval (the rows come in interval order, measurements in log order). */
  private static String rowOf(List<String> rows, String measurement, int interval) {
    int seen = 0;
    for (String r : rows.subList(1, rows.size())) {
      if (r.split(",")[2].equals(measurement)) {
        if (seen++ == interval) {
          return r;
        }
      }
    }
    throw new AssertionError("no interval " + interval + " of " + measurement + " in " + rows);
  }

  @ParameterizedTest
  @ValueSource(ints = {9, 1_000, 4_999})
  void should_leave_out_the_last_interval_when_it_is_too_short_for_a_rate(int lastIntervalMs) throws Exception {
    threeClients(tmp.resolve("clients"), lastIntervalMs);
    Path run = tmp.resolve("clients/client-1");

    assertEquals(0, report(tmp.resolve("report"), run.toString()), stderr());

    for (NamedChart c : charts(run)) {
      assertNoFallToZero(c);
    }
    List<String> rates = Files.readAllLines(tmp.resolve("report/rates-over-time.csv"));
    String last = rates.get(rates.size() - 1);
    assertTrue(last.endsWith(",,"), "no rate for a " + lastIntervalMs + " ms interval: " + last);
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 9, 400})
  void should_not_fall_to_zero_when_the_run_ends_with_an_empty_sliver(int lastIntervalMs) throws Exception {
    ResultDirFixture f = new ResultDirFixture();
    f.startEpochMs = T0;
    f.intervalSec = 1;
    f.lastIntervalMs = lastIntervalMs;
    for (int i = 0; i < 20; i++) {
      // as the engine ends a run: a last sample a few ms after the last full interval, with nothing in it
      f.interval("READ", i < 19 ? ResultDirFixture.range(100, 5_000, 10) : new long[0]);
      f.interval("Intended-READ", i < 19 ? ResultDirFixture.range(150, 9_000, 10) : new long[0]);
    }
    Path run = f.write(tmp.resolve("run"));

    assertEquals(0, report(tmp.resolve("report"), run.toString()), stderr());

    for (NamedChart c : charts(run)) {
      assertNoFallToZero(c);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 5})
  void should_not_fall_to_zero_when_the_logs_go_on_through_the_cleanup(int cleanupIntervals) throws Exception {
    ResultDirFixture f = new ResultDirFixture();
    f.startEpochMs = T0;
    f.intervalSec = 1;
    for (int i = 0; i < 10 + cleanupIntervals; i++) {
      boolean cleanup = i >= 10;
      f.interval("READ", cleanup ? new long[0] : ResultDirFixture.range(100, 5_000, 10));
      f.interval("Intended-READ", cleanup ? new long[0] : ResultDirFixture.range(150, 9_000, 10));
      f.interval("CLEANUP", cleanup ? new long[] {30_000} : new long[0]);
    }
    Path run = f.write(tmp.resolve("run"));

    assertEquals(0, report(tmp.resolve("report"), run.toString()), stderr());

    for (NamedChart c : charts(run)) {
      if (c.id.startsWith("timeline-")) {
        assertNoFallToZero(c);
      }
    }
    List<String> rates = Files.readAllLines(tmp.resolve("report/rates-over-time.csv"));
    for (String r : rates.subList(rates.size() - cleanupIntervals, rates.size())) {
      assertTrue(r.endsWith(",,"), "the cleanup has no rate: " + r);
    }
  }

  @Test
  void should_not_fall_to_zero_when_a_ycsb_0_17_0_run_ends() throws Exception {
    Path y17 = java.nio.file.Paths.get(getClass().getResource("/ycsb-0.17.0-hdr/hdr/READ.hdr").toURI()).getParent()
        .getParent();

    assertEquals(0, report(tmp.resolve("report"), y17.toString()), stderr());

    List<String> rates = Files.readAllLines(tmp.resolve("report/rates-over-time.csv"));
    int drawn = 0;
    for (String r : rates.subList(1, rates.size())) {
      String completed = r.split(",", -1)[4];
      // 0.17.0 ran at -target 500 (see the resource's README): no interval drawn far below it, none above
      assertTrue(completed.isEmpty() || Math.abs(Double.parseDouble(completed) - 500) < 50, r);
      drawn += completed.isEmpty() ? 0 : 1;
    }
    assertEquals(4, drawn, "5 s of operations, the last interval's end unknown: " + rates);
    assertNoFallToZero(TimelineSection.build(RunCatalog.load(Collections.singletonList(y17))).charts.get(0));
  }

  @ParameterizedTest
  @ValueSource(ints = {5_000, 7_000, 9_999})
  void should_draw_the_last_interval_at_its_true_rate_when_it_is_long_enough(int lastIntervalMs) throws Exception {
    threeClients(tmp.resolve("clients"), lastIntervalMs);
    Path run = tmp.resolve("clients/client-2");

    assertEquals(0, report(tmp.resolve("report"), run.toString()), stderr());

    List<String> rates = Files.readAllLines(tmp.resolve("report/rates-over-time.csv"));
    String[] last = rates.get(rates.size() - 1).split(",", -1);
    long ops = 0;
    for (RunIntervals.Cell h : RunIntervals.of(ResultDir.load(run)).byMeasurement.get("READ").subList(5, 6)) {
      ops += h.getTotalCount();
    }
    for (RunIntervals.Cell h : RunIntervals.of(ResultDir.load(run)).byMeasurement.get("UPDATE").subList(5, 6)) {
      ops += h.getTotalCount();
    }
    assertEquals(ReportTables.fixed1(ops / (lastIntervalMs / 1000.0)), last[4]);
    for (NamedChart c : charts(run)) {
      assertNoFallToZero(c);
    }
  }

  /** Every chart of a one-run report that draws a rate per interval: throughput over time and the timeline. */
  private static List<NamedChart> charts(Path run) throws Exception {
    RunCatalog catalog = RunCatalog.load(Collections.singletonList(run));
    HdrTotals hdr = new HdrTotals();
    List<NamedChart> out = new ArrayList<>(new ReportCharts(catalog, new ReportTables(catalog, hdr), hdr).build());
    out.addAll(TimelineSection.build(catalog).charts);
    return out;
  }

  /** Every interval of these runs had operations: no rate series may touch 0. */
  private static void assertNoFallToZero(NamedChart c) {
    List<XYPlot> plots = new ArrayList<>();
    if (c.chart.getPlot() instanceof CombinedDomainXYPlot) {
      for (Object p : ((CombinedDomainXYPlot) c.chart.getPlot()).getSubplots()) {
        plots.add((XYPlot) p);
      }
    } else {
      plots.add(c.chart.getXYPlot());
    }
    int rateSeries = 0;
    for (XYPlot p : plots) {
      String axis = p.getRangeAxis().getLabel();
      if (!axis.contains("ops/s") && !axis.contains("ops/sec")) {
        continue;
      }
      XYDataset d = p.getDataset();
      for (int s = 0; s < d.getSeriesCount(); s++) {
        if (d.getSeriesKey(s).toString().contains("failed") || d.getSeriesKey(s).toString().contains("retries")) {
          continue; // these are truly zero in a good interval
        }
        rateSeries++;
        for (int i = 0; i < d.getItemCount(s); i++) {
          assertTrue(d.getYValue(s, i) > 0, c.id + " falls to " + d.getYValue(s, i) + " at x=" + d.getXValue(s, i));
        }
      }
    }
    if (c.id.startsWith("throughput-") || c.id.startsWith("timeline-")) {
      assertTrue(rateSeries > 0, "no rate drawn in " + c.id);
    }
  }

  /** A run of 6 one-second intervals of READ whose binding counted {@code retries} (null: none) per interval. */
  private static ResultDirFixture retryingRun(String host, long[] retries) {
    ResultDirFixture f = new ResultDirFixture();
    f.host = host;
    f.startEpochMs = T0;
    f.intervalSec = 1;
    f.retries = retries;
    for (int i = 0; i < 6; i++) {
      f.interval("READ", ResultDirFixture.range(100, 5_000, 10));
      f.interval("Intended-READ", ResultDirFixture.range(150, 9_000, 10));
    }
    return f;
  }

  /** The values of one column of a CSV the report wrote, by its header. */
  private static List<String> column(Path csv, String name) throws Exception {
    List<String> lines = Files.readAllLines(csv);
    int index = java.util.Arrays.asList(lines.get(0).split(",", -1)).indexOf(name);
    assertTrue(index >= 0, "no column " + name + " in " + lines.get(0));
    List<String> out = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      out.add(line.split(",", -1)[index]);
    }
    return out;
  }

  @Test
  void should_draw_and_tabulate_the_bindings_retries_per_interval_when_the_run_counted_them() throws Exception {
    Path run = retryingRun("client-1", new long[] {0, 4, 10, 0, 2, 0}).write(tmp.resolve("run"));

    assertEquals(0, report(tmp.resolve("report"), run.toString()), stderr());

    assertEquals(java.util.Arrays.asList("0.0", "4.0", "10.0", "0.0", "2.0", "0.0"),
        column(tmp.resolve("report/rates-over-time.csv"), "Retries/s"));
    double highest = 0;
    boolean drawn = false;
    for (NamedChart c : charts(run)) {
      if (!c.id.startsWith("timeline-")) {
        continue;
      }
      for (Object p : ((CombinedDomainXYPlot) c.chart.getPlot()).getSubplots()) {
        XYDataset d = ((XYPlot) p).getDataset();
        for (int s = 0; s < d.getSeriesCount(); s++) {
          if (d.getSeriesKey(s).toString().equals("retries/s")) {
            drawn = true;
            for (int i = 0; i < d.getItemCount(s); i++) {
              highest = Math.max(highest, d.getYValue(s, i));
            }
          }
        }
      }
    }
    assertTrue(drawn, "a retries/s line on the timeline");
    assertEquals(10.0, highest, 1e-9);
  }

  @Test
  void should_leave_retries_empty_and_undrawn_when_the_binding_counted_none() throws Exception {
    Path run = retryingRun("client-1", null).write(tmp.resolve("run"));

    assertEquals(0, report(tmp.resolve("report"), run.toString()), stderr());

    for (String cell : column(tmp.resolve("report/rates-over-time.csv"), "Retries/s")) {
      assertEquals("", cell, "no false zero for a binding that counts no retries");
    }
    for (NamedChart c : charts(run)) {
      assertFalse(c.chart.getPlot().toString().isEmpty());
      if (c.chart.getPlot() instanceof CombinedDomainXYPlot) {
        for (Object p : ((CombinedDomainXYPlot) c.chart.getPlot()).getSubplots()) {
          XYDataset d = ((XYPlot) p).getDataset();
          for (int s = 0; d != null && s < d.getSeriesCount(); s++) {
            assertFalse(d.getSeriesKey(s).toString().contains("retries"), c.id);
          }
        }
      }
    }
  }

  @Test
  void should_add_up_the_clients_retries_per_interval_when_clients_are_merged() throws Exception {
    retryingRun("client-1", new long[] {1, 2, 3, 4, 5, 6}).write(tmp.resolve("c1"));
    retryingRun("client-2", new long[] {10, 0, 30, 0, 50, 0}).write(tmp.resolve("c2"));
    retryingRun("client-3", null).write(tmp.resolve("c3"));

    assertEquals(0, Merge.run(new String[] {"-o", tmp.resolve("m").toString(), tmp.resolve("c1").toString(),
        tmp.resolve("c2").toString(), tmp.resolve("c3").toString()}, new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err)), stderr());

    List<long[]> merged = TimeseriesCsv.overallRetries(tmp.resolve("m/timeseries.csv"));
    List<Long> sums = new ArrayList<>();
    for (long[] r : merged) {
      sums.add(r[2]);
    }
    assertEquals(java.util.Arrays.asList(11L, 2L, 33L, 4L, 55L, 6L), sums);
  }

  @Test
  void should_keep_every_clients_events_when_clients_are_merged() throws Exception {
    threeClients(tmp.resolve("clients"), 0);
    for (int c = 0; c < 3; c++) {
      assertEquals(0, Mark.run(new String[] {"--at", Long.toString(T0 + 12_000 + c), tmp.resolve("clients/client-" + c)
          .toString(), "kill " + c}, 0, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err)));
    }
    Path merged = tmp.resolve("merged");
    assertEquals(0, Merge.run(new String[] {"-o", merged.toString(), tmp.resolve("clients/client-0").toString(),
        tmp.resolve("clients/client-1").toString(), tmp.resolve("clients/client-2").toString()},
        new PrintStream(new ByteArrayOutputStream()), new PrintStream(err)), stderr());

    List<TimelineEvent> events = RunEvents.of(ResultDir.load(merged));

    assertEquals(3, events.size(), events.toString());
    for (int c = 0; c < 3; c++) {
      TimelineEvent e = events.get(c);
      assertEquals("client-" + c, e.client);
      assertEquals("kill " + c, e.label);
      assertEquals(T0 + 12_000 + c, e.epochMs);
    }
    assertEquals(0, report(tmp.resolve("report"), merged.toString()), stderr());
    String table = new String(Files.readAllBytes(tmp.resolve("report/events-timeline-A.csv")),
        StandardCharsets.UTF_8);
    assertTrue(table.contains("kill 0") && table.contains("kill 1") && table.contains("kill 2"), table);
    String html = new String(Files.readAllBytes(tmp.resolve("report/report.html")), StandardCharsets.UTF_8);
    assertTrue(html.indexOf("id=\"runs\"") < html.indexOf("id=\"verdict\"")
        && html.indexOf("id=\"verdict\"") < html.indexOf("id=\"timeline\"")
        && html.indexOf("id=\"timeline\"") < html.indexOf("id=\"events-timeline-A\"")
        && html.indexOf("id=\"events-timeline-A\"") < html.indexOf("id=\"throughput\""),
        "what ran, the verdict, the timeline with its events, then the tables");
    assertFalse(html.contains("id=\"latency-over-time\""), "one row per interval belongs in the CSV");
    assertNotNull(ResultDir.load(merged).summary().get(site.ycsb.output.SummaryFields.OfMerged.TIMELINE));
  }
}
