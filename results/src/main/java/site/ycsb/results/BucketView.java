package site.ycsb.results;

import org.HdrHistogram.Histogram;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.category.DefaultCategoryDataset;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code report --bucket DURATION}: a long run cut into buckets of that length from its schedule's opening (the
 * published long-term test reports hours) — per bucket the throughput of completed operations and the intended p50
 * and p99 of all operation types together (service latency when the run has no intended measurements), from the hdr
 * logs' interval histograms summed over the bucket (a merged run: the merged ones). A table and a chart per
 * workload, the configurations side by side. A last bucket shorter than the others is shown at its true rate, marked
 * partial, and left out of the chart when it covers less than half a bucket.
 */
final class BucketView {
  final List<Table> tables = new ArrayList<>();
  final List<NamedChart> charts = new ArrayList<>();

  /** One bucket of one run. */
  private static final class Bucket {
    final Histogram latency = HdrLog.emptyHistogram();
    long completed;
    double seconds;
  }

  static BucketView build(RunCatalog catalog, long bucketMs) throws UsageException {
    BucketView view = new BucketView();
    for (String w : catalog.workloads()) {
      Table t = new Table("buckets-" + ReportCharts.fileSafe(w), "Per " + ReportOptions.durationText(bucketMs)
          + ", workload " + w + ": throughput and intended latency (service latency where a run has no intended"
          + " measurement), all operation types", "Configuration", "Bucket", "From (s)", "To (s)", "Operations",
          "Throughput (ops/sec)", "p50 (us)", "p99 (us)", "Latency", "Partial");
      DefaultCategoryDataset throughput = new DefaultCategoryDataset();
      for (String c : catalog.configurations()) {
        ReportRun r = catalog.get(c, w);
        RunIntervals in = r == null ? null : RunIntervals.of(r.dir);
        if (in == null) {
          continue;
        }
        long zero = NodeReport.timeAxisZero(r.dir);
        boolean intended = hasIntended(in);
        List<Bucket> buckets = buckets(in, zero, bucketMs, intended);
        for (int b = 0; b < buckets.size(); b++) {
          Bucket k = buckets.get(b);
          boolean partial = k.seconds * 1000 < bucketMs - in.intervalMs / 2.0;
          double rate = k.seconds > 0 ? k.completed / k.seconds : 0;
          boolean any = k.latency.getTotalCount() > 0;
          t.add(Arrays.asList(c, Integer.toString(b + 1), seconds(b * bucketMs), seconds(b * bucketMs
              + Math.round(k.seconds * 1000)), Long.toString(k.completed), ReportTables.fixed1(rate),
              any ? Long.toString(k.latency.getValueAtPercentile(50)) : "",
              any ? Long.toString(k.latency.getValueAtPercentile(99)) : "", intended ? "intended" : "service",
              partial ? "yes" : ""));
          if (k.seconds * 1000 >= RunIntervals.MIN_RATE_SHARE * bucketMs) {
            throughput.addValue(rate, c, Integer.toString(b + 1));
          }
        }
      }
      if (!t.rows.isEmpty()) {
        view.tables.add(t);
        view.charts.add(chart(w, bucketMs, throughput));
      }
    }
    return view;
  }

  private static boolean hasIntended(RunIntervals in) {
    for (String name : in.byMeasurement.keySet()) {
      if (name.startsWith("Intended-")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The run's grid intervals summed into buckets from {@code zero}; an interval goes to the bucket of its end. The
   * latencies are summed from the logs read again, interval by interval: one histogram per bucket, however long the run.
   */
  private static List<Bucket> buckets(RunIntervals in, long zero, long bucketMs, boolean intended)
      throws UsageException {
    List<Bucket> out = new ArrayList<>();
    for (int i = 0; i < in.grid.size(); i++) {
      if (!in.withinRun(i)) {
        continue; // before the first operation or in the cleanup: no time of the run
      }
      Bucket k = bucket(out, in, i, zero, bucketMs);
      k.seconds += in.runSeconds(i);
      for (Map.Entry<String, List<RunIntervals.Cell>> e : in.byMeasurement.entrySet()) {
        String name = e.getKey();
        if (!name.startsWith("Intended-") && counted(name)) {
          k.completed += e.getValue().get(i).getTotalCount();
        }
      }
    }
    for (String name : in.byMeasurement.keySet()) {
      boolean isIntended = name.startsWith("Intended-");
      if (isIntended != intended || !counted(isIntended ? name.substring("Intended-".length()) : name)) {
        continue;
      }
      in.forEachInterval(name, (i, h) -> {
        if (in.withinRun(i)) {
          bucket(out, in, i, zero, bucketMs).latency.add(h);
        }
      });
    }
    return out;
  }

  /** Whether an operation type's latencies and counts are in the buckets (not CLEANUP, not the failed ones). */
  private static boolean counted(String op) {
    return !op.equals("CLEANUP") && !RunIntervals.isFailed(op);
  }

  /** The bucket of grid interval i (the buckets before it created, empty, when they are not yet). */
  private static Bucket bucket(List<Bucket> out, RunIntervals in, int i, long zero, long bucketMs) {
    int b = (int) Math.max(0, Math.floorDiv(in.grid.endOf(i) - 1 - zero, bucketMs));
    while (out.size() <= b) {
      out.add(new Bucket());
    }
    return out.get(b);
  }

  private static NamedChart chart(String workload, long bucketMs, DefaultCategoryDataset data) {
    String unit = ReportOptions.durationText(bucketMs);
    String title = "Throughput per " + unit + ", workload " + workload;
    JFreeChart chart = ChartFactory.createBarChart(title, unit + " of the run", "throughput (ops/sec)", data,
        PlotOrientation.VERTICAL, true, false, false);
    chart.setBackgroundPaint(Color.WHITE);
    chart.setPadding(new RectangleInsets(4, 4, 4, 28));
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    BarRenderer r = (BarRenderer) plot.getRenderer();
    r.setBarPainter(new StandardBarPainter());
    r.setShadowVisible(false);
    r.setItemMargin(0.02);
    for (int s = 0; s < data.getRowCount(); s++) {
      r.setSeriesPaint(s, ReportCharts.PALETTE[s % ReportCharts.PALETTE.length]);
    }
    CategoryAxis x = plot.getDomainAxis();
    if (data.getColumnCount() > 24) {
      x.setCategoryLabelPositions(CategoryLabelPositions.UP_90);
    }
    return new NamedChart("buckets-" + ReportCharts.fileSafe(workload), title, chart);
  }

  private static String seconds(long ms) {
    return String.format(Locale.ROOT, "%.0f", ms / 1000.0);
  }
}
