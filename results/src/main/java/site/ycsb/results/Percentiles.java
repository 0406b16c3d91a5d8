package site.ycsb.results;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Percentile keys as summary.json spells them ("50", "99.9") and as the text exporter names them. */
final class Percentiles {
  /** Sorts keys numerically, so "99.9" comes after "99" and before "99.99". */
  static final Comparator<String> NUMERIC = Comparator.comparingDouble(Double::parseDouble);

  private Percentiles() {
  }

  /** The summary.json key of a percentile: no trailing zeros ("99.9", "50"). */
  static String key(double percentile) {
    return new BigDecimal(Double.toString(percentile)).stripTrailingZeros().toPlainString();
  }

  /** The label in {@code <label>PercentileLatency(us)}: "95th", "1st", or "99.9" for non-integers. */
  static String textLabel(double percentile) {
    if (percentile != Math.rint(percentile)) {
      return Double.toString(percentile);
    }
    long n = (long) percentile;
    long lastTwo = n % 100;
    if (lastTwo >= 11 && lastTwo <= 13) {
      return n + "th";
    }
    switch ((int) (n % 10)) {
    case 1:
      return n + "st";
    case 2:
      return n + "nd";
    case 3:
      return n + "rd";
    default:
      return n + "th";
    }
  }

  /** Parses a comma list such as "50,95,99"; entries that are not numbers in (0, 100] are skipped. */
  static List<Double> parseList(String list) {
    List<Double> out = new ArrayList<>();
    for (String part : list.split(",")) {
      try {
        double p = Double.parseDouble(part.trim());
        if (p > 0 && p <= 100) {
          out.add(p);
        }
      } catch (NumberFormatException ignored) {
        // the engine warns about a bad list when it runs; here we only need the usable entries
      }
    }
    return out;
  }
}
