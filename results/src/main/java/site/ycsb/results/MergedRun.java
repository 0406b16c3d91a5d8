package site.ycsb.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Map;

/** The merged figures of N clients, ready to be written as a result directory. */
final class MergedRun {
  final ObjectNode summary;
  final List<TimeseriesRow> timeseries;
  /** Merged interval histograms per measurement name, one per merged interval. */
  final Map<String, List<Histogram>> hdrLogs;
  final List<String> warnings;
  /** The database nodes' samples files to copy (each node once, see {@link DatabaseNodeFiles#merge}). */
  final List<java.nio.file.Path> serverFiles = new java.util.ArrayList<>();
  /** The sum of the clients' schedule-lag histograms; null when a client has no schedule-lag log. */
  final Histogram scheduleLag;

  MergedRun(ObjectNode summary, List<TimeseriesRow> timeseries, Map<String, List<Histogram>> hdrLogs,
      List<String> warnings, Histogram scheduleLag) {
    this.scheduleLag = scheduleLag;
    this.summary = summary;
    this.timeseries = timeseries;
    this.hdrLogs = hdrLogs;
    this.warnings = warnings;
  }
}
