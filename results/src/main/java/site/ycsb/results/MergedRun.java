package site.ycsb.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.util.List;

/**
 * The merged figures of N clients, ready to be written as a result directory (the merged interval logs are already
 * in its hdr/ directory: {@link Merger} writes them as it merges).
 */
final class MergedRun {
  final ObjectNode summary;
  final List<TimeseriesRow> timeseries;
  final List<String> warnings;
  /** The database nodes' samples files to copy (each node once, see {@link DatabaseNodeFiles#merge}). */
  final List<java.nio.file.Path> serverFiles = new java.util.ArrayList<>();
  /** The sum of the clients' schedule-lag histograms; null when a client has no schedule-lag log. */
  final Histogram scheduleLag;

  MergedRun(ObjectNode summary, List<TimeseriesRow> timeseries, List<String> warnings, Histogram scheduleLag) {
    this.scheduleLag = scheduleLag;
    this.summary = summary;
    this.timeseries = timeseries;
    this.warnings = warnings;
  }
}
