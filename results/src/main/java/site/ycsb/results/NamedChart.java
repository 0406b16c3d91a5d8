package site.ycsb.results;

import org.jfree.chart.JFreeChart;

/** A chart and the file stem it is written under (charts/ID.svg and charts/ID.png), and its size in pixels. */
final class NamedChart {
  final String id;
  final String title;
  final JFreeChart chart;
  final int width;
  final int height;

  NamedChart(String id, String title, JFreeChart chart) {
    this(id, title, chart, ChartWriter.WIDTH, ChartWriter.HEIGHT);
  }

  NamedChart(String id, String title, JFreeChart chart, int width, int height) {
    this.id = id;
    this.title = title;
    this.chart = chart;
    this.width = width;
    this.height = height;
  }

  String svg() {
    return "charts/" + id + ".svg";
  }

  String png() {
    return "charts/" + id + ".png";
  }
}
