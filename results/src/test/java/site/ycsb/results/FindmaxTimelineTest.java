package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
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
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * A findmax run's timeline: every step's intervals on one wall-clock axis in the order they ran, each step's start
 * marked with its target rate, and nothing drawn between steps (a gap, never a fall to zero).
 */
class FindmaxTimelineTest {
  private static final long T0 = 1_790_000_000_000L;
  private static final double[] TARGETS = {500, 1000, 2000};
  /** A step's 1 s intervals; steps start {@link #STEP_EVERY_MS} apart, so 12 s of gap lie between two. */
  private static final int INTERVALS = 8;
  private static final long STEP_EVERY_MS = 20_000;

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  /** Samples of a database node's CPU per step, one a second from its start (0: no node sampled). */
  private int cpuSamples;

  /** How a step of the fixture is damaged (none: as findmax writes it). */
  private enum Damage { NONE, NO_DIRECTORY, NO_HDR_LOGS, NO_STEP_RECORD }

  /**
   * A findmax directory of {@link #TARGETS}.length steps, step s starting at T0 + s * 20 s with {@link #INTERVALS}
   * intervals of 1 s (the last {@code lastIntervalMs} long when above 0) at its target rate, its engine started
   * 1.5 s before its schedule opened; step {@code damaged} (1-based; 0: none) damaged as {@code damage} says.
   */
  private Path findmax(long lastIntervalMs, int damaged, Damage damage) throws Exception {
    Path out = tmp.resolve("fm");
    ObjectNode root = Json.object();
    root.put("format", FindmaxFields.FORMAT_VALUE).put("mode", "rate");
    root.putArray("slas").addObject().put("text", "p99<10ms").put("statistic", "p99").put("limitUs", 10_000);
    ArrayNode steps = root.putArray("steps");
    for (int s = 0; s < TARGETS.length; s++) {
      Damage d = s + 1 == damaged ? damage : Damage.NONE;
      ResultDirFixture f = new ResultDirFixture();
      f.startEpochMs = T0 + s * STEP_EVERY_MS;
      f.intervalSec = 1;
      f.lastIntervalMs = lastIntervalMs;
      f.writeHdr = d != Damage.NO_HDR_LOGS;
      for (int i = 0; i < INTERVALS; i++) {
        int n = (int) (TARGETS[s] * (i == INTERVALS - 1 && lastIntervalMs > 0 ? lastIntervalMs / 1000.0 : 1));
        f.interval("READ", ResultDirFixture.range(100, 100 + 10L * Math.max(0, n - 1), 10));
        f.interval("Intended-READ", ResultDirFixture.range(200, 200 + 10L * Math.max(0, n - 1), 10));
      }
      String dir = String.format(Locale.ROOT, "step-%02d-%.0f", s + 1, TARGETS[s]);
      Path stepDir = f.write(out.resolve(dir));
      if (cpuSamples > 0 && d != Damage.NO_HDR_LOGS) {
        NodeFixture.add(stepDir, "127.0.0.2", false, 10, NodeFixture.times(40 + 10 * s, cpuSamples));
      }
      if (d != Damage.NO_STEP_RECORD) {
        ToolEvents.findmaxStep(stepDir, s + 1, "search", TARGETS[s], 0, f.startEpochMs - 1_500, f.endEpochMs() + 300,
            0);
      }
      ObjectNode step = steps.addObject().put("index", s + 1).put("kind", "search").put("target", TARGETS[s])
          .put("achieved", TARGETS[s]).put("passed", true).put("reason", "pass");
      if (d != Damage.NO_DIRECTORY) {
        step.put("dir", dir);
      }
    }
    root.put("maximum", TARGETS[TARGETS.length - 1]).put("lowerBound", false).put("ending", "resolved");
    Json.write(out.resolve(FindmaxFields.FILE), root);
    return out;
  }

