package site.ycsb.measurements.exporter;

import java.io.OutputStream;

/**
 * The JSON exporter. YCSB 0.17.0's version wrote objects back to back, which is not one JSON document; this one
 * writes the same objects inside one array (see {@link JSONArrayMeasurementsExporter}), so any JSON parser reads
 * it. Tools that streamed YCSB's objects read the array's elements instead.
 *
 * <p>Not thread-safe: one export, by the main thread.
 */
public class JSONMeasurementsExporter extends JSONArrayMeasurementsExporter {
  public JSONMeasurementsExporter(OutputStream os) {
    super(os);
  }
}
