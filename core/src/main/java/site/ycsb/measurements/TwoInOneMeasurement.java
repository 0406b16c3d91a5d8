package site.ycsb.measurements;

import java.io.IOException;

import site.ycsb.Status;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Feeds every value to two measurements (types {@code hdrhistogram+histogram} and {@code hdrhistogram+raw}).
 * Statuses go to the first one only, as in YCSB.
 */
public class TwoInOneMeasurement extends OneMeasurement {
  private final OneMeasurement thing1;
  private final OneMeasurement thing2;

  public TwoInOneMeasurement(String name, OneMeasurement thing1, OneMeasurement thing2) {
    super(name);
    this.thing1 = thing1;
    this.thing2 = thing2;
  }

  @Override
  public void measure(long latencyUs) {
    thing1.measure(latencyUs);
    thing2.measure(latencyUs);
  }

  @Override
  public void reportStatus(Status status) {
    thing1.reportStatus(status);
  }

  @Override
  public java.util.Map<String, Long> getStatusCounts() {
    return thing1.getStatusCounts();
  }

  @Override
  public String getSummary() {
    return thing1.getSummary() + "\n" + thing2.getSummary();
  }

  @Override
  public IntervalStats takeInterval() {
    return thing1.takeInterval();
  }

  @Override
  public IntervalStats takeStatusInterval() {
    return thing1.takeStatusInterval();
  }

  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    thing1.exportMeasurements(exporter);
    thing2.exportMeasurements(exporter);
  }

  @Override
  public void close() {
    thing1.close();
    thing2.close();
  }
}
