package site.ycsb.results;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The report's part for a findmax run: the step table (target, achieved, intended latency per operation, verdict)
 * and the latency-versus-throughput curve — intended p99 and p99.9 of every operation against the achieved rate of
 * every step, the SLA bounds as horizontal lines and the found maximum as a vertical line.
 */
final class FindmaxSection {
  /** The smallest latency the logarithmic axis shows (1 µs); a zero would have no place on it. */
  private static final double FLOOR_MS = 0.001;

  private final FindmaxRun run;
  private final HdrTotals hdr;
  private final String name;

  /** {@code name} tells several findmax runs of one report apart (the directory name). */
  FindmaxSection(FindmaxRun run, HdrTotals hdr, String name) {
    this.run = run;
    this.hdr = hdr;
    this.name = name;
  }

  /** Operation types measured by any step, in report order. */
  List<String> operations() {
    Set<String> present = new LinkedHashSet<>();
    for (FindmaxRun.Step s : run.steps) {
      if (s.dir != null) {
        for (String m : s.dir.measurementNames()) {
          if (!m.startsWith(ReportTables.INTENDED) && !m.endsWith("-FAILED") && !m.equals("CLEANUP")
              && !"intended".equals(s.dir.measurements().path(m).path("kind").asText())) {
            present.add(m);
          }
        }
      }
    }
    List<String> out = new ArrayList<>();
    for (String op : ReportTables.OPERATIONS) {
      if (present.remove(op)) {
        out.add(op);
      }
    }
    out.addAll(present);
    return out;
  }

  /** The intended figures of an operation in a step (service time when the step measured no intended time). */
  private LatencyFigures figures(FindmaxRun.Step s, String op) throws UsageException {
    if (s.dir == null) {
      return null;
    }
    LatencyFigures f = LatencyFigures.of(s.dir, ReportTables.INTENDED + op, hdr);
    return f != null ? f : LatencyFigures.of(s.dir, op, hdr);
  }

  Table table() throws UsageException {
    String result = run.maximum > 0 ? "highest passing rate " + String.format(Locale.ROOT, "%.0f ops/s", run.maximum)
        + (!run.lowerBound ? "" : run.ending.startsWith("inconclusive") ? " (a lower bound: the machine did not run "
        + "the client on time)" : " (a lower bound: the client limited a step)") : "no step passed";
    Table t = new Table("findmax-" + ReportCharts.fileSafe(name), "findmax " + name + ": " + result + "; SLA "
        + String.join(", ", run.slas) + "; " + run.ending + (run.machineNote.isEmpty() ? "" : "; " + run.machineNote),
        "Step", "Kind", "Threads", "Target (ops/sec)", "Achieved (ops/sec)", "Operation", "Average (us)", "p95 (us)",
        "p99 (us)", "p99.9 (us)", "Verdict", "Client: cause of lateness (measures)");
    List<String> ops = operations();
    for (FindmaxRun.Step s : run.steps) {
      String target = s.target > 0 ? ReportTables.fixed1(s.target) : "unthrottled";
      String threads = s.threads > 0 ? Long.toString(s.threads) : s.dir != null ? Long.toString(s.dir.threads()) : "";
      String verdict = s.passed ? "pass" : s.inconclusive ? s.reason : "fail: " + s.reason;
      String client = s.cause.isEmpty() ? "" : (s.cause.equals("none") ? "on time" : s.cause)
          + (s.measures.isEmpty() ? "" : " (" + s.measures + ")");
      boolean any = false;
      for (String op : ops) {
        LatencyFigures f = figures(s, op);
        if (f == null) {
          continue;
        }
        any = true;
        t.add(Arrays.asList(Integer.toString(s.index), s.kind, threads, target, ReportTables.fixed1(s.achieved), op,
            ReportTables.fixed1(f.averageUs), ReportTables.opt(f.p95Us), ReportTables.opt(f.p99Us),
            ReportTables.opt(f.p999Us), verdict, client));
      }
      if (!any) {
        t.add(Arrays.asList(Integer.toString(s.index), s.kind, threads, target, ReportTables.fixed1(s.achieved), "",
            "", "", "", "", verdict, client));
      }
    }
    return NodeReport.withServerCpu(t, serverCpuByStep());
  }

