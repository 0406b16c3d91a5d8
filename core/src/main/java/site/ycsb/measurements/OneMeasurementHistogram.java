package site.ycsb.measurements;

import java.io.IOException;
import java.text.DecimalFormat;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The {@code histogram} measurement type: fixed 1 ms buckets ({@code histogram.buckets}, default 1000) plus an
 * overflow bucket. Percentiles are bucket-resolution.
 *
 * <p>Thread-safe without locks (YCSB 0.17.0 took one per operation): {@link #measure} adds to atomic counters and
 * may be called by any number of threads at once; a summary read while they write may be off by the operations in
 * flight, never torn.
 */
public class OneMeasurementHistogram extends OneMeasurement {
  /** YCSB 0.17.0's name of {@link site.ycsb.cli.EngineOptions#HISTOGRAM_BUCKETS}. */
  public static final String BUCKETS = "histogram.buckets";
  /** YCSB 0.17.0's default of {@link site.ycsb.cli.EngineOptions#HISTOGRAM_BUCKETS}. */
  public static final String BUCKETS_DEFAULT = "1000";
  private final AtomicLongArray buckets;
  private final LongAdder overflow = new LongAdder();
  private final LongAdder operations = new LongAdder();
  private final LongAdder totalLatency = new LongAdder();
  private final DoubleAdder totalSquared = new DoubleAdder();
  private final LongAccumulator min = new LongAccumulator(Math::min, Long.MAX_VALUE);
  private final LongAccumulator max = new LongAccumulator(Math::max, Long.MIN_VALUE);
  private final boolean verbose;

  public OneMeasurementHistogram(String name, int bucketCount, boolean verbose) {
    super(name);
    this.buckets = new AtomicLongArray(bucketCount);
    this.verbose = verbose;
  }

  @Override
  public void measure(long latencyUs) {
    long v = Math.max(0, latencyUs);
    long ms = v / 1000;
    if (ms >= buckets.length()) {
      overflow.increment();
    } else {
      buckets.incrementAndGet((int) ms);
    }
    operations.increment();
    totalLatency.add(v);
    totalSquared.add((double) v * v);
    min.accumulate(v);
    max.accumulate(v);
  }

  @Override
  public String getSummary() {
    long ops = operations.sum();
    double avg = ops == 0 ? 0 : (double) totalLatency.sum() / ops;
    return "[" + getName() + " AverageLatency(us)=" + new DecimalFormat("#.##").format(avg) + "]";
  }

  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    long ops = operations.sum();
    double mean = ops == 0 ? 0 : (double) totalLatency.sum() / ops;
    double variance = ops == 0 ? 0 : totalSquared.sum() / ops - mean * mean;
    exporter.write(getName(), "Operations", ops);
    exporter.write(getName(), "AverageLatency(us)", mean);
    exporter.write(getName(), "LatencyVariance(us)", variance);
    exporter.write(getName(), "MinLatency(us)", ops == 0 ? 0 : min.get());
    exporter.write(getName(), "MaxLatency(us)", ops == 0 ? 0 : max.get());
    long p95 = -1;
    long p99 = -1;
    long seen = 0;
    for (int i = 0; i < buckets.length(); i++) {
      seen += buckets.get(i);
      if (p95 < 0 && seen >= 0.95 * ops) {
        p95 = i;
      }
      if (p99 < 0 && seen >= 0.99 * ops) {
        p99 = i;
      }
    }
    if (ops > 0 && p95 >= 0) {
      exporter.write(getName(), "95thPercentileLatency(us)", p95 * 1000);
    }
    if (ops > 0 && p99 >= 0) {
      exporter.write(getName(), "99thPercentileLatency(us)", p99 * 1000);
    }
    exportStatusCounts(exporter);
    if (verbose) {
      for (int i = 0; i < buckets.length(); i++) {
        exporter.write(getName(), Integer.toString(i), buckets.get(i));
      }
      exporter.write(getName(), ">" + buckets.length(), overflow.sum());
    }
  }
}
