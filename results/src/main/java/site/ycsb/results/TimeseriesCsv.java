package site.ycsb.results;

import java.io.BufferedWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads and writes timeseries.csv (header-driven, so added columns do not break reading). */
final class TimeseriesCsv {
  static final String[] COLUMNS = {"epoch_ms", "elapsed_s", "metric", "count", "throughput", "avg_us", "min_us",
      "max_us", "p50_us", "p90_us", "p99_us", "p999_us", "p9999_us", "errors", "retries"};
  /** The percentile columns, in order, with the percentile each holds. */
  static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

  private TimeseriesCsv() {
  }

  /** Rows of the file; an absent file yields no rows, a malformed one a UsageException naming the line. */
  static List<TimeseriesRow> read(Path file) throws UsageException {
    List<TimeseriesRow> rows = new ArrayList<>();
    List<String> lines = OptionalFile.lines(file);
    if (lines.isEmpty()) {
      return rows;
    }
    Map<String, Integer> col = new HashMap<>();
    String[] header = lines.get(0).trim().split(",", -1);
    for (int i = 0; i < header.length; i++) {
      col.put(header[i].trim(), i);
    }
    for (String required : new String[] {"epoch_ms", "metric", "count"}) {
      if (!col.containsKey(required)) {
        throw new UsageException(file + ": header lacks column " + required);
      }
    }
    for (int n = 1; n < lines.size(); n++) {
      String line = lines.get(n).trim();
      if (line.isEmpty()) {
        continue;
      }
      String[] cells = line.split(",", -1);
      try {
        Long[] pct = {
            optLong(cells, col.get("p50_us")), optLong(cells, col.get("p90_us")), optLong(cells, col.get("p99_us")),
            optLong(cells, col.get("p999_us")), optLong(cells, col.get("p9999_us"))};
        Double elapsed = optDouble(cells, col.get("elapsed_s"));
        Long errors = optLong(cells, col.get("errors"));
        rows.add(new TimeseriesRow(Long.parseLong(cell(cells, col.get("epoch_ms"))),
            elapsed == null ? 0 : elapsed, cell(cells, col.get("metric")),
            Long.parseLong(cell(cells, col.get("count"))), optDouble(cells, col.get("throughput")),
            optDouble(cells, col.get("avg_us")), optLong(cells, col.get("min_us")), optLong(cells, col.get("max_us")),
            pct, errors == null ? 0 : errors, optLong(cells, col.get("retries"))));
      } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
        throw new UsageException(file + " line " + (n + 1) + " is malformed: " + line);
      }
    }
    return rows;
  }

  /**
   * The rows of one metric whose interval is long enough for a rate: a run's last sample often covers a few ms after
   * the last full interval, and its rate (0 ops, or 1 op in 1 ms) would be drawn as a fall or a spike that did not
   * happen. An interval shorter than {@link RunIntervals#MIN_RATE_SHARE} of the status interval is left out (with the
   * status interval unknown: of the longest interval in the file).
   */
  static List<TimeseriesRow> fullIntervals(List<TimeseriesRow> rows, String metric, long statusIntervalMs) {
    List<TimeseriesRow> of = new ArrayList<>();
    for (TimeseriesRow r : rows) {
      if (r.metric.equals(metric)) {
        of.add(r);
      }
    }
    double[] lengths = new double[of.size()];
    double longest = 0;
    for (int i = 0; i < of.size(); i++) {
      lengths[i] = i == 0 ? of.get(0).elapsedS : of.get(i).elapsedS - of.get(i - 1).elapsedS;
      longest = Math.max(longest, lengths[i]);
    }
    double unit = statusIntervalMs > 0 ? statusIntervalMs / 1000.0 : longest;
    List<TimeseriesRow> out = new ArrayList<>();
    for (int i = 0; i < of.size(); i++) {
      if (lengths[i] >= RunIntervals.MIN_RATE_SHARE * unit) {
        out.add(of.get(i));
      }
    }
    return out;
  }

  /**
   * The binding's retries per interval, from the OVERALL rows, as {@code {previous row's epoch_ms (or 0 for the
   * first), epoch_ms, retries}}; empty when the file has no retries column or the binding counted none. Reads only
   * what it keeps, so that a day of 1 s rows costs a few megabytes.
   */
  static List<long[]> overallRetries(Path file) throws UsageException {
    List<long[]> out = new ArrayList<>();
    List<String> lines = OptionalFile.lines(file);
    if (lines.isEmpty()) {
      return out;
    }
    List<String> header = java.util.Arrays.asList(lines.get(0).trim().split(",", -1));
    int epoch = header.indexOf("epoch_ms");
    int metric = header.indexOf("metric");
    int retries = header.indexOf("retries");
    if (epoch < 0 || metric < 0 || retries < 0) {
      return out;
    }
    long previous = 0;
    for (int n = 1; n < lines.size(); n++) {
      String[] cells = lines.get(n).trim().split(",", -1);
      if (cells.length <= Math.max(retries, Math.max(epoch, metric)) || !cells[metric].trim().equals("OVERALL")) {
        continue;
      }
      try {
        long at = Long.parseLong(cells[epoch].trim());
        Long count = optLong(cells, retries);
        if (count != null) {
          out.add(new long[] {previous, at, count});
        }
        previous = at;
      } catch (NumberFormatException e) {
        throw new UsageException(file + " line " + (n + 1) + " is malformed: " + lines.get(n));
      }
    }
    return out;
  }

  static void write(Path file, List<TimeseriesRow> rows) throws IOException {
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write(String.join(",", COLUMNS));
      out.write('\n');
      for (TimeseriesRow r : rows) {
        out.write(r.epochMs + "," + number(r.elapsedS) + "," + r.metric + "," + r.count + "," + opt(r.throughput)
            + "," + opt(r.avgUs) + "," + opt(r.minUs) + "," + opt(r.maxUs) + "," + opt(r.p50Us) + "," + opt(r.p90Us)
            + "," + opt(r.p99Us) + "," + opt(r.p999Us) + "," + opt(r.p9999Us) + "," + r.errors + ","
            + opt(r.retries));
        out.write('\n');
      }
    }
  }

  private static String cell(String[] cells, Integer index) {
    return cells[index].trim();
  }

  private static Long optLong(String[] cells, Integer index) {
    if (index == null || index >= cells.length || cells[index].trim().isEmpty()) {
      return null;
    }
    return Long.parseLong(cells[index].trim());
  }

  private static Double optDouble(String[] cells, Integer index) {
    if (index == null || index >= cells.length || cells[index].trim().isEmpty()) {
      return null;
    }
    return Double.parseDouble(cells[index].trim());
  }

  private static String opt(Object value) {
    if (value == null) {
      return "";
    }
    return value instanceof Double ? number((Double) value) : value.toString();
  }

  /** Plain decimal without exponent or needless zeros ("10", "12.5"), rounded to 3 decimals. */
  static String number(double value) {
    BigDecimal d = new BigDecimal(value).setScale(3, java.math.RoundingMode.HALF_UP).stripTrailingZeros();
    return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
  }
}
