package site.ycsb.results;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Stroke;
import java.text.DecimalFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The timeline of one workload: intended and service latency per interval (p50, p99, p99.9 and max of each interval's
 * histogram, per operation type, on a log axis), the rate of completed and failed operations and of the binding's
 * retries, and the database
 * nodes' CPU, stacked on one elapsed-time axis, with the run's events drawn across all of them as numbered marks
 * (the numbers of the events table under the chart).
 */
final class TimelineChart {
  static final int WIDTH = ChartWriter.WIDTH;
  /** Fits a laptop screen (about 700 pixels of page height) at the page's width. */
  static final int HEIGHT = 680;
  static final double[] PERCENTILES = RunIntervals.Cell.PERCENTILES;
  static final String[] PERCENTILE_NAMES = {"p50", "p99", "p99.9", "max"};
  private static final Color[] PERCENTILE_COLOURS = {new Color(0x2ca02c), new Color(0x1f77b4),
      new Color(0xff7f0e), new Color(0xd62728)};
  private static final float[][] DASHES = {null, {6f, 4f}, {2f, 3f}, {10f, 3f, 2f, 3f}};
  /** Rows of marks' labels at the top of the first plot, so that close marks do not print over each other. */
  static final int LABEL_ROWS = 6;
  static final int LABEL_ROW_PIXELS = 12;
  static final int LABEL_GAP_PIXELS = 3;
  /** The width of the plots' data area at the chart's width (the range axes and padding take the rest). */
  static final int PLOT_PIXELS = WIDTH - 110;

  private TimelineChart() {
  }

  /**
   * The chart of these runs (one, or two compared), with the numbered events; {@code grouped}: one of several charts
   * of the workload, one per configuration (its id names the configuration).
   */
  static NamedChart build(String workload, List<TimelineRun> runs, List<TimelineEvent> numbered, boolean grouped)
      throws UsageException {
    boolean compare = runs.size() > 1;
    String title = "Timeline, workload " + workload + ": " + runs.get(0).name + (compare ? " and " + runs.get(1).name
        : "");
    String id = "timeline-" + ReportCharts.fileSafe(workload) + (grouped ? "-" + ReportCharts.fileSafe(runs.get(0).name)
        : "");
    return build(id, title, runs, numbered);
  }

