package site.ycsb.measurements.exporter;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * Writes the results as ONE valid JSON document: an array of
 * {@code {"metric": ..., "measurement": ..., "value": ...}} objects, in the order they are reported.
 *
 * <p>Not thread-safe: one export, by the main thread.
 */
public class JSONArrayMeasurementsExporter implements MeasurementsExporter {
  private final Writer out;
  private boolean first = true;

  public JSONArrayMeasurementsExporter(OutputStream os) {
    this.out = new OutputStreamWriter(os, StandardCharsets.UTF_8);
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    entry(metric, measurement, Integer.toString(i));
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    entry(metric, measurement, Long.toString(i));
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    entry(metric, measurement, JsonText.number(d));
  }

  private void entry(String metric, String measurement, String value) throws IOException {
    out.write(first ? "[\n  " : ",\n  ");
    first = false;
    out.write("{\"metric\": ");
    out.write(JsonText.quote(metric));
    out.write(", \"measurement\": ");
    out.write(JsonText.quote(measurement));
    out.write(", \"value\": ");
    out.write(value);
    out.write('}');
  }

  @Override
  public void close() throws IOException {
    out.write(first ? "[]\n" : "\n]\n");
    out.close();
  }
}