  private int report(Path... inputs) {
    List<String> args = new ArrayList<>(Arrays.asList("-o", tmp.resolve("report").toString()));
    for (Path p : inputs) {
      args.add(p.toString());
    }
    return Report.run(args.toArray(new String[0]), new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(err));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  /** The elapsed seconds (from step 1's opening) of the end of step s's (0-based) interval i. */
  private static double endOf(int s, int i) {
    return s * STEP_EVERY_MS / 1000.0 + i + 1;
  }

  private static NamedChart chart(Path fm) throws Exception {
    List<NamedChart> charts = TimelineSection.findmax(FindmaxRun.load(fm), "fm").charts;
    assertEquals(1, charts.size(), "one timeline for the whole findmax run");
    return charts.get(0);
  }

  private static List<XYPlot> plots(NamedChart c) {
    List<XYPlot> out = new ArrayList<>();
    for (Object p : ((CombinedDomainXYPlot) c.chart.getPlot()).getSubplots()) {
      out.add((XYPlot) p);
    }
    return out;
  }

  private static XYPlot plot(NamedChart c, String axis) {
    for (XYPlot p : plots(c)) {
      if (p.getRangeAxis().getLabel().equals(axis)) {
        return p;
      }
    }
    throw new AssertionError("no plot '" + axis + "' in " + c.id);
  }

  /** The marks drawn on the chart's top plot, which carries their labels (a step is a window: drawn behind). */
  private static List<Marker> marks(NamedChart c) {
    List<Marker> out = new ArrayList<>();
    for (Layer layer : new Layer[] {Layer.BACKGROUND, Layer.FOREGROUND}) {
      Collection<?> drawn = plots(c).get(0).getDomainMarkers(layer);
      if (drawn != null) {
        for (Object m : drawn) {
          out.add((Marker) m);
        }
      }
    }
    return out;
  }

  /** The columns of a CSV the report wrote, by header: one list per row. */
  private List<List<String>> csv(String name) throws Exception {
    List<List<String>> rows = new ArrayList<>();
    for (String line : Files.readAllLines(tmp.resolve("report").resolve(name))) {
      rows.add(Arrays.asList(line.split(",", -1)));
    }
    return rows;
  }

  @Test
  void should_put_every_steps_intervals_in_time_order_at_their_wall_clock_times_when_a_findmax_run_is_reported()
      throws Exception {
    Path fm = findmax(0, 0, Damage.NONE);

    assertEquals(0, report(fm), stderr());

    List<List<String>> rates = csv("rates-over-time-findmax-fm.csv");
    assertEquals(Arrays.asList("Workload", "Step", "Interval end (s)"), rates.get(0).subList(0, 3));
    assertEquals(1 + TARGETS.length * INTERVALS, rates.size(), rates.toString());
    for (int s = 0; s < TARGETS.length; s++) {
      for (int i = 0; i < INTERVALS; i++) {
        List<String> row = rates.get(1 + s * INTERVALS + i);
        assertEquals("step " + (s + 1), row.get(1), row.toString());
        assertEquals(String.format(Locale.ROOT, "%.1f", endOf(s, i)), row.get(2), row.toString());
        assertEquals(ReportTables.fixed1(TARGETS[s]), row.get(4), "step " + (s + 1) + " ran at its target: " + row);
      }
    }
    List<List<String>> latency = csv("latency-over-time-findmax-fm.csv");
    double previous = Double.NEGATIVE_INFINITY;
    for (List<String> row : latency.subList(1, latency.size())) {
      double end = Double.parseDouble(row.get(3));
      assertTrue(end >= previous, "in time order: " + row);
      previous = end;
    }
    assertEquals(2 * TARGETS.length * INTERVALS, latency.size() - 1, "READ and Intended-READ of every interval");
    String html = new String(Files.readAllBytes(tmp.resolve("report/report.html")), StandardCharsets.UTF_8);
    assertTrue(html.indexOf("id=\"timeline\"") < html.indexOf("id=\"events-timeline-findmax-fm\"")
        && html.indexOf("id=\"events-timeline-findmax-fm\"") < html.indexOf("id=\"findmax-fm\""),
        "the timeline with its events, then the step table");
    assertTrue(Files.isRegularFile(tmp.resolve("report/charts/timeline-findmax-fm.svg")));
    assertTrue(new String(Files.readAllBytes(tmp.resolve("report/report.md")), StandardCharsets.UTF_8)
        .contains("charts/timeline-findmax-fm.png"));
  }

  @Test
  void should_mark_each_steps_start_with_its_target_rate_when_the_steps_recorded_themselves() throws Exception {
    Path fm = findmax(0, 0, Damage.NONE);

    NamedChart c = chart(fm);

    List<ValueMarker> marks = new ArrayList<>();
    for (Marker m : marks(c)) {
      marks.add((ValueMarker) m);
    }
    assertEquals(TARGETS.length, marks.size(), "one mark per step");
    for (int s = 0; s < TARGETS.length; s++) {
      ValueMarker m = marks.get(s);
      assertEquals(s * STEP_EVERY_MS / 1000.0, m.getValue(), 1e-9, "step " + (s + 1) + " at its schedule's opening");
      assertEquals((s + 1) + ": " + String.format(Locale.ROOT, "%.0f", TARGETS[s]) + " ops/s", m.getLabel());
    }
    assertEquals(0, report(fm), stderr());
    List<List<String>> events = csv("events-timeline-findmax-fm.csv");
    for (int s = 0; s < TARGETS.length; s++) {
      List<String> row = events.get(1 + s);
      // the table keeps the true times: the engine started 1.5 s before the schedule opened
      assertEquals(String.format(Locale.ROOT, "%.1f", s * STEP_EVERY_MS / 1000.0 - 1.5), row.get(1), row.toString());
      assertEquals(String.format(Locale.ROOT, "findmax step %d: target %.0f ops/s", s + 1, TARGETS[s]), row.get(3));
    }
  }

  /**
   * Between two drawn steps, every point of every line is a break (NaN), there is at least one, and every point
   * drawn anywhere is above zero: the gap is a gap, not a fall to zero.
   */
  private static void assertGapsNotZeros(NamedChart c, double[][] gaps) {
    for (XYPlot p : plots(c)) {
      if (p.getRangeAxis().getLabel().equals("node CPU %")) {
        continue; // a node is sampled through a run's cleanup too: its gap is checked on its own
      }
      boolean rate = p.getRangeAxis().getLabel().equals("ops/s");
      XYDataset d = p.getDataset();
      for (int s = 0; s < d.getSeriesCount(); s++) {
        String key = d.getSeriesKey(s).toString();
        boolean zeroAllowed = key.contains("failed") || key.contains("retries");
        for (double[] gap : gaps) {
          int breaks = 0;
          for (int i = 0; i < d.getItemCount(s); i++) {
            double x = d.getXValue(s, i);
            if (x > gap[0] && x < gap[1]) {
              assertTrue(Double.isNaN(d.getYValue(s, i)), key + " drawn at " + x + " in the gap " + Arrays.toString(
                  gap) + ": " + d.getYValue(s, i));
              breaks++;
            }
          }
          assertTrue(breaks > 0, key + " has no break in the gap " + Arrays.toString(gap));
        }
        for (int i = 0; i < d.getItemCount(s); i++) {
          double y = d.getYValue(s, i);
          assertTrue(Double.isNaN(y) || y > 0 || zeroAllowed && rate, key + " falls to " + y + " at x="
              + d.getXValue(s, i));
        }
      }
    }
  }

  @Test
  void should_draw_a_gap_and_no_zero_between_steps_when_nothing_ran_between_them() throws Exception {
    Path fm = findmax(0, 0, Damage.NONE);

    NamedChart c = chart(fm);

    assertGapsNotZeros(c, new double[][] {{endOf(0, INTERVALS - 1), endOf(1, 0)},
        {endOf(1, INTERVALS - 1), endOf(2, 0)}});
    XYDataset rates = plot(c, "ops/s").getDataset();
    int drawn = 0;
    for (int i = 0; i < rates.getItemCount(0); i++) {
      drawn += Double.isNaN(rates.getYValue(0, i)) ? 0 : 1;
    }
    assertEquals(TARGETS.length * INTERVALS, drawn, "every step's every interval has its rate");
  }

  @ParameterizedTest
  @ValueSource(ints = {8, 12, 19})
  void should_break_a_nodes_cpu_line_between_steps_when_it_was_sampled_past_a_steps_last_interval(int samples)
      throws Exception {
    cpuSamples = samples; // 8: within the step; 12, 19: through the cleanup, up to a second before the next step
    Path fm = findmax(0, 0, Damage.NONE);

    XYDataset cpu = plot(chart(fm), "node CPU %").getDataset();

    assertEquals(1, cpu.getSeriesCount(), "one line per node across all steps");
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (int i = 0; i < cpu.getItemCount(0); i++) {
      xs.add(cpu.getXValue(0, i));
      ys.add(cpu.getYValue(0, i));
    }
    for (int s = 1; s < TARGETS.length; s++) {
      double lastOfPrevious = (s - 1) * STEP_EVERY_MS / 1000.0 + samples;
      double firstOfNext = s * STEP_EVERY_MS / 1000.0 + 1;
      int last = xs.indexOf(lastOfPrevious);
      int first = xs.indexOf(firstOfNext);
      assertTrue(last >= 0 && first > last + 1, xs.toString());
      assertTrue(Double.isNaN(ys.get(last + 1)) && xs.get(last + 1) > lastOfPrevious
          && xs.get(last + 1) < firstOfNext, "a break between step " + s + " and " + (s + 1) + ": " + xs);
      assertEquals(40.0 + 10 * s, ys.get(first), 1e-9);
    }
    for (double y : ys) {
      assertTrue(Double.isNaN(y) || y >= 40, ys.toString());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {9, 400})
  void should_leave_out_each_steps_last_sliver_when_it_is_too_short_for_a_rate(int lastIntervalMs) throws Exception {
    Path fm = findmax(lastIntervalMs, 0, Damage.NONE);

    NamedChart c = chart(fm);

    double sliver = (INTERVALS - 1) + lastIntervalMs / 1000.0;
    assertGapsNotZeros(c, new double[][] {{sliver, endOf(1, 0)}, {STEP_EVERY_MS / 1000.0 + sliver, endOf(2, 0)}});
    assertEquals(0, report(fm), stderr());
    for (List<String> row : csv("rates-over-time-findmax-fm.csv")) {
      if (row.get(3).equals(String.format(Locale.ROOT, "%.3f", lastIntervalMs / 1000.0))) {
        assertEquals("", row.get(4), "no rate for a " + lastIntervalMs + " ms sliver: " + row);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"NO_DIRECTORY", "NO_HDR_LOGS", "NO_STEP_RECORD"})
  void should_draw_the_other_steps_around_a_gap_when_the_middle_step_left_no_intervals_or_no_record(String how)
      throws Exception {
    Damage damage = Damage.valueOf(how);
    Path fm = findmax(0, 2, damage);

    NamedChart c = chart(fm);
    assertEquals(0, report(fm), stderr());

    boolean middleDrawn = damage == Damage.NO_STEP_RECORD;
    assertGapsNotZeros(c, middleDrawn
        ? new double[][] {{endOf(0, INTERVALS - 1), endOf(1, 0)}, {endOf(1, INTERVALS - 1), endOf(2, 0)}}
        : new double[][] {{endOf(0, INTERVALS - 1), endOf(2, 0)}});
    List<String> steps = new ArrayList<>();
    for (List<String> row : csv("rates-over-time-findmax-fm.csv").subList(1, 1 + (middleDrawn ? 3 : 2) * INTERVALS)) {
      if (!steps.contains(row.get(1))) {
        steps.add(row.get(1));
      }
    }
    assertEquals(middleDrawn ? Arrays.asList("step 1", "step 2", "step 3") : Arrays.asList("step 1", "step 3"),
        steps);
    List<String> marks = new ArrayList<>();
    for (Marker m : marks(c)) {
      marks.add(m.getLabel());
    }
    assertEquals(Arrays.asList("1: 500 ops/s", "2: 2000 ops/s"), marks, "the marks of the steps that recorded one");
  }

  @Test
  void should_draw_no_findmax_timeline_when_no_step_has_hdr_logs() throws Exception {
    Path fm = tmp.resolve("fm");
    FindmaxFixture.write(fm, 2000);
    try (java.util.stream.Stream<Path> files = Files.walk(fm)) {
      for (Path p : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".hdr"))::iterator) {
        Files.delete(p);
      }
    }

    assertEquals(0, report(fm), stderr());

    assertFalse(Files.exists(tmp.resolve("report/charts/timeline-findmax-fm.svg")));
    assertFalse(Files.exists(tmp.resolve("report/rates-over-time-findmax-fm.csv")));
    assertTrue(Files.exists(tmp.resolve("report/findmax-fm.csv")), "the step table stays");
  }

  @Test
  void should_keep_the_runs_timeline_apart_when_a_findmax_run_and_a_plain_run_are_reported_together()
      throws Exception {
    Path fm = findmax(0, 0, Damage.NONE);
    ResultDirFixture plain = new ResultDirFixture();
    plain.startEpochMs = T0 + 3_600_000;
    plain.intervalSec = 1;
    for (int i = 0; i < 5; i++) {
      plain.interval("READ", ResultDirFixture.range(100, 5_000, 10));
    }
    Path run = plain.write(tmp.resolve("plain/run"));

    assertEquals(0, report(fm, run), stderr());

    assertEquals(1 + 5, csv("rates-over-time.csv").size(), "the plain run's intervals only");
    assertEquals(1 + TARGETS.length * INTERVALS, csv("rates-over-time-findmax-fm.csv").size());
    assertTrue(Files.isRegularFile(tmp.resolve("report/charts/timeline-A.svg")));
    assertTrue(Files.isRegularFile(tmp.resolve("report/charts/timeline-findmax-fm.svg")));
  }
}
