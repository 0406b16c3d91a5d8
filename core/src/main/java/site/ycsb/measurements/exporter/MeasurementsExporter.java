package site.ycsb.measurements.exporter;

import java.io.Closeable;
import java.io.IOException;

/**
 * Receives the final results as {@code (metric, measurement, value)} triples, e.g.
 * {@code ("READ", "AverageLatency(us)", 812.3)}. Implementations need a public constructor taking an
 * {@link java.io.OutputStream}; they are chosen with the {@code exporter} property.
 *
 * <p>Implementations are used for one export, by one thread; they need not be thread-safe.
 */
public interface MeasurementsExporter extends Closeable {
  void write(String metric, String measurement, int i) throws IOException;

  void write(String metric, String measurement, long i) throws IOException;

  void write(String metric, String measurement, double d) throws IOException;
}
