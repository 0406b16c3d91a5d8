package site.ycsb.measurements;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import site.ycsb.Status;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The latencies (and return statuses) of one named measurement, e.g. {@code READ} or {@code Intended-UPDATE}.
 *
 * <p>Concurrency: {@link #measure(long)} and {@link #reportStatus(Status)} are called by every client thread and
 * must be cheap and thread-safe; {@link #getSummary()} and {@link #exportMeasurements} are called by one
 * reporting thread at a time.
 */
public abstract class OneMeasurement {
  private final String name;
  private final ConcurrentHashMap<String, LongAdder> returnCodes = new ConcurrentHashMap<>();
  /** The common case, counted without a map lookup. */
  private final LongAdder okCount = new LongAdder();

  public OneMeasurement(String name) {
    this.name = name;
  }

  public String getName() {
    return name;
  }

  /** Records one latency in microseconds (kept for YCSB 0.17.0 callers). */
  public void measure(int latencyUs) {
    measure((long) latencyUs);
  }

  /** Records one latency in microseconds; negative values are recorded as 0. */
  public abstract void measure(long latencyUs);

  /** A one-bracket summary for the status line; for HdrHistogram types it covers the last interval only. */
  public abstract String getSummary();

  /** Counts one outcome; shown as {@code Return=<name>, count}. */
  public void reportStatus(Status status) {
    if (status == Status.OK) {
      okCount.increment();
      return;
    }
    String key = status.getName();
    LongAdder counter = returnCodes.get(key);
    if (counter == null) {
      counter = returnCodes.computeIfAbsent(key, k -> new LongAdder());
    }
    counter.increment();
  }

  /** The cumulative count per status name, sorted by name. */
  public Map<String, Long> getStatusCounts() {
    Map<String, Long> counts = new TreeMap<>();
    for (Map.Entry<String, LongAdder> e : returnCodes.entrySet()) {
      counts.put(e.getKey(), e.getValue().sum());
    }
    long ok = okCount.sum();
    if (ok > 0) {
      counts.merge(Status.OK.getName(), ok, Long::sum);
    }
    return counts;
  }

  /** Writes the final figures of this measurement. */
  public abstract void exportMeasurements(MeasurementsExporter exporter) throws IOException;

  /** Writes one {@code Return=<STATUS>} line per status seen, in name order. */
  protected final void exportStatusCounts(MeasurementsExporter exporter) throws IOException {
    for (Map.Entry<String, Long> e : getStatusCounts().entrySet()) {
      exporter.write(getName(), "Return=" + e.getKey(), e.getValue());
    }
  }

  /**
   * Takes the figures of the interval since the previous call (for status lines and time series), or null for
   * measurement types that keep no intervals.
   */
  public IntervalStats takeInterval() {
    return null;
  }

  /**
   * The figures of every interval taken ({@link #takeInterval}) since the previous call, combined: a status line
   * whose interval spans several time-series intervals reports all of them. Null for types without intervals.
   */
  public IntervalStats takeStatusInterval() {
    return null;
  }

  /** Called once when the run ends, so that file-backed measurements can flush and close. */
  public void close() {
  }
}
