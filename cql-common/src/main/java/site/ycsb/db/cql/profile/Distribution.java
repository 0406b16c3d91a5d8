package site.ycsb.db.cql.profile;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.distribution.WeibullDistribution;

/**
 * A cassandra-stress value distribution over whole numbers, sampled deterministically: {@link #sample(double)}
 * maps a uniform number in [0,1) to a value by the inverse cumulative distribution, so the same seed always gives
 * the same value. Definitions (min, max inclusive; every value is clamped into [min..max]):
 * <ul>
 *   <li>{@code FIXED(v)}: always v.</li>
 *   <li>{@code UNIFORM(min..max)}: every whole number of the range equally likely.</li>
 *   <li>{@code EXP(min..max)}: min + an exponential whose mean puts 99.9% of its mass below max-min.</li>
 *   <li>{@code EXTREME(min..max,shape)}: min + a Weibull of that shape whose 99.9th percentile is max-min.</li>
 *   <li>{@code GAUSSIAN(min..max,stdvrng)}: normal, mean (min+max)/2, standard deviation (mean-min)/stdvrng;
 *       {@code GAUSSIAN(min..max,mean,stdev)}: normal with that mean and standard deviation.</li>
 * </ul>
 * Names are case-insensitive; {@code GAUSS} and {@code NORMAL} are accepted for GAUSSIAN. Immutable.
 */
public final class Distribution {
  /** Quantile of EXP and EXTREME that falls at max. */
  static final double TAIL = 0.999;
  private static final String NUM = "[-+]?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?";
  private static final Pattern FORM = Pattern.compile(
      "\\s*([a-zA-Z]+)\\s*\\(\\s*(" + NUM + "[bBmMkK]?)\\s*(?:\\.\\.\\s*(" + NUM + "[bBmMkK]?)\\s*)?"
          + "((?:,\\s*[^,()]+)*)\\)\\s*");

  private final String text;
  private final long min;
  private final long max;
  private final RealDistribution real;

  private Distribution(String text, long min, long max, RealDistribution real) {
    this.text = text;
    this.min = min;
    this.max = max;
    this.real = real;
  }

  /**
   * Parses a definition such as {@code uniform(1..20)}.
   *
   * @throws IllegalArgumentException with a one-line reason
   */
  public static Distribution parse(String definition) {
    Matcher m = FORM.matcher(definition == null ? "" : definition);
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + definition + "' is not a distribution (expected e.g. fixed(1), "
          + "uniform(1..10), exp(1..10), extreme(1..10,1.5), gaussian(1..10,3))");
    }
    String name = m.group(1).toUpperCase(Locale.ROOT);
    long a = number(m.group(2), definition);
    String[] extra = m.group(4).trim().isEmpty() ? new String[0] : m.group(4).trim().substring(1).split(",");
    double[] params = new double[extra.length];
    for (int i = 0; i < extra.length; i++) {
      try {
        params[i] = Double.parseDouble(extra[i].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("'" + definition + "': '" + extra[i].trim() + "' is not a number");
      }
    }
    if (name.equals("FIXED")) {
      if (m.group(3) != null || params.length != 0) {
        throw new IllegalArgumentException("'" + definition + "': FIXED takes one value, e.g. fixed(1)");
      }
      return new Distribution(definition.trim(), a, a, null);
    }
    if (m.group(3) == null) {
      throw new IllegalArgumentException("'" + definition + "': " + name + " needs a range min..max");
    }
    long b = number(m.group(3), definition);
    if (b < a) {
      throw new IllegalArgumentException("'" + definition + "': the range " + a + ".." + b + " is empty (max < min)");
    }
    double width = (double) b - a;
    RealDistribution real;
    switch (name) {
      case "UNIFORM":
        params(definition, name, params, 0);
        real = null;
        break;
      case "EXP":
        params(definition, name, params, 0);
        real = width == 0 ? null : new ExponentialDistribution(null, width / -Math.log(1 - TAIL));
        break;
      case "EXTREME":
        params(definition, name, params, 1);
        positive(definition, "shape", params[0]);
        real = width == 0 ? null : new WeibullDistribution(null, params[0],
            width / Math.pow(-Math.log(1 - TAIL), 1 / params[0]));
        break;
      case "GAUSSIAN":
      case "GAUSS":
      case "NORMAL":
        if (params.length == 1) {
          positive(definition, "stdvrng", params[0]);
          double mean = (a + (double) b) / 2;
          real = new NormalDistribution(null, mean, Math.max((mean - a) / params[0], Double.MIN_NORMAL));
        } else if (params.length == 2) {
          positive(definition, "stdev", params[1]);
          real = new NormalDistribution(null, params[0], params[1]);
        } else {
          throw new IllegalArgumentException("'" + definition + "': GAUSSIAN takes (min..max,stdvrng) or "
              + "(min..max,mean,stdev)");
        }
        break;
      default:
        throw new IllegalArgumentException("'" + definition + "': unknown distribution '" + m.group(1)
            + "' (known: FIXED, UNIFORM, EXP, EXTREME, GAUSSIAN)");
    }
    return new Distribution(definition.trim(), a, b, real);
  }

  private static void params(String definition, String name, double[] params, int expected) {
    if (params.length != expected) {
      throw new IllegalArgumentException("'" + definition + "': " + name + " takes " + (expected == 0
          ? "only a range min..max" : "a range and " + expected + " parameter(s)"));
    }
  }

  private static void positive(String definition, String what, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException("'" + definition + "': " + what + " must be > 0");
    }
  }

  /** Parses 100, 1e3, and the cassandra-stress suffixes k, m, b (thousand, million, billion). */
  private static long number(String s, String definition) {
    String t = s.toLowerCase(Locale.ROOT);
    long scale = 1;
    if (t.endsWith("k") || t.endsWith("m") || t.endsWith("b")) {
      scale = t.endsWith("k") ? 1_000L : t.endsWith("m") ? 1_000_000L : 1_000_000_000L;
      t = t.substring(0, t.length() - 1);
    }
    double v;
    try {
      v = Double.parseDouble(t) * scale;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + definition + "': '" + s + "' is not a number");
    }
    if (v != Math.rint(v) || Math.abs(v) > 1e18) {
      throw new IllegalArgumentException("'" + definition + "': '" + s + "' is not a whole number in range");
    }
    return (long) v;
  }

  /** The value for uniform number {@code u} in [0,1). */
  public long sample(double u) {
    if (min == max) {
      return min;
    }
    double v;
    if (real == null) {
      v = min + Math.floor(u * ((double) max - min + 1));
    } else if (real instanceof NormalDistribution) {
      v = Math.rint(real.inverseCumulativeProbability(clampU(u)));
    } else {
      v = min + Math.floor(real.inverseCumulativeProbability(clampU(u)));
    }
    if (v < min) {
      return min;
    }
    return v > max ? max : (long) v;
  }

  private static double clampU(double u) {
    return Math.min(Math.max(u, 1e-12), 1 - 1e-12);
  }

  public long min() {
    return min;
  }

  public long max() {
    return max;
  }

  @Override
  public String toString() {
    return text;
  }
}
