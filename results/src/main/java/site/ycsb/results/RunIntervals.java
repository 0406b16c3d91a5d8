package site.ycsb.results;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One run's hdr interval logs on one wall-clock grid: per measurement, one histogram per status interval (a merged
 * run's logs are on its grid already, so each of its intervals is the merged histogram of the clients'). What the
 * timeline draws comes from here: percentiles of each interval's histogram, and rates from its counts.
 */
final class RunIntervals {
  /** An interval shorter than this share of the status interval is too short for a rate (the run's tail). */
  static final double MIN_RATE_SHARE = 0.5;

  /** The status names (0.17.0's Status) that end a failed operation's measurement name. */
  private static final String[] FAILED_SUFFIXES = {"FAILED", "ERROR", "NOT_FOUND", "NOT_IMPLEMENTED",
      "UNEXPECTED_STATE", "BAD_REQUEST", "FORBIDDEN", "SERVICE_UNAVAILABLE"};

  final IntervalGrid grid;
  final long intervalMs;
  /** Measurement name to one histogram per grid interval, in the logs' order. */
  final Map<String, List<Histogram>> byMeasurement = new LinkedHashMap<>();
  /** The first and last intervals in which an operation completed. */
  private int firstWithOps;
  private int lastWithOps = -1;
  /** The run's end (summary.json's endEpochMs; for 0.17.0's logs, the end of the last interval with operations). */
  private long runEndMs;
  /** False for a run known only from its hdr logs (0.17.0's): its end is not recorded. */
  private boolean endKnown;

  private RunIntervals(IntervalGrid grid, long intervalMs) {
    this.grid = grid;
    this.intervalMs = intervalMs;
  }

  /** The run's logs (hdr/NAME.hdr), or null when it has none. */
  static RunIntervals of(ResultDir d) throws UsageException {
    Map<String, List<Histogram>> logs = new LinkedHashMap<>();
    for (String name : logNames(d.hdrDir())) {
      logs.put(name, HdrLog.readIntervals(d.hdrLog(name)));
    }
    if (logs.isEmpty()) {
      return null;
    }
    long start = d.startEpochMs();
    long end = d.endEpochMs();
    for (List<Histogram> l : logs.values()) {
      for (Histogram h : l) {
        end = Math.max(end, h.getEndTimeStamp());
      }
    }
    long intervalMs = d.statusIntervalMs() > 0 ? d.statusIntervalMs() : medianLength(logs);
    RunIntervals r = new RunIntervals(new IntervalGrid(start, end, intervalMs), intervalMs);
    for (Map.Entry<String, List<Histogram>> e : logs.entrySet()) {
      List<Histogram> cells = new ArrayList<>();
      for (int i = 0; i < r.grid.size(); i++) {
        cells.add(HdrLog.emptyHistogram());
      }
      for (Histogram h : e.getValue()) {
        // as merge does: an interval that began before the measurement (recorder creation) counts from its start
        long from = Math.min(Math.max(h.getStartTimeStamp(), start), h.getEndTimeStamp());
        cells.get(r.grid.indexOf(from, h.getEndTimeStamp())).add(h);
      }
      r.byMeasurement.put(e.getKey(), cells);
    }
    r.runEndMs = d.endEpochMs();
    r.endKnown = !Ycsb017Logs.DB.equals(d.db());
    r.firstWithOps = r.grid.size();
    for (int i = 0; i < r.grid.size(); i++) {
      if (r.operations(i) > 0) {
        r.firstWithOps = Math.min(r.firstWithOps, i);
        r.lastWithOps = i;
      }
    }
    return r;
  }

  /** The operations (of every kind but CLEANUP and the intended twins) that completed in interval i. */
  private long operations(int i) {
    long n = 0;
    for (Map.Entry<String, List<Histogram>> e : byMeasurement.entrySet()) {
      String name = e.getKey();
      if (!name.startsWith("Intended-") && !name.equals("CLEANUP")) {
        n += e.getValue().get(i).getTotalCount();
      }
    }
    return n;
  }

  /** The names of the logs in a directory (NAME of NAME.hdr), sorted. */
  static List<String> logNames(Path hdrDir) throws UsageException {
    List<String> names = new ArrayList<>();
    if (!Files.isDirectory(hdrDir)) {
      return names;
    }
    try (Stream<Path> files = Files.list(hdrDir)) {
      files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".hdr")).sorted()
          .forEach(f -> names.add(f.substring(0, f.length() - ".hdr".length())));
    } catch (IOException e) {
      throw new UsageException("cannot list " + hdrDir + ": " + Messages.cause(e));
    } catch (java.io.UncheckedIOException e) {
      throw new UsageException("cannot list " + hdrDir + ": " + Messages.cause(e));
    }
    return names;
  }

  /**
   * The status interval of logs whose run did not record it (0.17.0's): the median length of the intervals that hold
   * values, to the nearest 100 ms (the first and last intervals of a log are slivers around the run's start and end).
   */
  private static long medianLength(Map<String, List<Histogram>> logs) {
    List<Long> lengths = new ArrayList<>();
    for (List<Histogram> l : logs.values()) {
      for (Histogram h : l) {
        if (h.getTotalCount() > 0) {
          lengths.add(h.getEndTimeStamp() - h.getStartTimeStamp());
        }
      }
    }
    lengths.sort(null);
    long median = lengths.isEmpty() ? 1000 : lengths.get(lengths.size() / 2);
    return Math.max(100, Math.round(median / 100.0) * 100);
  }

  /** A measurement of failed operations: OP-FAILED, or OP-STATUS of 0.17.0's per-status latency buckets. */
  static boolean isFailed(String name) {
    for (String status : FAILED_SUFFIXES) {
      if (name.endsWith("-" + status)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether interval i has a rate: it lies between the first and the last interval in which operations completed
   * (the logs go on through the run's cleanup, where nothing is asked of the database: 0 there is no fall), and is
   * long enough for its count to be a rate (the last one of a run may be a sliver).
   */
  boolean rateKnown(int i) {
    // a run known only from its logs ended at an unknown moment of its last interval with operations: no rate there
    return withinRun(i) && !(i == lastWithOps && !endKnown) && runSeconds(i) * 1000 >= MIN_RATE_SHARE * intervalMs;
  }

  /** The seconds of interval i within the run: an interval the run ended in counts only up to the end. */
  double runSeconds(int i) {
    return Math.max(0, Math.min(grid.endOf(i), runEndMs) - grid.startOf(i)) / 1000.0;
  }

  /** Whether interval i lies between the first and the last interval in which an operation completed. */
  boolean withinRun(int i) {
    return i >= firstWithOps && i <= lastWithOps;
  }

  /**
   * Completed operations per second in interval i over the service measurements (not Intended-, CLEANUP or the
   * failed ones: {@code failed} true gives the rate of those instead).
   */
  double rate(int i, boolean failed) {
    long n = 0;
    for (Map.Entry<String, List<Histogram>> e : byMeasurement.entrySet()) {
      String name = e.getKey();
      if (name.startsWith("Intended-") || name.equals("CLEANUP")) {
        continue;
      }
      if (isFailed(name) == failed) {
        n += e.getValue().get(i).getTotalCount();
      }
    }
    return n / Math.max(1e-3, runSeconds(i));
  }
}
