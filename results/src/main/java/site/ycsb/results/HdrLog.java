package site.ycsb.results;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;

/** Reads and writes standard HdrHistogram interval logs (hdr/NAME.hdr) with absolute interval timestamps. */
final class HdrLog {
  /** Three significant digits, as the engine records; auto-resizing so any interval can be added. */
  static final int SIGNIFICANT_DIGITS = 3;

  private HdrLog() {
  }

  static Histogram emptyHistogram() {
    Histogram h = new Histogram(SIGNIFICANT_DIGITS);
    h.setAutoResize(true);
    return h;
  }

  /** The interval histograms of a log, each with absolute start/end timestamps (epoch ms). */
  static List<Histogram> readIntervals(Path file) throws UsageException {
    List<Histogram> intervals = new ArrayList<>();
    forEachInterval(file, intervals::add);
    return intervals;
  }

  /** What is done with each interval of a log as it is read. */
  interface IntervalSink {
    void accept(Histogram interval) throws UsageException;
  }

  /**
   * Hands each interval histogram of a log to {@code each} in the log's order, as {@link #readIntervals} gives them,
   * one at a time: a day's log needs the memory of one interval, not of the day.
   */
  static void forEachInterval(Path file, IntervalSink each) throws UsageException {
    try (Cursor cursor = new Cursor(file)) {
      Histogram next;
      while ((next = cursor.next()) != null) {
        each.accept(next);
      }
    }
  }

  /**
   * A log read one interval at a time on demand, so that several logs can be walked side by side (merge reads every
   * client's log of a measurement in step, holding one interval of each).
   */
  static final class Cursor implements AutoCloseable {
    private final Path file;
    private final HistogramLogReader reader;

    Cursor(Path file) throws UsageException {
      this.file = file;
      try {
        reader = new HistogramLogReader(file.toFile());
      } catch (IOException e) {
        throw new UsageException("cannot read " + file + ": " + e.getMessage());
      }
    }

    /** The next interval (absolute start/end timestamps, epoch ms), or null after the last. */
    Histogram next() throws UsageException {
      EncodableHistogram next;
      try {
        next = reader.nextIntervalHistogram();
      } catch (RuntimeException e) {
        throw new UsageException(file + " is not a readable HdrHistogram log: " + e);
      }
      if (next != null && !(next instanceof Histogram)) {
        throw new UsageException(file + " holds " + next.getClass().getSimpleName()
            + " intervals; expected integer microsecond histograms");
      }
      return (Histogram) next;
    }

    @Override
    public void close() {
      reader.close();
    }
  }

  /**
   * Refuses a log whose value count differs from the operations its directory's summary.json counts for the
   * measurement: a damaged or foreign log would otherwise give percentiles of some other set of operations.
   */
  static void checkCount(ResultDir dir, String measurement, Path log, long values) throws UsageException {
    com.fasterxml.jackson.databind.JsonNode m = dir.measurements().path(measurement);
    if (!m.hasNonNull(SummaryFields.Measurement.OPERATIONS)) {
      return; // only the log knows this measurement (CLEANUP, for example)
    }
    long counted = m.get(SummaryFields.Measurement.OPERATIONS).asLong();
    if (counted != values) {
      throw new UsageException(log + " holds " + values + " values but " + dir.dir().resolve(RecordFiles.SUMMARY)
          + " counts " + counted + " " + measurement + " operations: the log is damaged or from another run");
    }
  }

  /** The sum of all intervals of a log. */
  static Histogram readTotal(Path file) throws UsageException {
    Histogram total = emptyHistogram();
    forEachInterval(file, total::add);
    return total;
  }

  /** Writes a log whose start time is startEpochMs; each interval keeps its own absolute timestamps. */
  static void write(Path file, String comment, long startEpochMs, Iterable<Histogram> intervals) throws IOException {
    try (Writer writer = new Writer(file, comment, startEpochMs)) {
      for (Histogram h : intervals) {
        writer.add(h);
      }
    }
  }

  /** A log written one interval at a time (merge writes each merged interval as soon as it is complete). */
  static final class Writer implements AutoCloseable {
    private final Path file;
    private final PrintStream out;
    private final HistogramLogWriter writer;

    Writer(Path file, String comment, long startEpochMs) throws IOException {
      this.file = file;
      this.out = new PrintStream(Files.newOutputStream(file), false, "UTF-8");
      this.writer = new HistogramLogWriter(out);
      writer.outputComment(comment);
      writer.outputLogFormatVersion();
      writer.outputStartTime(startEpochMs);
      writer.outputLegend();
    }

    void add(Histogram interval) {
      writer.outputIntervalHistogram(interval);
    }

    @Override
    public void close() throws IOException {
      out.flush();
      boolean failed = out.checkError();
      out.close();
      if (failed) {
        throw new IOException("write failed: " + file);
      }
    }
  }
}