  /** Each step's database-node CPU (the mean over the nodes), by step number, for the steps that sampled nodes. */
  private java.util.Map<String, Double> serverCpuByStep() {
    java.util.Map<String, Double> out = new java.util.HashMap<>();
    for (FindmaxRun.Step s : run.steps) {
      Double cpu = s.dir == null ? null : DatabaseNodeFiles.meanCpu(s.dir);
      if (cpu != null) {
        out.put(Integer.toString(s.index), cpu);
      }
    }
    return out;
  }

  /** The latency-versus-throughput curve, or null when no step has figures. */
  NamedChart curve() throws UsageException {
    XYSeriesCollection data = new XYSeriesCollection();
    for (String op : operations()) {
      XYSeries p99 = new XYSeries(op + " p99", true, true);
      XYSeries p999 = new XYSeries(op + " p99.9", true, true);
      for (FindmaxRun.Step s : run.steps) {
        LatencyFigures f = figures(s, op);
        if (f == null || s.achieved <= 0) {
          continue;
        }
        if (f.p99Us != null) {
          p99.addOrUpdate(s.achieved, Math.max(FLOOR_MS, f.p99Us / 1000.0));
        }
        if (f.p999Us != null) {
          p999.addOrUpdate(s.achieved, Math.max(FLOOR_MS, f.p999Us / 1000.0));
        }
      }
      for (XYSeries x : new XYSeries[] {p99, p999}) {
        if (x.getItemCount() > 0) {
          data.addSeries(x);
        }
      }
    }
    if (data.getSeriesCount() == 0) {
      return null;
    }
    String title = "findmax " + name + ": intended latency against achieved throughput";
    JFreeChart chart = ChartFactory.createXYLineChart(title, "achieved throughput (ops/sec)",
        "intended latency (ms, log scale)", data, PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    LogAxis y = new LogAxis("intended latency (ms, log scale)");
    y.setBase(10);
    y.setSmallestValue(FLOOR_MS);
    y.setTickUnit(new NumberTickUnit(1), false, true);
    y.setMinorTickMarksVisible(true);
    y.setNumberFormatOverride(new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
    plot.setRangeAxis(y);
    ((NumberAxis) plot.getDomainAxis()).setAutoRangeIncludesZero(true);
    ReportCharts.style(chart, true);
    // an operation's p99 and p99.9 share its colour; p99.9 is dashed
    XYLineAndShapeRenderer renderer = (XYLineAndShapeRenderer) plot.getRenderer();
    for (int i = 0; i < data.getSeriesCount(); i++) {
      renderer.setSeriesPaint(i, ReportCharts.PALETTE[(i / 2) % ReportCharts.PALETTE.length]);
      if (i % 2 == 1) {
        renderer.setSeriesStroke(i, new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {6f, 4f}, 0f));
      }
    }
    double top = 0;
    for (int i = 0; i < run.slas.size(); i++) {
      double ms = run.slaLimitsUs.get(i) / 1000.0;
      if (ms <= 0) {
        continue;
      }
      ValueMarker bound = new ValueMarker(ms, new Color(0xa40000), new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
          BasicStroke.JOIN_MITER, 10f, new float[] {3f, 3f}, 0f));
      bound.setLabel("SLA " + run.slas.get(i));
      bound.setLabelAnchor(RectangleAnchor.TOP_LEFT);
      bound.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
      bound.setLabelPaint(new Color(0xa40000));
      plot.addRangeMarker(bound);
      top = Math.max(top, ms);
    }
    FindmaxRun.Step max = run.maximumStep();
    if (max != null) {
      ValueMarker found = new ValueMarker(max.achieved, new Color(0x2ca02c), new BasicStroke(2f));
      found.setLabel(String.format(Locale.ROOT, "found maximum %.0f ops/s%s", run.maximum,
          run.lowerBound ? " (lower bound)" : ""));
      found.setLabelAnchor(RectangleAnchor.TOP_LEFT);
      found.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
      found.setLabelPaint(new Color(0x1b6e1b));
      plot.addDomainMarker(found);
    }
    // whole decades (labelled), with the SLA lines in view even when every step is far below or above them
    double low = data.getRangeLowerBound(false);
    double high = data.getRangeUpperBound(false);
    if (top > 0) {
      low = Math.min(low, top / 10);
      high = Math.max(high, top * 2);
    }
    y.setRange(Math.pow(10, Math.floor(Math.log10(low))), Math.pow(10, Math.ceil(Math.log10(high))));
    return new NamedChart("findmax-" + ReportCharts.fileSafe(name), title, chart);
  }
}
