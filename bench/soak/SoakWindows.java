import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The soak bench's arithmetic (run by bench/soak/run.sh with Java's source launcher and HdrHistogram on the class
 * path): cuts one run into windows of equal length from the start of its first measured interval and prints, per
 * window, the operations, throughput, client CPU per operation, RSS, heap after GC and latency percentiles, then the
 * drift check (the last whole window against the second).
 *
 * <p>Inputs: the results directory (its hdr/ interval logs), the sampler's file (epoch ms, CPU ticks, RSS kB, one
 * row a second), the JVM's GC log (decorated with timemillis), the window length in seconds and the clock tick rate.
 * An hdr interval belongs to the window that holds its midpoint, as merge puts intervals on a grid. CPU at a window's
 * edge is interpolated between the two samples around it; RSS, a level rather than a counter, is the last sample at or
 * before the window's end (the sample after the last interval may catch the JVM exiting, its threads' stacks freed).
 */
public class SoakWindows {
  private static final Pattern GC_LINE =
      Pattern.compile("^\\[(\\d+)ms\\].*Pause.*?(\\d+)([KMG])->(\\d+)([KMG])\\((\\d+)([KMG])\\)");

  /** One window's figures. */
  static final class Window {
    long fromMs;
    long toMs;
    long ops;
    Histogram service = new Histogram(3);
    Histogram intended = new Histogram(3);
    double cpuSec = Double.NaN;
    double rssMb = Double.NaN;
    double heapAfterGcMinMb = Double.NaN;
    double heapAfterGcMaxMb = Double.NaN;
    boolean whole;
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 5) {
      System.err.println("usage: SoakWindows RESULTS_DIR SAMPLES_CSV GC_LOG WINDOW_SECONDS CLOCK_TICKS");
      System.exit(2);
    }
    File hdrDir = new File(args[0], "hdr");
    File samples = new File(args[1]);
    File gcLog = new File(args[2]);
    long windowMs = Long.parseLong(args[3]) * 1000;
    double ticksPerSec = Double.parseDouble(args[4]);

