package site.ycsb.results;

import org.jfree.chart.JFreeChart;

/** A chart and the file stem it is written under (charts/ID.svg and charts/ID.png). */
final class NamedChart {
  final String id;
  final String title;
  final JFreeChart chart;

  NamedChart(String id, String title, JFreeChart chart) {
    this.id = id;
    this.title = title;
    this.chart = chart;
  }

  String svg() {
    return "charts/" + id + ".svg";
  }

  String png() {
    return "charts/" + id + ".png";
  }
}
