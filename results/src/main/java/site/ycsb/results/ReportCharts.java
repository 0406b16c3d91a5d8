package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import site.ycsb.output.SummaryFields;

/**
 * The report's charts: throughput over time and latency percentile spectrum per workload, and throughput against
 * the number of nodes (or clients) when the runs differ in it.
 */
final class ReportCharts {
  /** Spectrum points per halving of the remaining tail, as HdrHistogram's own percentile output uses. */
  private static final int TICKS_PER_HALF_DISTANCE = 5;
  /** Beyond p99.9999 single values dominate; the plot stops there. */
  private static final double MAX_PERCENTILE = 99.9999;
  static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
      new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf)};

  private final RunCatalog catalog;
  private final ReportTables tables;
  private final HdrTotals hdr;

  ReportCharts(RunCatalog catalog, ReportTables tables, HdrTotals hdr) {
    this.catalog = catalog;
    this.tables = tables;
    this.hdr = hdr;
  }

  List<NamedChart> build() throws UsageException {
    List<NamedChart> charts = new ArrayList<>();
    for (String w : catalog.workloads()) {
      NamedChart t = throughputOverTime(w);
      if (t != null) {
        charts.add(t);
      }
      NamedChart l = latencySpectrum(w, "");
      if (l != null) {
        charts.add(l);
      }
      NamedChart i = tables.hasIntended() ? latencySpectrum(w, ReportTables.INTENDED) : null;
      if (i != null) {
        charts.add(i);
      }
    }
    NamedChart s = scaling();
    if (s != null) {
      charts.add(s);
    }
    return charts;
  }

  private NamedChart throughputOverTime(String workload) throws UsageException {
    XYSeriesCollection data = new XYSeriesCollection();
    long warmupMs = 0;
    for (String c : catalog.configurations()) {
      ReportRun r = catalog.get(c, workload);
      if (r == null) {
        continue;
      }
      warmupMs = Math.max(warmupMs,
          r.dir.summary().path(SummaryFields.WARMUP).path(SummaryFields.Warmup.DURATION_MS).asLong(0));
      XYSeries series = new XYSeries(c, true, true);
      for (TimeseriesRow row : TimeseriesCsv.fullIntervals(TimeseriesCsv.read(r.dir.timeseries()), "OVERALL",
          r.dir.statusIntervalMs())) {
        if (row.throughput != null) {
          series.add(row.elapsedS, row.throughput);
        }
      }
      if (series.getItemCount() > 0) {
        data.addSeries(series);
      }
    }
    if (data.getSeriesCount() == 0) {
      return null;
    }
    String title = "Throughput over time, workload " + workload;
    JFreeChart chart = ChartFactory.createXYLineChart(title, "elapsed time (s)", "throughput (ops/sec)", data,
        PlotOrientation.VERTICAL, true, false, false);
    style(chart, false);
    ((NumberAxis) chart.getXYPlot().getRangeAxis()).setAutoRangeIncludesZero(true);
    ((NumberAxis) chart.getXYPlot().getDomainAxis()).setAutoRangeIncludesZero(true);
    if (warmupMs > 0) {
      // the time series counts from the start of the schedule; the warm-up before the measurement is shaded
      IntervalMarker warmup = new IntervalMarker(0, warmupMs / 1000.0, new Color(0xeeeeee));
      warmup.setLabel("warm-up (not measured)");
      warmup.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_LEFT);
      warmup.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.TOP_LEFT);
      chart.getXYPlot().addDomainMarker(warmup, org.jfree.chart.ui.Layer.BACKGROUND);
    }
    return new NamedChart("throughput-" + fileSafe(workload), title, chart);
  }

  /** Service-time spectrum (prefix "") or intended-time spectrum (prefix "Intended-") of one workload. */
  private NamedChart latencySpectrum(String workload, String prefix) throws UsageException {
    XYSeriesCollection data = new XYSeriesCollection();
    double maxX = 10;
    for (String c : catalog.configurations()) {
      ReportRun r = catalog.get(c, workload);
      if (r == null) {
        continue;
      }
      for (String op : tables.operations()) {
        XYSeries series = spectrum(r, prefix + op, catalog.configurations().size() > 1 ? c + " " + op : op);
        if (series != null && series.getItemCount() > 0) {
          data.addSeries(series);
          maxX = Math.max(maxX, series.getMaxX());
        }
      }
    }
    if (data.getSeriesCount() == 0) {
      return null;
    }
    boolean intended = !prefix.isEmpty();
    String title = (intended ? "Intended latency" : "Latency") + " by percentile, workload " + workload;
    JFreeChart chart = ChartFactory.createXYLineChart(title, "percentile",
        intended ? "latency from intended start (us)" : "latency (us)", data,
        PlotOrientation.VERTICAL, true, false, false);
    LogAxis x = new LogAxis("percentile");
    x.setBase(10);
    x.setSmallestValue(1);
    x.setTickUnit(new NumberTickUnit(1), false, true);
    x.setMinorTickMarksVisible(true);
    x.setNumberFormatOverride(new PercentileAxisFormat());
    x.setRange(1, Math.pow(10, Math.ceil(Math.log10(maxX))));
    chart.getXYPlot().setDomainAxis(x);
    style(chart, false);
    return new NamedChart((intended ? "latency-intended-" : "latency-") + fileSafe(workload), title, chart);
  }

  /** Points (1/(1-p), latency at p) from the run's hdr log, else from the percentiles in summary.json. */
  private XYSeries spectrum(ReportRun r, String op, String key) throws UsageException {
    XYSeries series = new XYSeries(key, true, true);
    Histogram total = hdr.total(r.dir, op);
    if (total != null && total.getTotalCount() > 0) {
      for (HistogramIterationValue v : total.percentiles(TICKS_PER_HALF_DISTANCE)) {
        double p = v.getPercentileLevelIteratedTo();
        if (p >= 100.0 || p > MAX_PERCENTILE) {
          break;
        }
        series.add(PercentileAxisFormat.toAxis(p), v.getValueIteratedTo());
      }
      return series;
    }
    JsonNode pct = r.dir.measurements().path(op).path(SummaryFields.Measurement.PERCENTILES_US);
    Iterator<Map.Entry<String, JsonNode>> it = pct.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      double p = Double.parseDouble(e.getKey());
      if (p < 100) {
        series.add(PercentileAxisFormat.toAxis(p), e.getValue().asDouble());
      }
    }
    return series.getItemCount() == 0 ? null : series;
  }

  /**
   * Throughput against nodes (property "nodes" or the label, see ReportRun#nodes) when at least two node counts
   * occur; otherwise against client machines when at least two client counts occur; one series per db and workload.
   */
  private NamedChart scaling() {
    List<ReportRun> runs = catalog.runs();
    TreeSet<Integer> nodes = new TreeSet<>();
    TreeSet<Integer> clients = new TreeSet<>();
    for (ReportRun r : runs) {
      if (r.nodes() != null) {
        nodes.add(r.nodes());
      }
      clients.add(r.clients());
    }
    boolean byNodes = nodes.size() >= 2;
    if (!byNodes && clients.size() < 2) {
      return null;
    }
    XYSeriesCollection data = new XYSeriesCollection();
    for (String w : catalog.workloads()) {
      for (ReportRun r : runs) {
        if (!r.workload.equals(w)) {
          continue;
        }
        Integer x = byNodes ? r.nodes() : Integer.valueOf(r.clients());
        if (x == null) {
          continue;
        }
        String db = r.dir.db().substring(r.dir.db().lastIndexOf('.') + 1);
        String key = db + " " + w;
        int index = data.getSeriesIndex(key);
        XYSeries series = index >= 0 ? data.getSeries(index) : new XYSeries(key, true, true);
        if (index < 0) {
          data.addSeries(series);
        }
        series.add(x.doubleValue(), r.dir.throughput());
      }
    }
    String axis = byNodes ? "nodes" : "clients";
    String title = "Throughput against number of " + axis;
    JFreeChart chart = ChartFactory.createXYLineChart(title, axis, "throughput (ops/sec)", data,
        PlotOrientation.VERTICAL, true, false, false);
    style(chart, true);
    NumberAxis x = (NumberAxis) chart.getXYPlot().getDomainAxis();
    x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    ((NumberAxis) chart.getXYPlot().getRangeAxis()).setAutoRangeIncludesZero(true);
    return new NamedChart("scaling", title, chart);
  }

  /** The look every chart of the report shares: white, light grid, 2-pixel lines in the palette's colours. */
  static void style(JFreeChart chart, boolean shapes) {
    chart.setBackgroundPaint(Color.WHITE);
    // room for the last tick label of the domain axis, which is centred on the plot's right edge
    chart.setPadding(new RectangleInsets(4, 4, 4, 28));
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xdddddd));
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    plot.setOutlinePaint(Color.GRAY);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, shapes);
    for (int i = 0; i < plot.getDataset().getSeriesCount(); i++) {
      renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    plot.setRenderer(renderer);
  }

  static String fileSafe(String s) {
    return s.replaceAll("[^A-Za-z0-9_.-]", "_");
  }
}
