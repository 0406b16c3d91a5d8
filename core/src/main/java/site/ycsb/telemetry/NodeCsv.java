package site.ycsb.telemetry;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The file of one database node's samples in a result directory, {@code server-<node>.csv}: one row per sample,
 * columns named in the header (readers find them by name, so columns can be added). An empty cell is a figure the
 * node did not give. Rates are MB/s (10^6 bytes), shares are percent of the node's whole CPU capacity (all cores).
 *
 * <p>Stateless; thread-safe.
 */
public final class NodeCsv {
  public static final String PREFIX = "server-";
  public static final String SUFFIX = ".csv";
  static final List<String> COLUMNS = Arrays.asList("epoch_ms", "elapsed_s", "interval_s", "cpu_pct", "user_pct",
      "system_pct", "iowait_pct", "steal_pct", "machine_cpu_pct", "load1", "mem_used_mb", "mem_total_mb", "rss_mb",
      "disk_read_mb_s", "disk_write_mb_s", "disk_busy_pct", "net_rx_mb_s", "net_tx_mb_s");
  static final String HEADER = String.join(",", COLUMNS);

  private NodeCsv() {
  }

  /** The file name of a node's samples: its name with every character but letters, digits, '.', '_', '-' as '_'. */
  public static String fileName(String node) {
    return PREFIX + node.replaceAll("[^A-Za-z0-9._-]", "_") + SUFFIX;
  }

  static void writeHeader(Writer w) throws IOException {
    w.write(HEADER + "\n");
  }

  /** One row; {@code startEpochMs} is the reference of elapsed_s (the schedule's opening, as in timeseries.csv). */
  static String row(NodeRates r, long startEpochMs) {
    StringBuilder sb = new StringBuilder();
    sb.append(r.epochMs).append(',').append(num((r.epochMs - startEpochMs) / 1000.0)).append(',')
        .append(num(r.intervalSec));
    for (double v : figureValues(r)) {
      sb.append(',').append(num(v));
    }
    return sb.append('\n').toString();
  }

  /** The figures of a row in the order of {@link #COLUMNS} from {@link #FIRST_FIGURE} on. */
  private static double[] figureValues(NodeRates r) {
    return new double[] {r.cpuPct, r.userPct, r.systemPct, r.iowaitPct, r.stealPct, r.machineCpuPct, r.load1,
        r.memUsedMb, r.memTotalMb, r.rssMb, r.diskReadMbS, r.diskWriteMbS, r.diskBusyPct, r.netRxMbS, r.netTxMbS};
  }

  /** Where the figures start in {@link #COLUMNS} (after the time columns). */
  static final int FIRST_FIGURE = 3;

  /** A row's figures by column name (cpu_pct, iowait_pct...), those the node did not give left out. */
  static Map<String, Double> figures(NodeRates r) {
    Map<String, Double> out = new java.util.LinkedHashMap<>();
    double[] values = figureValues(r);
    for (int i = 0; i < values.length; i++) {
      if (!Double.isNaN(values[i]) && !Double.isInfinite(values[i])) {
        out.put(COLUMNS.get(FIRST_FIGURE + i), values[i]);
      }
    }
    return out;
  }

  private static String num(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "";
    }
    String s = String.format(Locale.ROOT, "%.3f", v);
    // 12.500 -> 12.5, 3.000 -> 3: the files stay short and read as written
    return s.indexOf('.') >= 0 ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }

  /** Reads a node's samples; a damaged row (wrong field count, not a number) is skipped, not guessed. */
  public static List<NodeRates> read(Path file) throws IOException {
    List<NodeRates> rows = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(file),
        StandardCharsets.UTF_8))) {
      String header = in.readLine();
      if (header == null) {
        return rows;
      }
      Map<String, Integer> at = new HashMap<>();
      String[] names = header.trim().split(",", -1);
      for (int i = 0; i < names.length; i++) {
        at.put(names[i], i);
      }
      if (!at.containsKey("epoch_ms") || !at.containsKey("cpu_pct")) {
        throw new IOException(file + " is not a server samples file (no epoch_ms and cpu_pct columns)");
      }
      String line;
      while ((line = in.readLine()) != null) {
        String[] f = line.split(",", -1);
        if (f.length != names.length) {
          continue;
        }
        try {
          rows.add(parseRow(f, at));
        } catch (NumberFormatException e) {
          // a damaged row says nothing
        }
      }
    }
    return rows;
  }

  private static NodeRates parseRow(String[] f, Map<String, Integer> at) {
    NodeRates r = new NodeRates();
    r.epochMs = Long.parseLong(f[at.get("epoch_ms")]);
    r.intervalSec = cell(f, at, "interval_s");
    r.cpuPct = cell(f, at, "cpu_pct");
    r.userPct = cell(f, at, "user_pct");
    r.systemPct = cell(f, at, "system_pct");
    r.iowaitPct = cell(f, at, "iowait_pct");
    r.stealPct = cell(f, at, "steal_pct");
    r.machineCpuPct = cell(f, at, "machine_cpu_pct");
    r.load1 = cell(f, at, "load1");
    r.memUsedMb = cell(f, at, "mem_used_mb");
    r.memTotalMb = cell(f, at, "mem_total_mb");
    r.rssMb = cell(f, at, "rss_mb");
    r.diskReadMbS = cell(f, at, "disk_read_mb_s");
    r.diskWriteMbS = cell(f, at, "disk_write_mb_s");
    r.diskBusyPct = cell(f, at, "disk_busy_pct");
    r.netRxMbS = cell(f, at, "net_rx_mb_s");
    r.netTxMbS = cell(f, at, "net_tx_mb_s");
    return r;
  }

  private static double cell(String[] f, Map<String, Integer> at, String column) {
    Integer i = at.get(column);
    if (i == null || f[i].isEmpty()) {
      return Double.NaN;
    }
    double v = Double.parseDouble(f[i]);
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      throw new NumberFormatException(column);
    }
    return v;
  }

  /** The sample's epoch ms (for readers outside this package). */
  public static long epochMs(NodeRates r) {
    return r.epochMs;
  }

  /** The node's CPU in the sample, percent, NaN when unknown (for readers outside this package). */
  public static double cpuPct(NodeRates r) {
    return r.cpuPct;
  }
}
