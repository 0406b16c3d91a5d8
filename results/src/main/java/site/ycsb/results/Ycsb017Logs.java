package site.ycsb.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Measurement;

/**
 * A run of YCSB 0.17.0 (or any client) known only from its {@code hdrhistogram.output.path} interval logs
 * ({@code <prefix><NAME>.hdr}, prefix a directory): read as a result directory whose summary is made from the logs
 * themselves — the run's window from the first interval's start to the end of the last that holds an operation (the
 * cleanup's intervals left out), each measurement's operations,
 * mean, min and max from the sum of its intervals. 0.17.0 writes interval times relative to the log's StartTime;
 * HdrHistogram's reader makes them absolute.
 */
final class Ycsb017Logs {
  static final String DB = "YCSB 0.17.0 hdr logs";

  private Ycsb017Logs() {
  }

  /** The directory holding the logs of {@code dir}: {@code dir/hdr} or {@code dir} itself; null when neither does. */
  static Path logDir(Path dir) throws UsageException {
    for (Path candidate : new Path[] {dir.resolve(RecordFiles.HDR_DIR), dir}) {
      if (Files.isDirectory(candidate) && !RunIntervals.logNames(candidate).isEmpty()) {
        return candidate;
      }
    }
    return null;
  }

  /** The summary the logs of {@code logDir} describe. */
  static ObjectNode summary(Path dir, Path logDir) throws UsageException {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    ObjectNode s = Json.object();
    ObjectNode ms = Json.object();
    long operations = 0;
    for (String name : RunIntervals.logNames(logDir)) {
      Histogram total = HdrLog.emptyHistogram();
      boolean cleanup = name.endsWith("CLEANUP");
      long[] window = {start, end};
      HdrLog.forEachInterval(logDir.resolve(name + RecordFiles.HDR_SUFFIX), h -> {
        total.add(h);
        if (!cleanup) {
          // the run's window: from its logs' first interval to the last that holds an operation (the logs go on
          // through the cleanup, which is not part of the run)
          window[0] = Math.min(window[0], h.getStartTimeStamp());
          if (h.getTotalCount() > 0) {
            window[1] = Math.max(window[1], h.getEndTimeStamp());
          }
        }
      });
      start = window[0];
      end = window[1];
      if (total.getTotalCount() == 0) {
        continue;
      }
      boolean intended = name.startsWith("Intended-");
      ObjectNode m = ms.putObject(name);
      m.put(Measurement.KIND, intended ? Measurement.KIND_INTENDED : Measurement.KIND_SERVICE);
      m.put(Measurement.OPERATIONS, total.getTotalCount());
      m.put(Measurement.AVERAGE_US, total.getMean());
      m.put(Measurement.MIN_US, total.getMinValue());
      m.put(Measurement.MAX_US, total.getMaxValue());
      if (!intended && !name.equals("CLEANUP")) {
        // 0.17.0 files an operation under its name only when it returned OK (else NAME-FAILED or NAME-<STATUS>)
        if (RunIntervals.isFailed(name)) {
          m.putObject(Measurement.RETURNS).put(name.substring(name.lastIndexOf('-') + 1), total.getTotalCount());
        } else {
          m.putObject(Measurement.RETURNS).put("OK", total.getTotalCount());
          operations += total.getTotalCount();
        }
      }
    }
    if (start == Long.MAX_VALUE || end == Long.MIN_VALUE) {
      throw new UsageException("the hdr logs in " + logDir + " hold no operations");
    }
    long runtime = Math.max(1, end - start);
    s.put(SummaryFields.FORMAT, SummaryFields.FORMAT_VALUE);
    s.put(SummaryFields.HOST, dir.toAbsolutePath().normalize().getFileName().toString());
    s.put(SummaryFields.LABEL, "");
    s.put(SummaryFields.PHASE, "run");
    s.put(SummaryFields.WORKLOAD_NAME, "");
    s.put(SummaryFields.DB, DB);
    s.put(SummaryFields.VERSION, "0.17.0 (hdr logs only)");
    s.put(SummaryFields.START_EPOCH_MS, start);
    s.put(SummaryFields.END_EPOCH_MS, end);
    s.put(SummaryFields.START_TIME, Instant.ofEpochMilli(start).toString());
    s.put(SummaryFields.END_TIME, Instant.ofEpochMilli(end).toString());
    s.put(SummaryFields.RUNTIME_MS, runtime);
    s.put(SummaryFields.OPERATIONS, operations);
    s.put(SummaryFields.THROUGHPUT, 1000.0 * operations / runtime);
    s.put(SummaryFields.EXIT_REASON, "unknown (hdr logs only)");
    s.set(SummaryFields.MEASUREMENTS, ms);
    return s;
  }
}
