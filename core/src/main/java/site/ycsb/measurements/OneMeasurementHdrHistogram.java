package site.ycsb.measurements;

import java.io.IOException;
import java.text.DecimalFormat;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;

import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * An HdrHistogram-backed measurement (the default type). Writers record into lock-free {@link Recorder}s, one
 * stripe per group of threads so that two cores rarely write the same cache lines; the reporting thread swaps out
 * every stripe's interval histogram, sums them, adds the sum to the run total and, when configured, appends it
 * to standard HdrHistogram interval logs. Values are microseconds, 3 significant digits.
 *
 * <p>Thread-safe: {@link #measure} may be called by any number of threads at once, without locks (HdrHistogram's
 * {@code Recorder} is wait-free for writers); {@link #takeInterval}, {@link #totalHistogram} and the exporters are
 * synchronized on the instance and meant for one reporting thread at a time.
 */
public class OneMeasurementHdrHistogram extends OneMeasurement {
  private static final ThreadLocal<DecimalFormat> AVG_FORMAT = ThreadLocal.withInitial(() -> new DecimalFormat("#.##"));
  /** Stripes: the next power of two at or above twice the core count, at most 16. */
  private static final int STRIPES = Math.min(16,
      Integer.highestOneBit(Math.max(1, 2 * Runtime.getRuntime().availableProcessors() - 1)) << 1);
  private final Recorder[] stripes = new Recorder[STRIPES];
  /**
   * Recorders are sized for up to an hour up front: auto-resizing under many writers stalls them. A longer
   * latency is recorded as one hour and counted ({@link #CLAMPED}), never dropped or clamped silently.
   */
  static final long MAX_US = 3_600_000_000L;
  /** The export line counting latencies above {@link #MAX_US}, recorded as MAX_US; written only when not zero. */
  public static final String CLAMPED = "LatenciesAbove1h(recordedAs1h)";
  private final java.util.concurrent.atomic.LongAdder clamped = new java.util.concurrent.atomic.LongAdder();
  private final Histogram[] recycled = new Histogram[STRIPES];
  private long intervalStartMs = System.currentTimeMillis();
  private final Histogram total = new Histogram(3);
  /** The intervals taken since the last status line (see {@link #takeStatusInterval}). */
  private final Histogram sinceStatus = new Histogram(3);
  private final List<Double> percentiles;
  private final List<HistogramLogWriter> logs;
  private final boolean verbose;
  private Histogram interval;

  /**
   * @param name the measurement name
   * @param percentiles the percentiles to export, e.g. [95.0, 99.0]
   * @param logs interval log writers to append to (may be empty); their headers are already written
   * @param verbose also export every recorded value bucket ({@code measurement.histogram.verbose})
   */
  public OneMeasurementHdrHistogram(String name, List<Double> percentiles, List<HistogramLogWriter> logs,
                                    boolean verbose) {
    super(name);
    this.percentiles = percentiles;
    this.logs = logs;
    this.verbose = verbose;
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Recorder(1, MAX_US, 3);
    }
  }

  @Override
  public void measure(long latencyUs) {
    long v = latencyUs < 1 ? 0 : latencyUs;
    if (v > MAX_US) {
      clamped.increment();
      v = MAX_US;
    }
    stripes[(int) Thread.currentThread().getId() & (STRIPES - 1)].recordValue(v);
  }

  @Override
  public synchronized IntervalStats takeInterval() {
    if (interval == null) {
      interval = new Histogram(3);
    }
    interval.reset();
    for (int i = 0; i < STRIPES; i++) {
      recycled[i] = stripes[i].getIntervalHistogram(recycled[i]);
      interval.add(recycled[i]);
    }
    long now = System.currentTimeMillis();
    interval.setStartTimeStamp(intervalStartMs);
    interval.setEndTimeStamp(now);
    intervalStartMs = now;
    total.add(interval);
    sinceStatus.add(interval);
    for (HistogramLogWriter log : logs) {
      log.outputIntervalHistogram(interval);
    }
    return stats(interval);
  }

  @Override
  public synchronized IntervalStats takeStatusInterval() {
    IntervalStats s = stats(sinceStatus);
    sinceStatus.reset();
    return s;
  }

  /** A copy of the cumulative histogram, including everything recorded so far. */
  public synchronized Histogram totalHistogram() {
    takeInterval();
    return total.copy();
  }

  /**
   * A copy of the cumulative histogram of the intervals taken so far, without taking one (the run's verdicts read it
   * after the status thread took the last interval; taking another would add an empty one to the interval logs).
   */
  public synchronized Histogram takenHistogram() {
    return total.copy();
  }

  static IntervalStats stats(Histogram h) {
    if (h.getTotalCount() == 0) {
      return new IntervalStats(0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    return new IntervalStats(h.getTotalCount(), h.getMinValue(), h.getMaxValue(), h.getMean(),
        h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9), h.getValueAtPercentile(99.99));
  }

  @Override
  public String getSummary() {
    return format(getName(), takeInterval());
  }

  /** The status-line bracket for one interval, e.g. {@code [READ: Count=10, Max=..., 99.99=...]}. */
  public static String format(String name, IntervalStats s) {
    return "[" + name + ": Count=" + s.count() + ", Max=" + s.max() + ", Min=" + s.min() + ", Avg="
        + AVG_FORMAT.get().format(s.mean()) + ", 90=" + s.p90() + ", 99=" + s.p99() + ", 99.9=" + s.p999()
        + ", 99.99=" + s.p9999() + "]";
  }

  @Override
  public void exportMeasurements(MeasurementsExporter exporter) throws IOException {
    Histogram h = totalHistogram();
    exporter.write(getName(), "Operations", h.getTotalCount());
    boolean empty = h.getTotalCount() == 0;
    exporter.write(getName(), "AverageLatency(us)", empty ? 0.0 : h.getMean());
    exporter.write(getName(), "MinLatency(us)", empty ? 0L : h.getMinValue());
    exporter.write(getName(), "MaxLatency(us)", empty ? 0L : h.getMaxValue());
    for (Double p : percentiles) {
      exporter.write(getName(), ordinal(p) + "PercentileLatency(us)", empty ? 0L : h.getValueAtPercentile(p));
    }
    long above = clamped.sum();
    if (above > 0) {
      exporter.write(getName(), CLAMPED, above);
    }
    exportStatusCounts(exporter);
    if (verbose) {
      for (org.HdrHistogram.HistogramIterationValue v : h.recordedValues()) {
        exporter.write(getName(), Long.toString(v.getValueIteratedTo()), v.getCountAtValueIteratedTo());
      }
    }
  }

  @Override
  public synchronized void close() {
    for (HistogramLogWriter log : logs) {
      log.close();
    }
  }

  /** 95 → "95th", 1 → "1st", 99.9 → "99.9" (YCSB's labels). */
  static String ordinal(double p) {
    if (p != Math.floor(p)) {
      return Double.toString(p);
    }
    long i = (long) p;
    long mod100 = i % 100;
    String suffix;
    if (mod100 >= 11 && mod100 <= 13) {
      suffix = "th";
    } else if (i % 10 == 1) {
      suffix = "st";
    } else if (i % 10 == 2) {
      suffix = "nd";
    } else if (i % 10 == 3) {
      suffix = "rd";
    } else {
      suffix = "th";
    }
    return i + suffix;
  }
}
