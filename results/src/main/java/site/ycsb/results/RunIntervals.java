package site.ycsb.results;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import site.ycsb.output.RecordFiles;

/**
 * One run's hdr interval logs on one wall-clock grid: per measurement, one {@link Cell} per status interval (a merged
 * run's logs are on its grid already, so each of its intervals is the merged histogram of the clients'). What the
 * timeline draws comes from here: percentiles of each interval's histogram, and rates from its counts.
 *
 * <p>Bounded memory per interval: the logs are read one interval at a time, and a grid interval keeps only its count
 * and the timeline's percentiles (tens of bytes), not its histogram (tens of kB: a day of 1 s intervals of four
 * measurements held as histograms would take gigabytes). What needs the histograms themselves reads the logs again
 * ({@link #forEachInterval}).
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
  final Map<String, List<Cell>> byMeasurement = new LinkedHashMap<>();
  private final ResultDir dir;
  private final long startMs;
  /** The first and last intervals in which an operation completed. */
  private int firstWithOps;
  private int lastWithOps = -1;
  /** The run's end (summary.json's endEpochMs; for 0.17.0's logs, the end of the last interval with operations). */
  private long runEndMs;
  /** False for a run known only from its hdr logs (0.17.0's): its end is not recorded. */
  private boolean endKnown;

  private RunIntervals(ResultDir dir, IntervalGrid grid, long intervalMs, long startMs) {
    this.dir = dir;
    this.grid = grid;
    this.intervalMs = intervalMs;
    this.startMs = startMs;
  }

  /**
   * One grid interval of one measurement: how many values it holds and its values at the percentiles the timeline
   * draws ({@link #PERCENTILES}). Immutable.
   */
  static final class Cell {
    /** The percentiles kept (100: the maximum). */
    static final double[] PERCENTILES = {50, 99, 99.9, 100};
    static final Cell EMPTY = new Cell(0, new long[PERCENTILES.length]);
    private final long count;
    private final long[] values;

    private Cell(long count, long[] values) {
      this.count = count;
      this.values = values;
    }

    static Cell of(Histogram h) {
      if (h.getTotalCount() == 0) {
        return EMPTY;
      }
      long[] v = new long[PERCENTILES.length];
      for (int p = 0; p < v.length; p++) {
        v[p] = PERCENTILES[p] >= 100 ? h.getMaxValue() : h.getValueAtPercentile(PERCENTILES[p]);
      }
      return new Cell(h.getTotalCount(), v);
    }

    long getTotalCount() {
      return count;
    }

    /** The value at one of {@link #PERCENTILES} (100: the maximum). */
    long valueAt(double percentile) {
      for (int p = 0; p < PERCENTILES.length; p++) {
        if (PERCENTILES[p] == percentile) {
          return values[p];
        }
      }
      throw new IllegalArgumentException("a cell keeps the timeline's percentiles only, not " + percentile);
    }
  }

  /** The run's logs (hdr/NAME.hdr), or null when it has none. */
  static RunIntervals of(ResultDir d) throws UsageException {
    List<String> names = logNames(d.hdrDir());
    if (names.isEmpty()) {
      return null;
    }
    long start = d.startEpochMs();
    long[] end = {d.endEpochMs()};
    boolean lengthsNeeded = d.statusIntervalMs() <= 0;
    List<Long> lengths = new ArrayList<>();
    for (String name : names) {
      HdrLog.forEachInterval(d.hdrLog(name), h -> {
        end[0] = Math.max(end[0], h.getEndTimeStamp());
        if (lengthsNeeded && h.getTotalCount() > 0) {
          lengths.add(h.getEndTimeStamp() - h.getStartTimeStamp());
        }
      });
    }
    long intervalMs = lengthsNeeded ? medianLength(lengths) : d.statusIntervalMs();
    RunIntervals r = new RunIntervals(d, new IntervalGrid(start, end[0], intervalMs), intervalMs, start);
    for (String name : names) {
      r.byMeasurement.put(name, r.cells(name));
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

  /**
   * Hands each interval of measurement {@code name}'s log to {@code each} with the grid interval it belongs to, read
   * from the log again (for sums over several grid intervals, which need the histograms).
   */
  void forEachInterval(String name, GridSink each) throws UsageException {
    HdrLog.forEachInterval(dir.hdrLog(name), h -> each.accept(cellOf(h), h));
  }

  /** What is done with each interval of a log and its grid interval. */
  interface GridSink {
    void accept(int gridIndex, Histogram interval) throws UsageException;
  }

  /** The grid interval of a log's interval. */
  private int cellOf(Histogram h) {
    // as merge does: an interval that began before the measurement (recorder creation) counts from its start
    long from = Math.min(Math.max(h.getStartTimeStamp(), startMs), h.getEndTimeStamp());
    return grid.indexOf(from, h.getEndTimeStamp());
  }

  /**
   * The cells of one measurement, its log read once: the log's intervals come in time order, so a grid interval is
   * complete once the log is {@link #CLOSE_AFTER} intervals past it; only the open ones are histograms.
   */
  private List<Cell> cells(String name) throws UsageException {
    List<Cell> cells = new ArrayList<>(Collections.nCopies(grid.size(), Cell.EMPTY));
    boolean[] closed = new boolean[grid.size()];
    TreeMap<Integer, Histogram> open = new TreeMap<>();
    HdrLog.forEachInterval(dir.hdrLog(name), h -> {
      int i = cellOf(h);
      if (closed[i]) {
        throw new UsageException(dir.hdrLog(name) + ": an interval ending at " + h.getEndTimeStamp() + " comes "
            + "after later ones: the log is not in time order (damaged, or not written by one run)");
      }
      open.computeIfAbsent(i, k -> HdrLog.emptyHistogram()).add(h);
      while (open.firstKey() < i - CLOSE_AFTER) {
        Map.Entry<Integer, Histogram> done = open.pollFirstEntry();
        cells.set(done.getKey(), Cell.of(done.getValue()));
        closed[done.getKey()] = true;
      }
    });
    for (Map.Entry<Integer, Histogram> done : open.entrySet()) {
      cells.set(done.getKey(), Cell.of(done.getValue()));
    }
    return cells;
  }

  /** How many grid intervals behind the newest an interval stays open (clients' ticks drift by a few ms). */
  static final int CLOSE_AFTER = 2;

  /** The operations (of every kind but CLEANUP and the intended twins) that completed in interval i. */
  private long operations(int i) {
    long n = 0;
    for (Map.Entry<String, List<Cell>> e : byMeasurement.entrySet()) {
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
      files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(RecordFiles.HDR_SUFFIX)).sorted()
          .forEach(f -> names.add(f.substring(0, f.length() - RecordFiles.HDR_SUFFIX.length())));
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
  private static long medianLength(List<Long> lengths) {
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
    for (Map.Entry<String, List<Cell>> e : byMeasurement.entrySet()) {
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