    List<long[]> intervals = new ArrayList<>(); // start ms, end ms, index into hist
    List<Histogram> hists = new ArrayList<>();
    List<Boolean> isIntended = new ArrayList<>();
    File[] logs = hdrDir.listFiles((d, n) -> n.endsWith(".hdr") && !n.contains("CLEANUP"));
    if (logs == null || logs.length == 0) {
      System.err.println("SoakWindows: no hdr logs in " + hdrDir);
      System.exit(1);
    }
    for (File log : logs) {
      boolean intended = log.getName().startsWith("Intended-");
      HistogramLogReader reader = new HistogramLogReader(log);
      EncodableHistogram e;
      while ((e = reader.nextIntervalHistogram()) != null) {
        Histogram h = (Histogram) e;
        intervals.add(new long[] {h.getStartTimeStamp(), h.getEndTimeStamp(), hists.size()});
        hists.add(h);
        isIntended.add(intended);
      }
      reader.close();
    }
    long t0 = Long.MAX_VALUE;
    long tEnd = Long.MIN_VALUE;
    for (long[] iv : intervals) {
      t0 = Math.min(t0, iv[0]);
      tEnd = Math.max(tEnd, iv[1]);
    }
    int count = (int) ((tEnd - t0 + windowMs - 1) / windowMs);
    List<Window> windows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Window w = new Window();
      w.fromMs = t0 + i * windowMs;
      w.toMs = Math.min(tEnd, w.fromMs + windowMs);
      w.whole = w.toMs - w.fromMs == windowMs;
      windows.add(w);
    }
    for (long[] iv : intervals) {
      int i = (int) (((iv[0] + iv[1]) / 2 - t0) / windowMs);
      Window w = windows.get(Math.min(i, count - 1));
      Histogram h = hists.get((int) iv[2]);
      if (isIntended.get((int) iv[2])) {
        w.intended.add(h);
      } else {
        w.service.add(h);
        w.ops += h.getTotalCount();
      }
    }
    List<double[]> rows = readSamples(samples); // epoch ms, ticks, rss kB
    for (Window w : windows) {
      double a = interpolate(rows, w.fromMs, 1);
      double b = interpolate(rows, w.toMs, 1);
      w.cpuSec = (b - a) / ticksPerSec;
      w.rssMb = lastAtOrBefore(rows, w.toMs, 2) / 1024.0;
    }
    readGc(gcLog, windows);
    // A last window that holds no interval (the final interval ended just past a window's edge) says nothing.
    while (windows.size() > 1 && !windows.get(windows.size() - 1).whole && windows.get(windows.size() - 1).ops == 0) {
      windows.remove(windows.size() - 1);
    }
    count = windows.size();

    System.out.println("| window | from-to (min) | operations | ops/s | CPU/op (us) | RSS at end (MB) "
        + "| heap after GC min-max (MB) | service p99 (us) | intended p50 (us) | intended p99 (us) "
        + "| intended p99.9 (us) |");
    System.out.println("|---:|---|---:|---:|---:|---:|---|---:|---:|---:|---:|");
    for (int i = 0; i < count; i++) {
      Window w = windows.get(i);
      double secs = (w.toMs - w.fromMs) / 1000.0;
      System.out.println(String.format(Locale.ROOT,
          "| %d%s | %.1f-%.1f | %d | %.0f | %.2f | %.0f | %s | %d | %d | %d | %d |", i + 1, w.whole ? "" : " (part)",
          (w.fromMs - t0) / 60000.0, (w.toMs - t0) / 60000.0, w.ops, w.ops / secs, cpuPerOpUs(w),
          w.rssMb, Double.isNaN(w.heapAfterGcMinMb) ? "no GC"
              : String.format(Locale.ROOT, "%.0f-%.0f", w.heapAfterGcMinMb, w.heapAfterGcMaxMb),
          w.service.getValueAtPercentile(99), w.intended.getValueAtPercentile(50),
          w.intended.getValueAtPercentile(99), w.intended.getValueAtPercentile(99.9)));
    }
    Window last = null;
    for (Window w : windows) {
      if (w.whole) {
        last = w;
      }
    }
    if (count < 3 || last == null || last == windows.get(1) || !windows.get(1).whole) {
      System.out.println();
      System.out.println("Drift check: needs at least three whole windows (the second and a later last one).");
      return;
    }
    Window second = windows.get(1);
    double cpuDrift = cpuPerOpUs(last) / cpuPerOpUs(second) - 1;
    double rssDrift = last.rssMb / second.rssMb - 1;
    System.out.println();
    System.out.println(String.format(Locale.ROOT,
        "Drift check (last whole window %d against window 2): CPU per operation %+.1f%% (%s), RSS %+.1f%% (%s); "
            + "the issue's bound is 5%%.",
        windows.indexOf(last) + 1, cpuDrift * 100, Math.abs(cpuDrift) <= 0.05 ? "within" : "OUTSIDE",
        rssDrift * 100, Math.abs(rssDrift) <= 0.05 ? "within" : "OUTSIDE"));
  }

  private static double cpuPerOpUs(Window w) {
    return w.ops == 0 ? Double.NaN : w.cpuSec * 1e6 / w.ops;
  }

  private static List<double[]> readSamples(File f) throws IOException {
    List<double[]> rows = new ArrayList<>();
    try (BufferedReader r = Files.newBufferedReader(f.toPath(), StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        String[] p = line.split(",");
        if (p.length == 3 && !p[0].startsWith("epoch")) {
          rows.add(new double[] {Double.parseDouble(p[0]), Double.parseDouble(p[1]), Double.parseDouble(p[2])});
        }
      }
    }
    if (rows.size() < 2) {
      System.err.println("SoakWindows: fewer than two samples in " + f);
      System.exit(1);
    }
    return rows;
  }

  /** Column {@code col} at time {@code t}, linear between the samples around it (the edge sample outside them). */
  private static double interpolate(List<double[]> rows, long t, int col) {
    double[] before = rows.get(0);
    if (t <= before[0]) {
      return before[col];
    }
    for (double[] row : rows) {
      if (row[0] >= t) {
        double span = row[0] - before[0];
        return span == 0 ? row[col] : before[col] + (row[col] - before[col]) * (t - before[0]) / span;
      }
      before = row;
    }
    return before[col];
  }

  private static double lastAtOrBefore(List<double[]> rows, long t, int col) {
    double[] last = rows.get(0);
    for (double[] row : rows) {
      if (row[0] > t) {
        break;
      }
      last = row;
    }
    return last[col];
  }

  private static void readGc(File gcLog, List<Window> windows) throws IOException {
    if (!gcLog.isFile()) {
      return;
    }
    for (String line : Files.readAllLines(gcLog.toPath(), StandardCharsets.UTF_8)) {
      Matcher m = GC_LINE.matcher(line);
      if (!m.find()) {
        continue;
      }
      long t = Long.parseLong(m.group(1));
      double afterMb = mb(Long.parseLong(m.group(4)), m.group(5));
      for (Window w : windows) {
        if (t >= w.fromMs && t < w.toMs + (w == windows.get(windows.size() - 1) ? 1 : 0)) {
          w.heapAfterGcMinMb = Double.isNaN(w.heapAfterGcMinMb) ? afterMb : Math.min(w.heapAfterGcMinMb, afterMb);
          w.heapAfterGcMaxMb = Double.isNaN(w.heapAfterGcMaxMb) ? afterMb : Math.max(w.heapAfterGcMaxMb, afterMb);
        }
      }
    }
  }

  private static double mb(long value, String unit) {
    switch (unit) {
      case "K":
        return value / 1024.0;
      case "G":
        return value * 1024.0;
      default:
        return value;
    }
  }
}
