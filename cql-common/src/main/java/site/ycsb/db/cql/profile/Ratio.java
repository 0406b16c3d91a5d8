package site.ycsb.db.cql.profile;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A cassandra-stress ratio distribution, {@code <distribution>/<divisor>} (e.g. {@code uniform(1..10)/10}): a chance
 * or a share, drawn afresh for each partition each time an insert visits it. A draw is the distribution's
 * whole-number value divided by the divisor, clamped into [0..1] as cassandra-stress clamps it (so
 * {@code uniform(1..10)/5} gives 1 half of the time). The divisor is a number > 0, with cassandra-stress's suffixes
 * k, m, b allowed ({@code fixed(1)/1k}). A ratio that is always 0 is refused where it would write nothing
 * ({@link #parse(String, boolean)}). Immutable.
 */
final class Ratio {
  private static final Pattern FORM = Pattern.compile("\\s*(.*\\))\\s*/\\s*([^/]*?)\\s*");

  private final String text;
  private final Distribution distribution;
  private final double divisor;

  private Ratio(String text, Distribution distribution, double divisor) {
    this.text = text;
    this.distribution = distribution;
    this.divisor = divisor;
  }

  /** Parses {@code dist/divisor}, refusing a ratio that is always 0. */
  static Ratio parse(String definition) {
    return parse(definition, false);
  }

  /**
   * Parses {@code dist/divisor}.
   *
   * @param zeroAllowed whether a ratio that is always 0 is accepted
   * @throws IllegalArgumentException with a one-line reason
   */
  static Ratio parse(String definition, boolean zeroAllowed) {
    String d = definition == null ? "" : definition;
    Matcher m = FORM.matcher(d);
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + d + "' is not a ratio <distribution>/<divisor> (e.g. fixed(1)/1, "
          + "uniform(1..10)/10)");
    }
    // The project's one spelling of a number (not Java's 1d, 0x1p3 or other scripts' digits).
    String number = m.group(2);
    double scale = 1;
    String suffix = number.isEmpty() ? "" : number.substring(number.length() - 1).toLowerCase(java.util.Locale.ROOT);
    if (suffix.equals("k") || suffix.equals("m") || suffix.equals("b")) {
      scale = suffix.equals("k") ? 1e3 : suffix.equals("m") ? 1e6 : 1e9;
      number = number.substring(0, number.length() - 1);
    }
    if (!site.ycsb.support.TypedProperties.isDecimalNumber(number)) {
      throw new IllegalArgumentException("'" + d + "': the divisor '" + m.group(2) + "' is not a number");
    }
    double divisor = Double.parseDouble(number) * scale;
    if (!(divisor > 0) || Double.isInfinite(divisor)) {
      throw new IllegalArgumentException("'" + d + "': the divisor must be a number > 0");
    }
    Distribution dist;
    try {
      dist = Distribution.parse(m.group(1));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + d + "': " + e.getMessage());
    }
    if (dist.max() <= 0 && !zeroAllowed) {
      throw new IllegalArgumentException("'" + d + "': the ratio is always 0, so no row would ever be written");
    }
    return new Ratio(d.trim(), dist, divisor);
  }

  /** The ratio for uniform number {@code u} in [0,1): within [0..1]. */
  double sample(double u) {
    return clamp(distribution.sample(u) / divisor);
  }

  /** True when every draw is 1 (every row of a visit is written). */
  boolean always() {
    return distribution.min() / divisor >= 1;
  }

  /** The least draw (within [0..1]). */
  double min() {
    return clamp(distribution.min() / divisor);
  }

  /** The greatest draw (within [0..1]). */
  double max() {
    return clamp(distribution.max() / divisor);
  }

  private static double clamp(double r) {
    return r < 0 ? 0 : r > 1 ? 1 : r;
  }

  @Override
  public String toString() {
    return text;
  }
}
