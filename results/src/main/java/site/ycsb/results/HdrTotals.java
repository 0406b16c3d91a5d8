package site.ycsb.results;

import org.HdrHistogram.Histogram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The whole-run histogram of each hdr log, read once per report. */
final class HdrTotals {
  private final Map<Path, Histogram> cache = new HashMap<>();

  /** The sum of the log's intervals, or null when the run has no hdr log for this measurement. */
  Histogram total(ResultDir dir, String measurement) throws UsageException {
    Path log = dir.hdrLog(measurement);
    if (!Files.isRegularFile(log)) {
      return null;
    }
    Histogram h = cache.get(log);
    if (h == null) {
      h = HdrLog.readTotal(log);
      HdrLog.checkCount(dir, measurement, log, h.getTotalCount());
      cache.put(log, h);
    }
    return h;
  }
}
