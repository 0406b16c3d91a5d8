package site.ycsb.fleet.suite;

import site.ycsb.output.SummaryFields;
import site.ycsb.results.ResultDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Throughput of every completed phase directory ({@code <out>/<repeat>/<phase>}) by phase and repeat, read from its
 * summary.json ({@link ResultDir}). With more than one repeat every repeat is shown with the median and the spread
 * (min–max) of the repeats; no repeat is singled out, because picking the best of N is cherry-picking.
 */
final class SuiteTable {
  private final Map<String, Map<Integer, Double>> byPhase = new LinkedHashMap<>();
  /** Each phase directory's client verdicts, "phase|repeat" in the order the phases ran. */
  private final Map<String, List<ClientVerdicts.Verdict>> verdicts = new LinkedHashMap<>();
  private int maxRepeat;

  static SuiteTable read(List<Path> dirs) {
    SuiteTable t = new SuiteTable();
    for (Path dir : dirs) {
      String phase = dir.getFileName().toString();
      int repeat = Integer.parseInt(dir.getParent().getFileName().toString());
      t.put(phase, repeat, throughput(dir));
      t.verdicts.put(phase + "|" + repeat, ClientVerdicts.of(dir));
    }
    return t;
  }

  /**
   * Each client's verdict on the lateness of every phase and repeat, with its measures, as a markdown section; "" when
   * no run recorded one (an older engine).
   */
  String verdictsMarkdown() {
    StringBuilder sb = new StringBuilder("\n## Client verdicts: what made operations late, and the measure of each "
        + "cause\n\n| phase | repeat | client | verdict | measures |\n|---|---:|---|---|---|\n");
    boolean any = false;
    for (Map.Entry<String, List<ClientVerdicts.Verdict>> e : verdicts.entrySet()) {
      String[] key = e.getKey().split("\\|");
      for (ClientVerdicts.Verdict v : e.getValue()) {
        if (v.cause.isEmpty()) {
          continue;
        }
        any = true;
        sb.append("| ").append(key[0]).append(" | ").append(key[1]).append(" | ").append(v.host).append(" | ")
            .append(v.causeWords()).append(v.text.isEmpty() ? "" : ": " + v.text).append(" | ").append(v.measures)
            .append(" |\n");
      }
    }
    return any ? sb.toString().replace("\r", "") : "";
  }

  void put(String phase, int repeat, Double throughput) {
    byPhase.computeIfAbsent(phase, k -> new TreeMap<>()).put(repeat, throughput);
    maxRepeat = Math.max(maxRepeat, repeat);
  }

  /** The figures of a phase that are known, in ascending order. */
  private List<Double> sorted(String phase) {
    List<Double> values = new ArrayList<>();
    for (Double v : byPhase.getOrDefault(phase, Collections.<Integer, Double>emptyMap()).values()) {
      if (v != null) {
        values.add(v);
      }
    }
    Collections.sort(values);
    return values;
  }

  /** The median throughput of a phase over its repeats (mean of the middle two for an even count); null if none. */
  Double median(String phase) {
    List<Double> v = sorted(phase);
    if (v.isEmpty()) {
      return null;
    }
    int n = v.size();
    return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
  }

  String markdown() {
    StringBuilder sb = new StringBuilder("| phase |");
    List<String> sep = new ArrayList<>();
    for (int r = 1; r <= maxRepeat; r++) {
      sb.append(" repeat ").append(r).append(" (ops/s) |");
      sep.add("---:");
    }
    boolean stats = maxRepeat > 1;
    sb.append(stats ? " median (ops/s) | min–max (ops/s) | spread |\n|---|" : "\n|---|");
    for (String s : sep) {
      sb.append(s).append('|');
    }
    sb.append(stats ? "---:|---:|---:|\n" : "\n");
    for (Map.Entry<String, Map<Integer, Double>> e : byPhase.entrySet()) {
      sb.append("| ").append(e.getKey()).append(" |");
      for (int r = 1; r <= maxRepeat; r++) {
        Double v = e.getValue().get(r);
        sb.append(' ').append(v == null ? (e.getValue().containsKey(r) ? "?" : "") : format(v)).append(" |");
      }
      if (stats) {
        List<Double> v = sorted(e.getKey());
        Double median = median(e.getKey());
        if (v.isEmpty()) {
          sb.append(" ? | ? | ? |");
        } else {
          double min = v.get(0);
          double max = v.get(v.size() - 1);
          String spread = median > 0 ? String.format(Locale.ROOT, "%.1f%%", 100 * (max - min) / median) : "?";
          sb.append(' ').append(format(median)).append(v.size() < e.getValue().size() ? " (of " + v.size() + ")" : "")
              .append(" | ").append(format(min)).append("–").append(format(max)).append(" | ").append(spread)
              .append(" |");
        }
      }
      sb.append('\n');
    }
    if (stats) {
      sb.append("\nmedian and min–max over the repeats of each phase; spread = (max − min) / median.\n");
    }
    return sb.toString();
  }

  private static String format(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** The throughput in a phase directory's summary.json; null when it has none or cannot be read. */
  static Double throughput(Path phaseDir) {
    try {
      ResultDir r = ResultDir.load(phaseDir);
      return r.summary().hasNonNull(SummaryFields.THROUGHPUT) ? r.throughput() : null;
    } catch (site.ycsb.results.UsageException e) {
      return null;
    }
  }
}
