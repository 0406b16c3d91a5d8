package site.ycsb.db.cql.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

import org.HdrHistogram.Histogram;

import site.ycsb.Utils;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

/**
 * cassandra-stress's end-of-run summary ({@code profile.summary=true}): op rate, partition rate, row rate, latency
 * mean, median, 95th, 99th, 99.9th percentile and max, partitions, errors and GC, per operation and in total, and,
 * where the run measures it ({@code measurement.interval=both}), the same latency figures from the intended start,
 * printed by {@link StressProfileWorkload#cleanup()} on stderr (stdout keeps the engine's results format) and,
 * with {@code results.dir}, written to {@value #FILE} there, beside the run's other records.
 *
 * <p>Where the figures come from: latencies are the engine's own service-time histograms of the operations that
 * returned OK ({@code [insert]}, {@code [select1]}, warm-up excluded; the total merges them); operation and error
 * counts are the engine's status counts ({@code Return=...}; errors are every status other than OK, NOT_FOUND and
 * NOT_APPLIED, which are listed apart); partitions and rows are counted by the workload for measured operations that
 * returned OK (an insert: the partitions and rows of its batch; a query: 1 partition and the rows the server returned;
 * a token-range page: the partitions new to its range and its rows); the duration is from the first measured
 * operation's start to the last one's end, as the workload saw them; GC is the collections of this JVM during the run
 * (count and time; GC memory is not measured). This reads the engine's measurements beyond YCSB 0.17.0's API, which
 * is why it is an option: the profile workload needs this engine anyway.
 *
 * <p>Not thread-safe: made and printed by the workload's cleanup, on one thread; it reads the engine's measurements,
 * which are thread-safe.
 */
final class StressSummary {
  /** The summary's file in results.dir. */
  static final String FILE = "stress-summary.txt";

  /** What one operation did. */
  static final class OpFigures {
    long ok;
    long notFound;
    /** Lightweight transactions whose condition did not hold (an answer, not an error). */
    long notApplied;
    long errors;
    long partitions;
    long rows;
    Histogram latencyUs;
    /** From the intended start ({@code [Intended-<op>]}); null when the run does not measure it. */
    Histogram intendedUs;
  }

  private final List<String> ops;
  private final String resultsDir;
  /** The engine's measurements of this run (created before the workload; kept: the accessor is synchronized). */
  private final Measurements measurements = Measurements.getMeasurements();
  private final long gcCountAtStart;
  private final long gcMillisAtStart;

  private StressSummary(List<String> ops, String resultsDir) {
    this.ops = ops;
    this.resultsDir = resultsDir;
    gcCountAtStart = Utils.getGCTotalCollectionCount();
    gcMillisAtStart = Utils.getGCTotalTime();
  }

