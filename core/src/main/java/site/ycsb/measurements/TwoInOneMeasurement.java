package site.ycsb.measurements;

import java.io.IOException;

import site.ycsb.Status;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Feeds every value to two measurements (types {@code hdrhistogram+histogram} and {@code hdrhistogram+raw}).
 * Statuses go to the first one only, as in YCSB.
 *
 * <p>As thread-safe as the two measurements it feeds (both are, for every type the engine builds); it keeps no
 * state of its own.
 */
public class TwoInOneMeasurement extends OneMeasurement {
  private final OneMeasurement first;
  private final OneMeasurement second;

  public TwoInOneMeasurement(String name, OneMeasurement first, OneMeasurement second) {
    super(name);
    this.first = first;
    this.second = second;
  }

  /** The measurement that gets the statuses (the HdrHistogram one of the types the engine builds). */
  public OneMeasurement first() {
    return first;
  }

  @Override
  public void measure(long latencyUs) {
    first.measure(latencyUs);
    second.measure(latencyUs);
  }

  @Override
  public void reportStatus(Status status) {
    first.reportStatus(status);
  }

  @Override
  public java.util.Map<String, Long> getStatusCounts() {
    return first.getStatusCounts();
  }

  @Override
  public String getSummary() {
    return first.getSummary() + "\n" + second.getSummary();
  }

  @Override
  public IntervalStats takeInterval() {
    return first.takeInterval();
  }

  @Override
  public IntervalStats takeStatusInterval() {
    return first.takeStatusInterval();
  }

  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    first.exportMeasurements(exporter);
    second.exportMeasurements(exporter);
  }

  @Override
  public void close() {
    first.close();
    second.close();
  }
}
