package site.ycsb.measurements;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;

import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The {@code raw} measurement type: keeps every (timestamp, latency) point and writes them all at the end, to
 * {@code measurement.raw.output_file} (appending) or to the result output, followed by summary statistics
 * unless {@code measurement.raw.no_summary} is set. Memory grows with the number of operations.
 *
 * <p>Thread-safe: {@link #measure} appends to a lock-free queue and may be called by any number of threads at once;
 * the export writes the points present when it starts.
 */
public class OneMeasurementRaw extends OneMeasurement {
  /** YCSB 0.17.0's name of {@link site.ycsb.cli.EngineOptions#RAW_OUTPUT_FILE}. */
  public static final String OUTPUT_FILE_PATH = "measurement.raw.output_file";
  /** YCSB 0.17.0's default of {@link site.ycsb.cli.EngineOptions#RAW_OUTPUT_FILE}. */
  public static final String OUTPUT_FILE_PATH_DEFAULT = "";
  /** YCSB 0.17.0's name of {@link site.ycsb.cli.EngineOptions#RAW_NO_SUMMARY}. */
  public static final String NO_SUMMARY_STATS = "measurement.raw.no_summary";
  /** YCSB 0.17.0's default of {@link site.ycsb.cli.EngineOptions#RAW_NO_SUMMARY}. */
  public static final String NO_SUMMARY_STATS_DEFAULT = "false";

  private final ConcurrentLinkedQueue<long[]> points = new ConcurrentLinkedQueue<>();
  private final String outputFile;
  private final boolean noSummary;

  public OneMeasurementRaw(String name, String outputFile, boolean noSummary) {
    super(name);
    this.outputFile = outputFile;
    this.noSummary = noSummary;
  }

  @Override
  public void measure(long latencyUs) {
    points.add(new long[]{System.currentTimeMillis(), Math.max(0, latencyUs)});
  }

  @Override
  public String getSummary() {
    long count = 0;
    long sum = 0;
    for (long[] p : points) {
      count++;
      sum += p[1];
    }
    return getName() + " count: " + count + ", average latency(us): "
        + (count == 0 ? 0 : new java.text.DecimalFormat("#.##").format((double) sum / count));
  }

  private java.io.OutputStream openOutput() throws IOException {
    try {
      return site.ycsb.cli.OutputFiles.open(new java.io.File(outputFile), true);
    } catch (IOException e) {
      throw new IOException("measurement.raw.output_file " + outputFile + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    long[][] all = points.toArray(new long[0][]);
    if (outputFile.isEmpty()) {
      exporter.write(getName(), "latency raw data: op, timestamp(ms), latency(us)", all.length);
      for (long[] p : all) {
        exporter.write(getName(), Long.toString(p[0]), p[1]);
      }
    } else {
      try (PrintStream out = new PrintStream(openOutput(), false, "UTF-8")) {
        out.println(getName() + " latency raw data: op, timestamp(ms), latency(us)");
        for (long[] p : all) {
          out.println(getName() + "," + p[0] + "," + p[1]);
        }
      }
    }
    exporter.write(getName(), "Total Operations", all.length);
    if (!noSummary && all.length > 0) {
      long[] lat = new long[all.length];
      long sum = 0;
      for (int i = 0; i < all.length; i++) {
        lat[i] = all[i][1];
        sum += lat[i];
      }
      Arrays.sort(lat);
      exporter.write(getName(), "Below is a summary of latency in microseconds:", -1);
      exporter.write(getName(), "Average", (double) sum / lat.length);
      exporter.write(getName(), "Min", lat[0]);
      exporter.write(getName(), "Max", lat[lat.length - 1]);
      double[] ps = {1, 5, 50, 90, 95, 99, 99.9, 99.99};
      String[] names = {"p1", "p5", "p50", "p90", "p95", "p99", "p99.9", "p99.99"};
      for (int i = 0; i < ps.length; i++) {
        int idx = (int) Math.min(lat.length - 1, Math.max(0, Math.ceil(ps[i] / 100.0 * lat.length) - 1));
        exporter.write(getName(), names[i], lat[idx]);
      }
    }
    exportStatusCounts(exporter);
  }

}
