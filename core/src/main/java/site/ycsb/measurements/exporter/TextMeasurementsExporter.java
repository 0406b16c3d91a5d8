package site.ycsb.measurements.exporter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;

/**
 * YCSB's text format: one {@code [METRIC], Measurement, value} line per figure, numbers printed with Java's
 * {@code toString} (so doubles may look like {@code 1.0E7}).
 *
 * <p>Not thread-safe: one export, by the main thread.
 */
public class TextMeasurementsExporter implements MeasurementsExporter {
  private final BufferedWriter bw;

  public TextMeasurementsExporter(OutputStream os) {
    this.bw = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8));
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    line(metric, measurement, Integer.toString(i));
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    line(metric, measurement, Long.toString(i));
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    line(metric, measurement, Double.toString(d));
  }

  private void line(String metric, String measurement, String value) throws IOException {
    bw.write('[');
    bw.write(metric);
    bw.write("], ");
    bw.write(measurement);
    bw.write(", ");
    bw.write(value);
    bw.newLine();
  }

  /** Flushes and closes the underlying stream (the engine hands in a non-closing wrapper for stdout). */
  @Override
  public void close() throws IOException {
    bw.close();
  }
}
