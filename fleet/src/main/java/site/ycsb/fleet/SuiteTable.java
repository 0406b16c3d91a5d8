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
 * {@code [OVERALL], Throughput(ops/sec)} line of its output.txt; the best repeat of each phase is marked.
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

  /** The repeat with the highest throughput for a phase, or 0 if none has a figure. */
  int best(String phase) {
    int best = 0;
    double top = -1;
    for (Map.Entry<Integer, Double> e : byPhase.getOrDefault(phase, new TreeMap<>()).entrySet()) {
      if (e.getValue() != null && e.getValue() > top) {
        top = e.getValue();
        best = e.getKey();
      }
    }
    return best;
  }

  String markdown() {
    StringBuilder sb = new StringBuilder("| phase |");
    List<String> sep = new ArrayList<>();
    for (int r = 1; r <= maxRepeat; r++) {
      sb.append(" repeat ").append(r).append(" (ops/s) |");
      sep.add("---:");
    }
    sb.append(maxRepeat > 1 ? " best |\n|---|" : "\n|---|");
    for (String s : sep) {
      sb.append(s).append('|');
    }
    sb.append(maxRepeat > 1 ? "---|\n" : "\n");
    for (Map.Entry<String, Map<Integer, Double>> e : byPhase.entrySet()) {
      int best = best(e.getKey());
      sb.append("| ").append(e.getKey()).append(" |");
      for (int r = 1; r <= maxRepeat; r++) {
        Double v = e.getValue().get(r);
        String cell = v == null ? (e.getValue().containsKey(r) ? "?" : "") : String.format(Locale.ROOT, "%.1f", v);
        sb.append(' ').append(maxRepeat > 1 && r == best ? "**" + cell + "**" : cell).append(" |");
      }
      if (maxRepeat > 1) {
        sb.append(best > 0 ? " repeat " + best : " ").append(" |");
      }
      sb.append('\n');
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