  /** The chart of these runs with the numbered events, under the given id (starting "timeline-") and title. */
  static NamedChart build(String id, String title, List<TimelineRun> runs, List<TimelineEvent> numbered)
      throws UsageException {
    NumberAxis time = new NumberAxis("elapsed time (s)");
    time.setAutoRangeIncludesZero(true);
    CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
    plot.setGap(8);
    boolean compare = runs.size() > 1;
    XYPlot intended = latencyPlot(runs, true, compare);
    XYPlot service = latencyPlot(runs, false, compare);
    if (intended != null && service != null) {
      // the same lines in the same colours: one legend entry each
      for (int i = 0; i < service.getDataset().getSeriesCount(); i++) {
        service.getRenderer().setSeriesVisibleInLegend(i, false);
      }
    }
    XYPlot top = intended != null ? intended : service;
    if (intended != null) {
      plot.add(intended, 3);
    }
    if (service != null) {
      plot.add(service, intended != null ? 2 : 3);
    }
    plot.add(ratePlot(runs), 2);
    XYPlot cpu = cpuPlot(runs);
    if (cpu != null) {
      plot.add(cpu, 1);
    }
    for (Object sub : plot.getSubplots()) {
      addMarks((XYPlot) sub, runs, numbered, sub == top);
    }
    JFreeChart chart = new JFreeChart(title, new Font("SansSerif", Font.BOLD, 15), plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    chart.setPadding(new RectangleInsets(4, 4, 4, 28));
    return new NamedChart(id, title, chart, WIDTH, HEIGHT);
  }

  private static XYPlot latencyPlot(List<TimelineRun> runs, boolean intended, boolean compare) {
    XYSeriesCollection data = new XYSeriesCollection();
    XYLineAndShapeRenderer renderer = new GapRenderer();
    for (int r = 0; r < runs.size(); r++) {
      TimelineRun run = runs.get(r);
      List<String> ops = run.operations(intended);
      for (int o = 0; o < ops.size(); o++) {
        String measurement = (intended ? "Intended-" : "") + ops.get(o);
        for (int p = 0; p < PERCENTILES.length; p++) {
          if (compare && p != 1 && p != 3) {
            continue; // two runs: p99 and max, or the lines hide each other
          }
          String key = (compare ? run.name + " " : "") + ops.get(o) + " " + PERCENTILE_NAMES[p];
          XYSeries s = new XYSeries(key, true, true);
          for (int k = 0; k < run.parts.size(); k++) {
            TimelineRun.Part part = run.parts.get(k);
            gap(s, run, k);
            List<RunIntervals.Cell> cells = part.intervals.byMeasurement.get(measurement);
            for (int i = 0; cells != null && i < cells.size(); i++) {
              RunIntervals.Cell h = cells.get(i);
              if (h.getTotalCount() > 0) {
                s.add(run.elapsedS(part.intervals.grid.endOf(i)), Math.max(1, h.valueAt(PERCENTILES[p])) / 1000.0);
              }
            }
          }
          int index = data.getSeriesCount();
          data.addSeries(s);
          Color colour = compare ? ReportCharts.PALETTE[(r * 2 + o) % ReportCharts.PALETTE.length]
              : PERCENTILE_COLOURS[p];
          renderer.setSeriesPaint(index, colour);
          renderer.setSeriesStroke(index, stroke(compare ? (p == 3 ? 2 : 0) : o, compare ? 1.6f : 1.4f));
        }
      }
    }
    if (data.getSeriesCount() == 0) {
      return null;
    }
    LogAxis y = new LogAxis(intended ? "intended latency (ms)" : "service latency (ms)");
    y.setBase(10);
    y.setSmallestValue(0.001);
    y.setNumberFormatOverride(new DecimalFormat("0.###"));
    y.setTickUnit(new NumberTickUnit(1), false, true); // decades: 1, 10, 100 ms, not 3.162
    y.setMinorTickMarksVisible(true);
    y.setLabelFont(new Font("SansSerif", Font.PLAIN, 11));
    XYPlot plot = new XYPlot(data, null, y, renderer);
    style(plot);
    return plot;
  }

  private static XYPlot ratePlot(List<TimelineRun> runs) {
    XYSeriesCollection data = new XYSeriesCollection();
    XYLineAndShapeRenderer renderer = new GapRenderer();
    for (int r = 0; r < runs.size(); r++) {
      TimelineRun run = runs.get(r);
      String prefix = runs.size() > 1 ? run.name + " " : "";
      XYSeries ok = new XYSeries(prefix + "completed ops/s", true, true);
      XYSeries failed = new XYSeries(prefix + "failed ops/s", true, true);
      boolean anyFailed = false;
      for (int k = 0; k < run.parts.size(); k++) {
        RunIntervals in = run.parts.get(k).intervals;
        gap(ok, run, k);
        gap(failed, run, k);
        for (int i = 0; i < in.grid.size(); i++) {
          // a sliver at the end of the run holds too little time for a rate: left out, not drawn as a fall
          if (!in.rateKnown(i)) {
            continue;
          }
          double x = run.elapsedS(in.grid.endOf(i));
          ok.add(x, in.rate(i, false));
          double f = in.rate(i, true);
          failed.add(x, f);
          anyFailed |= f > 0;
        }
      }
      renderer.setSeriesPaint(data.getSeriesCount(), ReportCharts.PALETTE[(2 * r) % ReportCharts.PALETTE.length]);
      renderer.setSeriesStroke(data.getSeriesCount(), stroke(0, 1.6f));
      data.addSeries(ok);
      if (anyFailed) {
        renderer.setSeriesPaint(data.getSeriesCount(), new Color(0xd62728));
        renderer.setSeriesStroke(data.getSeriesCount(), stroke(r, 1.6f));
        data.addSeries(failed);
      }
      // the binding's retries, drawn only when it retried: a line at zero would say nothing
      XYSeries retried = new XYSeries(prefix + "retries/s", true, true);
      boolean anyRetry = false;
      for (double[] point : run.retryRates()) {
        retried.add(point[0], point[1]);
        anyRetry |= point[1] > 0;
      }
      if (anyRetry) {
        renderer.setSeriesPaint(data.getSeriesCount(), new Color(0xff7f0e));
        renderer.setSeriesStroke(data.getSeriesCount(), stroke(r + 1, 1.4f));
        data.addSeries(retried);
      }
    }
    NumberAxis y = new NumberAxis("ops/s");
    y.setAutoRangeIncludesZero(true);
    y.setLabelFont(new Font("SansSerif", Font.PLAIN, 11));
    XYPlot plot = new XYPlot(data, null, y, renderer);
    style(plot);
    return plot;
  }

  private static XYPlot cpuPlot(List<TimelineRun> runs) throws UsageException {
    XYSeriesCollection data = new XYSeriesCollection();
    for (TimelineRun run : runs) {
      // a node's samples of every part on one line, with a gap between parts
      Map<Comparable<?>, XYSeries> byNode = new LinkedHashMap<>();
      for (int k = 0; k < run.parts.size(); k++) {
        TimelineRun.Part part = run.parts.get(k);
        double shift = run.elapsedS(part.openingEpochMs);
        for (XYSeries s : NodeReport.cpuSeries(part.run.dir, runs.size() > 1 ? run.name + " " : "")) {
          XYSeries line = byNode.computeIfAbsent(s.getKey(), key -> new XYSeries(key, true, true));
          if (line.getItemCount() > 0) {
            // a node is sampled through its run's start-up and cleanup too: the break goes between the samples
            double before = line.getMaxX();
            double after = s.getMinX() + shift;
            line.add(after > before ? (before + after) / 2 : before, Double.NaN);
          }
          for (int i = 0; i < s.getItemCount(); i++) {
            line.add(s.getX(i).doubleValue() + shift, s.getY(i));
          }
        }
      }
      for (XYSeries s : byNode.values()) {
        data.addSeries(s);
      }
    }
    if (data.getSeriesCount() == 0) {
      return null;
    }
    NumberAxis y = new NumberAxis("node CPU %");
    y.setRange(0, 100);
    y.setLabelFont(new Font("SansSerif", Font.PLAIN, 11));
    XYLineAndShapeRenderer renderer = new GapRenderer();
    for (int i = 0; i < data.getSeriesCount(); i++) {
      renderer.setSeriesPaint(i, ReportCharts.PALETTE[(i + 4) % ReportCharts.PALETTE.length]);
      renderer.setSeriesStroke(i, stroke(0, 1.2f));
    }
    XYPlot plot = new XYPlot(data, null, y, renderer);
    style(plot);
    return plot;
  }

  private static void addMarks(XYPlot plot, List<TimelineRun> runs, List<TimelineEvent> numbered, boolean labels) {
    double[] xs = new double[numbered.size()];
    for (int n = 0; n < numbered.size(); n++) {
      xs[n] = drawnAt(runOf(runs, numbered.get(n)), numbered.get(n));
    }
    String[] texts = new String[numbered.size()];
    for (int n = 0; n < numbered.size(); n++) {
      texts[n] = markText(n + 1, numbered.get(n));
    }
    double[] domain = domainSeconds(runs, xs);
    int[] rows = labelRows(xs, texts, domain, PLOT_PIXELS);
    for (int n = 0; n < numbered.size(); n++) {
      TimelineEvent e = numbered.get(n);
      TimelineRun run = runOf(runs, e);
      Marker m;
      if (e.isWindow() && !e.kind.atRunEdge()) {
        m = new IntervalMarker(run.elapsedS(e.epochMs), run.elapsedS(e.endEpochMs), band(e.kind));
      } else {
        m = new ValueMarker(xs[n], line(e.kind), new BasicStroke(1.2f));
      }
      if (labels) {
        m.setLabel(texts[n]);
        m.setLabelFont(new Font("SansSerif", Font.BOLD, 10));
        m.setLabelPaint(line(e.kind));
        // a label that would run out of the plot on the right is written to the left of its mark
        boolean left = (xs[n] - domain[0]) / Math.max(1e-9, domain[1] - domain[0]) * PLOT_PIXELS
            + labelPixels(texts[n]) > PLOT_PIXELS;
        m.setLabelAnchor(left ? RectangleAnchor.TOP_RIGHT : RectangleAnchor.TOP_LEFT);
        m.setLabelTextAnchor(left ? TextAnchor.TOP_RIGHT : TextAnchor.TOP_LEFT);
        m.setLabelOffset(new RectangleInsets(2 + LABEL_ROW_PIXELS * rows[n], 2, 0, 2));
      }
      plot.addDomainMarker(m, e.isWindow() ? Layer.BACKGROUND : Layer.FOREGROUND);
    }
  }

  /**
   * Where an event's mark goes on the time axis (elapsed s): its start, except for what the tool ran around the run
   * (a hook, the findmax step), which is drawn at the edge of the run it touches: a hook before the phase, which
   * ended before the schedule opened, at the run's opening (0 for a run alone); a hook after it at the run's last
   * interval's end; a step, which spans the whole run, at its opening. The events table keeps their true times.
   * For a line of several runs (findmax's steps) the run is the part whose record holds the event.
   */
  static double drawnAt(TimelineRun run, TimelineEvent e) {
    double start = run.elapsedS(e.epochMs);
    if (!e.kind.atRunEdge()) {
      return start;
    }
    TimelineRun.Part part = run.partOf(e);
    double opening = run.elapsedS(part.openingEpochMs);
    double end = run.elapsedS(part.lastMs());
    double at = run.elapsedS(e.endEpochMs) <= opening ? opening : start;
    return Math.max(opening, Math.min(end, at));
  }

  /**
   * The label of mark {@code number}: the number of its row in the events table; a findmax step's also says its
   * target rate, so that the steps of a findmax timeline read without the table.
   */
  static String markText(int number, TimelineEvent e) {
    String what = e.kind == TimelineEvent.Kind.STEP ? ToolEvents.stepTarget(e.label) : "";
    return what.isEmpty() ? Integer.toString(number) : number + ": " + what;
  }

  /** The seconds the time axis spans (0 to the last interval's end or the last event), for the labels' spacing. */
  private static double[] domainSeconds(List<TimelineRun> runs, double[] xs) {
    double min = 0;
    double max = 1;
    for (TimelineRun r : runs) {
      max = Math.max(max, r.endS());
    }
    for (double x : xs) {
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    return new double[] {min, max};
  }

  /**
   * The row (0 at the top) of each mark's label, so that no two labels of one row come closer than a label's width:
   * each label, in time order, takes the first row where it clears the row's previous label. Labels of more marks
   * than rows within one label's width would have to overlap; the events beyond {@link TimelineSection#MAX_MARKS}
   * are not drawn for that reason.
   */
  static int[] labelRows(double[] xs, double[] domain, int plotPixels) {
    String[] numbers = new String[xs.length];
    for (int n = 0; n < xs.length; n++) {
      numbers[n] = Integer.toString(n + 1);
    }
    return labelRows(xs, numbers, domain, plotPixels);
  }

  /** {@link #labelRows(double[], double[], int)} for labels of these texts. */
  static int[] labelRows(double[] xs, String[] texts, double[] domain, int plotPixels) {
    int[] rows = new int[xs.length];
    double[] lastRight = new double[LABEL_ROWS];
    java.util.Arrays.fill(lastRight, Double.NEGATIVE_INFINITY);
    double span = Math.max(1e-9, domain[1] - domain[0]);
    for (int n = 0; n < xs.length; n++) {
      double left = (xs[n] - domain[0]) / span * plotPixels;
      int row = 0;
      for (int r = 0; r < LABEL_ROWS; r++) {
        if (left >= lastRight[r] + LABEL_GAP_PIXELS) {
          row = r;
          break;
        }
        if (lastRight[r] < lastRight[row]) {
          row = r; // none clear: the row whose label ends first
        }
      }
      rows[n] = row;
      lastRight[row] = left + labelPixels(texts[n]);
    }
    return rows;
  }

  /** The width of a mark's number label in pixels (bold 10-point digits, and the marker's 2-pixel offset). */
  static double labelPixels(int number) {
    return labelPixels(Integer.toString(number));
  }

  /** The width of a mark's label in pixels (bold 10-point characters, at most 7 pixels each, and the offset). */
  static double labelPixels(String text) {
    return 2 + 7 * text.length();
  }

  /** The run an event belongs to (its events list holds it); the first when none does. */
  static TimelineRun runOf(List<TimelineRun> runs, TimelineEvent e) {
    for (TimelineRun r : runs) {
      if (r.events.contains(e)) {
        return r;
      }
    }
    return runs.get(0);
  }

  static Color line(TimelineEvent.Kind kind) {
    switch (kind) {
    case NODE:
      return new Color(0xc00000);
    case MARK:
      return new Color(0x7030a0);
    case PAUSE:
      return new Color(0x8c564b);
    case HOOK:
      return new Color(0x1b7f8c);
    case STEP:
      return new Color(0x2b5fa0);
    default:
      return new Color(0x606060);
    }
  }

  private static Color band(TimelineEvent.Kind kind) {
    switch (kind) {
    case MACHINE_BUSY:
      return new Color(255, 180, 80, 70);
    case CLIENT_LIMITED:
      return new Color(240, 220, 60, 80);
    case DATABASE_STALLED:
      return new Color(230, 90, 90, 55);
    default:
      return new Color(150, 110, 90, 50);
    }
  }

  /**
   * A break in a line before part {@code k} of the run (none before the first): nothing was measured between two
   * runs, so the line stops at one and starts again at the next instead of crossing the gap.
   */
  private static void gap(XYSeries s, TimelineRun run, int k) {
    if (k > 0) {
      s.add(run.gapBeforeS(k), Double.NaN);
    }
  }

  /**
   * Lines with a break at each NaN (a gap between runs), and a dot for a point that no line reaches: one alone
   * between two gaps (a findmax step of one interval) would otherwise not be drawn at all.
   */
  static final class GapRenderer extends XYLineAndShapeRenderer {
    private static final long serialVersionUID = 1L;

    GapRenderer() {
      super(true, true);
      setAutoPopulateSeriesShape(false);
      setDefaultShape(new java.awt.geom.Ellipse2D.Double(-2.5, -2.5, 5, 5));
    }

    @Override
    public boolean getItemShapeVisible(int series, int item) {
      org.jfree.data.xy.XYDataset d = getPlot() == null ? null : getPlot().getDataset();
      if (d == null || item >= d.getItemCount(series) || Double.isNaN(d.getYValue(series, item))) {
        return false;
      }
      return !drawn(d, series, item - 1) && !drawn(d, series, item + 1);
    }

    private static boolean drawn(org.jfree.data.xy.XYDataset d, int series, int item) {
      return item >= 0 && item < d.getItemCount(series) && !Double.isNaN(d.getYValue(series, item));
    }
  }

  private static Stroke stroke(int dash, float width) {
    float[] d = DASHES[dash % DASHES.length];
    return d == null ? new BasicStroke(width)
        : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, d, 0f);
  }

  private static void style(XYPlot plot) {
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xdddddd));
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    plot.setOutlinePaint(Color.GRAY);
    ValueAxis y = plot.getRangeAxis();
    y.setTickLabelFont(new Font("SansSerif", Font.PLAIN, 10));
  }
}
