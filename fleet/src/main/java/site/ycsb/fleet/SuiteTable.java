package site.ycsb.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Throughput of every completed phase directory ({@code <out>/<repeat>/<phase>}) by phase and repeat, from the
 * {@code [OVERALL], Throughput(ops/sec)} line of its output.txt, with the median and range over the repeats.
 */
final class SuiteTable {
  private final Map<String, Map<Integer, Double>> byPhase = new LinkedHashMap<>();
  private int maxRepeat;

  static SuiteTable read(List<Path> dirs) throws IOException {
    SuiteTable t = new SuiteTable();
    for (Path dir : dirs) {
      String phase = dir.getFileName().toString();
      int repeat = Integer.parseInt(dir.getParent().getFileName().toString());
      t.put(phase, repeat, throughput(dir.resolve("output.txt")));
    }
    return t;
  }

  void put(String phase, int repeat, Double throughput) {
    byPhase.computeIfAbsent(phase, k -> new TreeMap<>()).put(repeat, throughput);
    maxRepeat = Math.max(maxRepeat, repeat);
  }

  /** The throughputs of a phase's repeats that produced a figure, in repeat order. */
  List<Double> figures(String phase) {
    List<Double> out = new ArrayList<>();
    for (Double v : byPhase.getOrDefault(phase, new TreeMap<>()).values()) {
      if (v != null) {
        out.add(v);
      }
    }
    return out;
  }

  /** The median of the figures (the mean of the middle two for an even count), or null when there are none. */
  static Double median(List<Double> figures) {
    if (figures.isEmpty()) {
      return null;
    }
    List<Double> sorted = new ArrayList<>(figures);
    java.util.Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static String format(Double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /**
   * Every repeat's figure and, with more than one repeat, their median and range (min–max). No repeat is singled
   * out: the best of N is the luckiest, not the most representative.
   */
  String markdown() {
    StringBuilder sb = new StringBuilder("| phase |");
    List<String> sep = new ArrayList<>();
    for (int r = 1; r <= maxRepeat; r++) {
      sb.append(" repeat ").append(r).append(" (ops/s) |");
      sep.add("---:");
    }
    if (maxRepeat > 1) {
      sb.append(" median (ops/s) | min–max (ops/s) |");
      sep.add("---:");
      sep.add("---:");
    }
    sb.append("\n|---|");
    for (String s : sep) {
      sb.append(s).append('|');
    }
    sb.append('\n');
    for (Map.Entry<String, Map<Integer, Double>> e : byPhase.entrySet()) {
      sb.append("| ").append(e.getKey()).append(" |");
      for (int r = 1; r <= maxRepeat; r++) {
        Double v = e.getValue().get(r);
        sb.append(' ').append(v == null ? (e.getValue().containsKey(r) ? "?" : "") : format(v)).append(" |");
      }
      if (maxRepeat > 1) {
        List<Double> figures = figures(e.getKey());
        Double median = median(figures);
        sb.append(' ').append(median == null ? "" : format(median)).append(" |");
        sb.append(' ').append(figures.isEmpty() ? ""
            : format(java.util.Collections.min(figures)) + "–" + format(java.util.Collections.max(figures)))
            .append(" |");
      }
      sb.append('\n');
    }
    if (maxRepeat > 1) {
      sb.append("\nEvery repeat is shown; the median and the range (min–max) are over the repeats that produced a "
          + "figure (`?`: the phase ran but reported none). No repeat is marked as best.\n");
    }
    return sb.toString();
  }

  static Double throughput(Path outputTxt) throws IOException {
    if (!Files.isRegularFile(outputTxt)) {
      return null;
    }
    for (String line : Files.readAllLines(outputTxt, StandardCharsets.UTF_8)) {
      if (line.startsWith("[OVERALL], Throughput(ops/sec),")) {
        try {
          return Double.parseDouble(line.substring(line.lastIndexOf(',') + 1).trim());
        } catch (NumberFormatException e) {
          return null;
        }
      }
    }
    return null;
  }
}
