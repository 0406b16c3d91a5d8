package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import site.ycsb.telemetry.DatabaseNodes;
import site.ycsb.telemetry.NodeCsv;
import site.ycsb.telemetry.NodeRates;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.NodeFigures;

/**
 * What the report shows of the database nodes (summary.json's {@code databaseNodes}, {@code server-<node>.csv}): a
 * table per phase and node — CPU, I/O wait, disk, network, memory — a chart of each node's CPU over time per workload,
 * placed right after that workload's throughput chart and on the same time axis, and the verdicts and sampling
 * problems among the warnings.
 *
 * <p>Not thread-safe: one per report.
 */
final class NodeReport {
  private final RunCatalog catalog;

  NodeReport(RunCatalog catalog) {
    this.catalog = catalog;
  }

  /** Whether any run sampled a database node. */
  boolean any() {
    for (ReportRun r : catalog.runs()) {
      if (r.dir.summary().path(DatabaseNodes.SECTION).path(SummaryFields.DatabaseNodes.NODES).size() > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code t} with a last column "Server CPU %" from its first column's key (e.g. the step number), when any key has
   * a figure; else {@code t} as it is.
   */
  static Table withServerCpu(Table t, java.util.Map<String, Double> cpuByKey) {
    if (cpuByKey.isEmpty()) {
      return t;
    }
    List<String> header = new ArrayList<>(t.header);
    header.add("Server CPU %");
    Table out = new Table(t.id, t.title, header.toArray(new String[0]));
    for (List<String> row : t.rows) {
      List<String> r = new ArrayList<>(row);
      Double cpu = cpuByKey.get(row.get(0));
      r.add(cpu == null ? "" : ReportTables.fixed1(cpu));
      out.add(r);
    }
    return out;
  }

  Table table() {
    Table t = new Table("database-nodes", "Database nodes (mean over the measured phase; CPU: % of the node's cores,"
        + " a local server's process % of this machine's)", "Workload", "Configuration", "Node", "Samples",
        "CPU mean %", "CPU max %", "I/O wait %", "Disk read MB/s", "Disk write MB/s", "Disk busy max %",
        "Net in MB/s", "Net out MB/s", "Memory used max MB");
    for (String w : catalog.workloads()) {
      for (String c : catalog.configurations()) {
        ReportRun r = catalog.get(c, w);
        if (r == null) {
          continue;
        }
        for (JsonNode n : r.dir.summary().path(DatabaseNodes.SECTION).path(SummaryFields.DatabaseNodes.NODES)) {
          t.add(Arrays.asList(w, c, n.path(NodeFigures.NODE).asText(), n.path(NodeFigures.SAMPLES).asText(""),
              num(n, NodeFigures.CPU_MEAN_PCT), num(n, NodeFigures.CPU_MAX_PCT), num(n, NodeFigures.IOWAIT_MEAN_PCT),
              num(n, NodeFigures.DISK_READ_MEAN_MB_S), num(n, NodeFigures.DISK_WRITE_MEAN_MB_S),
              num(n, NodeFigures.DISK_BUSY_MAX_PCT), num(n, NodeFigures.NET_RX_MEAN_MB_S),
              num(n, NodeFigures.NET_TX_MEAN_MB_S), num(n, n.path(NodeFigures.LOCAL).asBoolean(false)
                  ? NodeFigures.RSS_MAX_MB : NodeFigures.MEM_USED_MAX_MB)));
        }
      }
    }
    return t;
  }

  private static String num(JsonNode n, String field) {
    return n.path(field).isNumber() ? String.format(Locale.ROOT, "%.1f", n.path(field).asDouble()) : "";
  }

  /** The nodes' verdicts and sampling problems of every run, prefixed with the run. */
  List<String> warnings() {
    List<String> out = new ArrayList<>();
    for (ReportRun r : catalog.runs()) {
      JsonNode section = r.dir.summary().path(DatabaseNodes.SECTION);
      for (String kind : new String[] {SummaryFields.DatabaseNodes.VERDICTS, SummaryFields.DatabaseNodes.PROBLEMS}) {
        for (JsonNode v : section.path(kind)) {
          out.add(r.configuration + " / " + r.workload + ": " + v.asText());
        }
      }
    }
    return out;
  }

  /** Adds each workload's node CPU chart right after its throughput chart (or at the end). */
  void insertCharts(List<NamedChart> charts) throws UsageException {
    for (String w : catalog.workloads()) {
      NamedChart cpu = cpuOverTime(w);
      if (cpu == null) {
        continue;
      }
      int at = charts.size();
      for (int i = 0; i < charts.size(); i++) {
        if (charts.get(i).id.equals("throughput-" + ReportCharts.fileSafe(w))) {
          at = i + 1;
        }
      }
      charts.add(at, cpu);
    }
  }

  private NamedChart cpuOverTime(String workload) throws UsageException {
    XYSeriesCollection data = new XYSeriesCollection();
    boolean several = catalog.configurations().size() > 1;
    for (String c : catalog.configurations()) {
      ReportRun r = catalog.get(c, workload);
      if (r == null) {
        continue;
      }
      for (XYSeries series : cpuSeries(r.dir, several ? c + " " : "")) {
        data.addSeries(series);
      }
    }
    if (data.getSeriesCount() == 0) {
      return null;
    }
    String title = "Database node CPU over time, workload " + workload;
    JFreeChart chart = ChartFactory.createXYLineChart(title, "elapsed time (s)", "CPU (% of the node)", data,
        PlotOrientation.VERTICAL, true, false, false);
    ReportCharts.style(chart, false);
    NumberAxis y = (NumberAxis) chart.getXYPlot().getRangeAxis();
    y.setRange(0, 100);
    ((NumberAxis) chart.getXYPlot().getDomainAxis()).setAutoRangeIncludesZero(true);
    return new NamedChart("nodes-cpu-" + ReportCharts.fileSafe(workload), title, chart);
  }

  /**
   * Each sampled node's CPU (% of the node) over elapsed time, named {@code prefix + node}.
   */
  static List<XYSeries> cpuSeries(ResultDir d, String prefix) throws UsageException {
    List<XYSeries> out = new ArrayList<>();
    long zero = timeAxisZero(d);
    for (DatabaseNodeFiles.Node n : DatabaseNodeFiles.nodes(d)) {
      XYSeries series = new XYSeries(prefix + n.info.name, true, true);
      try {
        if (java.nio.file.Files.isRegularFile(n.file)) {
          for (NodeRates row : NodeCsv.read(n.file)) {
            double cpu = NodeCsv.cpuPct(row);
            double x = (NodeCsv.epochMs(row) - zero) / 1000.0;
            if (!Double.isNaN(cpu) && x >= 0) {
              series.add(x, cpu);
            }
          }
        }
      } catch (IOException e) {
        throw new UsageException("cannot read " + n.file + ": " + e.getMessage());
      }
      if (series.getItemCount() > 0) {
        out.add(series);
      }
    }
    return out;
  }

  /**
   * The epoch ms at which the throughput chart's elapsed time is 0 for this run (its time series counts from the
   * schedule's opening, a merged one from the first client's measured start), so that both charts share an axis.
   */
  static long timeAxisZero(ResultDir d) throws UsageException {
    for (TimeseriesRow row : TimeseriesCsv.read(d.timeseries())) {
      if ("OVERALL".equals(row.metric)) {
        return row.epochMs - Math.round(row.elapsedS * 1000);
      }
    }
    return d.startEpochMs()
        - d.summary().path(SummaryFields.WARMUP).path(SummaryFields.Warmup.DURATION_MS).asLong(0);
  }
}
