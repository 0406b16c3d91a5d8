package site.ycsb.measurements;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;

import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The {@code timeseries} measurement type: the average latency per time bucket of {@code timeseries.granularity}
 * milliseconds since the measurement was created. Thread-safe (YCSB 0.17.0's counters were racy).
 */
public class OneMeasurementTimeSeries extends OneMeasurement {
  /** YCSB 0.17.0's name of {@link site.ycsb.cli.EngineOptions#TIMESERIES_GRANULARITY}. */
  public static final String GRANULARITY = "timeseries.granularity";
  /** YCSB 0.17.0's default of {@link site.ycsb.cli.EngineOptions#TIMESERIES_GRANULARITY}. */
  public static final String GRANULARITY_DEFAULT = "1000";
  private final long granularityMs;
  private final long startMs = System.currentTimeMillis();
  private final ConcurrentSkipListMap<Long, long[]> buckets = new ConcurrentSkipListMap<>();
  private final LongAdder operations = new LongAdder();
  private final LongAdder total = new LongAdder();
  private final java.util.concurrent.atomic.LongAccumulator min =
      new java.util.concurrent.atomic.LongAccumulator(Math::min, Long.MAX_VALUE);
  private final java.util.concurrent.atomic.LongAccumulator max =
      new java.util.concurrent.atomic.LongAccumulator(Math::max, Long.MIN_VALUE);

  public OneMeasurementTimeSeries(String name, long granularityMs) {
    super(name);
    this.granularityMs = granularityMs;
  }

  @Override
  public void measure(long latencyUs) {
    long v = Math.max(0, latencyUs);
    long bucket = (System.currentTimeMillis() - startMs) / granularityMs * granularityMs;
    long[] cell = buckets.computeIfAbsent(bucket, b -> new long[2]);
    synchronized (cell) {
      cell[0]++;
      cell[1] += v;
    }
    operations.increment();
    total.add(v);
    min.accumulate(v);
    max.accumulate(v);
  }

  @Override
  public String getSummary() {
    long ops = operations.sum();
    return "[" + getName() + " AverageLatency(us)=" + new java.text.DecimalFormat("#.##").format(
        ops == 0 ? 0 : (double) total.sum() / ops) + "]";
  }

  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    long ops = operations.sum();
    exporter.write(getName(), "Operations", ops);
    exporter.write(getName(), "AverageLatency(us)", ops == 0 ? 0.0 : (double) total.sum() / ops);
    exporter.write(getName(), "MinLatency(us)", ops == 0 ? 0 : min.get());
    exporter.write(getName(), "MaxLatency(us)", ops == 0 ? 0 : max.get());
    exportStatusCounts(exporter);
    for (Map.Entry<Long, long[]> e : buckets.entrySet()) {
      long[] cell = e.getValue();
      synchronized (cell) {
        exporter.write(getName(), Long.toString(e.getKey()), cell[0] == 0 ? 0.0 : (double) cell[1] / cell[0]);
      }
    }
  }
}
