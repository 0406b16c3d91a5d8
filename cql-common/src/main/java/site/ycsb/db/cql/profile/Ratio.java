package site.ycsb.db.cql.profile;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A cassandra-stress ratio distribution, {@code <distribution>/<divisor>} (e.g. {@code uniform(1..10)/10}): the
 * chance, drawn afresh for each partition each time an insert visits it, that any one row of the visit is written.
 * A draw is the distribution's whole-number value divided by the divisor. Accepted only when every draw lies in
 * [0..1] and some draw is above 0 (a ratio that is always 0 would write nothing). Immutable.
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

  /**
   * Parses {@code dist/divisor}.
   *
   * @throws IllegalArgumentException with a one-line reason
   */
  static Ratio parse(String definition) {
    String d = definition == null ? "" : definition;
    Matcher m = FORM.matcher(d);
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + d + "' is not a ratio <distribution>/<divisor> (e.g. fixed(1)/1, "
          + "uniform(1..10)/10)");
    }
    // The project's one spelling of a number (not Java's 1d, 0x1p3 or other scripts' digits).
    if (!site.ycsb.support.TypedProperties.isDecimalNumber(m.group(2))) {
      throw new IllegalArgumentException("'" + d + "': the divisor '" + m.group(2) + "' is not a number");
    }
    double divisor = Double.parseDouble(m.group(2));
    if (!(divisor > 0) || Double.isInfinite(divisor)) {
      throw new IllegalArgumentException("'" + d + "': the divisor must be a number > 0");
    }
    Distribution dist;
    try {
      dist = Distribution.parse(m.group(1));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + d + "': " + e.getMessage());
    }
    if (dist.min() < 0) {
      throw new IllegalArgumentException("'" + d + "': a ratio cannot be negative (" + dist + " gives " + dist.min()
          + ")");
    }
    if (dist.max() / divisor > 1) {
      throw new IllegalArgumentException("'" + d + "': a ratio cannot exceed 1 (" + dist + " gives up to "
          + dist.max() + ", over " + m.group(2) + ")");
    }
    if (dist.max() == 0) {
      throw new IllegalArgumentException("'" + d + "': the ratio is always 0, so no row would ever be written");
    }
    return new Ratio(d.trim(), dist, divisor);
  }

  /** The ratio for uniform number {@code u} in [0,1): within [0..1]. */
  double sample(double u) {
    return distribution.sample(u) / divisor;
  }

  /** True when every draw is 1 (every row of a visit is written). */
  boolean always() {
    return distribution.min() / divisor >= 1;
  }

  @Override
  public String toString() {
    return text;
  }
}
