package site.ycsb.output;

import site.ycsb.support.RunRecords;

/**
 * The names of the files a run writes into its {@code results.dir}, for the engine that writes them and the tools
 * that read them ({@code merge} writes a merged record under the same names).
 *
 * <p>Constants only.
 */
public final class RecordFiles {
  /** The run's figures and how it ran, as JSON ({@link SummaryFields}); a directory holding it is a record. */
  public static final String SUMMARY = RunRecords.SUMMARY;
  /** The run's results in YCSB's text format, as the text exporter prints them. */
  public static final String OUTPUT = "output.txt";
  /** One row per status interval: throughput, latencies, errors, retries. */
  public static final String TIMESERIES = "timeseries.csv";
  /** The status lines the run printed, one per interval, with their health columns. */
  public static final String STATUS_LOG = "status.log";
  /** The whole run's schedule lag (us) as an HdrHistogram log of one interval; beside {@link #HDR_DIR}, not in it. */
  public static final String SCHEDULE_LAG = "schedule-lag.hdr";
  /** The folder of the measurements' HdrHistogram interval logs, one file per measurement. */
  public static final String HDR_DIR = "hdr";
  /** The ending of a measurement's interval log: {@code <measurement>.hdr} (as YCSB 0.17.0 names them). */
  public static final String HDR_SUFFIX = ".hdr";

  private RecordFiles() {
  }
}