  /**
   * Checks that the engine keeps the histograms the summary reads, and notes the GC figures at the start.
   *
   * @throws IllegalArgumentException one line, when the measurement settings do not keep service-time histograms
   */
  static StressSummary start(Properties p, java.util.Collection<String> ops) {
    String type = p.getProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, "hdrhistogram").trim();
    String interval = p.getProperty(Measurements.MEASUREMENT_INTERVAL, "op").trim();
    if (!type.equals("hdrhistogram") || interval.equals("intended")) {
      throw new IllegalArgumentException(ProfileOptions.SUMMARY.name() + "=true reads the service-time HDR histograms: "
          + "it needs measurementtype=hdrhistogram (the default) and measurement.interval op or both, not "
          + "measurementtype=" + type + ", measurement.interval=" + interval);
    }
    String dir = p.getProperty("results.dir", "").trim();
    return new StressSummary(new ArrayList<>(ops), dir.isEmpty() ? null : dir);
  }

  /** Whether the calling client thread's current operation is measured (false during warm-up). */
  boolean recording() {
    return measurements.threadState().isRecording();
  }

  /**
   * Prints the summary from the engine's measurements and the workload's counts.
   *
   * @param partitions partitions per operation name (measured operations that returned OK)
   * @param rows rows per operation name (likewise)
   * @param seconds from the first measured operation's start to the last one's end
   */
  void print(PrintStream out, Map<String, Long> partitions, Map<String, Long> rows, double seconds) {
    Measurements m = measurements;
    Map<String, Map<String, Long>> statuses = m.getStatusCounts();
    Map<String, OpFigures> figures = new LinkedHashMap<>();
    List<String> names = new ArrayList<>(ops);
    if (!names.contains("insert") && statuses.containsKey("insert")) {
      names.add(0, "insert"); // queries that ran as inserts before any block was known
    }
    for (String op : names) {
      OpFigures f = new OpFigures();
      Map<String, Long> counts = statuses.get(op);
      if (counts != null) {
        for (Map.Entry<String, Long> e : counts.entrySet()) {
          if (e.getKey().equals("OK")) {
            f.ok += e.getValue();
          } else if (e.getKey().equals("NOT_FOUND")) {
            f.notFound += e.getValue();
          } else if (e.getKey().equals(StressProfileWorkload.NOT_APPLIED)) {
            f.notApplied += e.getValue();
          } else {
            f.errors += e.getValue();
          }
        }
        OneMeasurement service = m.serviceMeasurement(op);
        if (service instanceof OneMeasurementHdrHistogram) {
          f.latencyUs = ((OneMeasurementHdrHistogram) service).totalHistogram();
        }
        // null unless measurement.interval=both (intended alone is refused at start); recorded with the service time
        OneMeasurement intended = m.intendedMeasurement(op);
        if (intended instanceof OneMeasurementHdrHistogram) {
          f.intendedUs = ((OneMeasurementHdrHistogram) intended).totalHistogram();
        }
      }
      f.partitions = partitions.getOrDefault(op, 0L);
      f.rows = rows.getOrDefault(op, 0L);
      figures.put(op, f);
    }
    List<String> lines = format(figures, seconds, Utils.getGCTotalCollectionCount() - gcCountAtStart,
        Utils.getGCTotalTime() - gcMillisAtStart);
    for (String line : lines) {
      out.println(line);
    }
    out.flush();
    if (resultsDir != null) {
      Path file = Paths.get(resultsDir, FILE);
      try {
        Files.write(file, lines, StandardCharsets.UTF_8);
      } catch (IOException e) {
        // The summary is on stderr already; the engine's own record of the run does not depend on this file.
        out.println("WARNING: cannot write " + file + ": " + e.getMessage());
      }
    }
  }

  /** The summary's lines for these figures (pure: unit-tested). */
  static List<String> format(Map<String, OpFigures> ops, double seconds, long gcCount, long gcMillis) {
    OpFigures total = new OpFigures();
    total.latencyUs = new Histogram(3);
    boolean intended = false;
    for (OpFigures f : ops.values()) {
      intended |= f.intendedUs != null;
    }
    total.intendedUs = intended ? new Histogram(3) : null;
    for (OpFigures f : ops.values()) {
      total.ok += f.ok;
      total.notFound += f.notFound;
      total.notApplied += f.notApplied;
      total.errors += f.errors;
      total.partitions += f.partitions;
      total.rows += f.rows;
      if (f.latencyUs != null) {
        total.latencyUs.add(f.latencyUs);
      }
      if (f.intendedUs != null) {
        total.intendedUs.add(f.intendedUs);
      }
    }
    List<String> out = new ArrayList<>();
    out.add("Results (cassandra-stress summary of this run):");
    out.add(rate("Op rate", "op/s", total.ok + total.notFound + total.notApplied, ops,
        f -> f.ok + f.notFound + f.notApplied, seconds));
    out.add(rate("Partition rate", "pk/s", total.partitions, ops, f -> f.partitions, seconds));
    out.add(rate("Row rate", "row/s", total.rows, ops, f -> f.rows, seconds));
    latencies(out, "Latency ", " percentile", total, ops, f -> f.latencyUs);
    if (intended) {
      // Not in cassandra-stress: latency from the intended start (coordinated omission corrected).
      latencies(out, "Intended ", "", total, ops, f -> f.intendedUs);
    }
    out.add(count("Total partitions", total.partitions, ops, f -> f.partitions));
    out.add(count("Total errors", total.errors, ops, f -> f.errors));
    out.add(count("Total not found", total.notFound, ops, f -> f.notFound));
    // Not in cassandra-stress (which counts a condition that did not hold as done): listed apart from errors.
    out.add(count("Total not applied", total.notApplied, ops, f -> f.notApplied));
    out.add(label("Total GC count") + String.format(Locale.ROOT, "%,d", gcCount));
    out.add(label("Total GC memory") + "not measured");
    out.add(label("Total GC time") + String.format(Locale.ROOT, "%,.1f seconds", gcMillis / 1000.0));
    long whole = (long) Math.floor(seconds);
    out.add(label("Total operation time") + String.format(Locale.ROOT, "%02d:%02d:%02d", whole / 3600,
        whole / 60 % 60, whole % 60));
    return out;
  }

  private interface Count {
    long of(OpFigures f);
  }

  private interface Stat {
    double of(Histogram h);
  }

  private static String label(String name) {
    return String.format(Locale.ROOT, "%-26s: ", name);
  }

  private static String rate(String name, String unit, long total, Map<String, OpFigures> ops, Count c,
                             double seconds) {
    StringBuilder b = new StringBuilder(label(name)).append(perSecond(total, seconds)).append(' ').append(unit)
        .append(" [");
    int i = 0;
    for (Map.Entry<String, OpFigures> e : ops.entrySet()) {
      b.append(i++ == 0 ? "" : ", ").append(e.getKey()).append(": ").append(perSecond(c.of(e.getValue()), seconds))
          .append(' ').append(unit);
    }
    return b.append(']').toString();
  }

  private static String perSecond(long n, double seconds) {
    return seconds > 0 ? String.format(Locale.ROOT, "%,.0f", n / seconds) : "-";
  }

  private static void latencies(List<String> out, String prefix, String suffix, OpFigures total,
                                Map<String, OpFigures> ops, Function<OpFigures, Histogram> which) {
    out.add(latency(prefix + "mean", total, ops, which, h -> h.getMean()));
    out.add(latency(prefix + "median", total, ops, which, h -> (double) h.getValueAtPercentile(50)));
    out.add(latency(prefix + "95th" + suffix, total, ops, which, h -> (double) h.getValueAtPercentile(95)));
    out.add(latency(prefix + "99th" + suffix, total, ops, which, h -> (double) h.getValueAtPercentile(99)));
    out.add(latency(prefix + "99.9th" + suffix, total, ops, which, h -> (double) h.getValueAtPercentile(99.9)));
    out.add(latency(prefix + "max", total, ops, which, h -> (double) h.getMaxValue()));
  }

  private static String latency(String name, OpFigures total, Map<String, OpFigures> ops,
                                Function<OpFigures, Histogram> which, Stat s) {
    StringBuilder b = new StringBuilder(label(name)).append(ms(which.apply(total), s)).append(" [");
    int i = 0;
    for (Map.Entry<String, OpFigures> e : ops.entrySet()) {
      b.append(i++ == 0 ? "" : ", ").append(e.getKey()).append(": ").append(ms(which.apply(e.getValue()), s));
    }
    return b.append(']').toString();
  }

  private static String ms(Histogram h, Stat s) {
    if (h == null || h.getTotalCount() == 0) {
      return "- ms";
    }
    return String.format(Locale.ROOT, "%,.1f ms", s.of(h) / 1000.0);
  }

  private static String count(String name, long total, Map<String, OpFigures> ops, Count c) {
    StringBuilder b = new StringBuilder(label(name)).append(String.format(Locale.ROOT, "%,d", total)).append(" [");
    int i = 0;
    for (Map.Entry<String, OpFigures> e : ops.entrySet()) {
      b.append(i++ == 0 ? "" : ", ").append(e.getKey()).append(": ")
          .append(String.format(Locale.ROOT, "%,d", c.of(e.getValue())));
    }
    return b.append(']').toString();
  }
}
