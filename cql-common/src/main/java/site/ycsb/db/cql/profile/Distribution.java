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
 * the same value. The definitions are cassandra-stress's (its distribution option help and set-up; min, max
 * inclusive, width = max-min):
 * <ul>
 *   <li>{@code FIXED(v)}: always v.</li>
 *   <li>{@code UNIFORM(min..max)}: every whole number of the range equally likely.</li>
 *   <li>{@code EXP(min..max)}: min + an exponential variate truncated to a whole number and capped at width; its mean
 *       is width / (ln(width)/2), so the exponential's quantile 1-sqrt(1/width) falls on max and max itself keeps
 *       the remaining sqrt(1/width) of the mass. With width 1 that mean is infinite and every value is max (as in
 *       cassandra-stress).</li>
 *   <li>{@code EXTREME(min..max,shape)}: the same with a Weibull of that shape, scaled so that its quantile
 *       1-sqrt(1/width) falls on max.</li>
 *   <li>{@code QEXTREME(min..max,shape,quantas)}: the EXTREME distribution split at its quantiles 1/quantas,
 *       2/quantas, ... into quantas bands [b(i)..b(i+1)) (b(0) = min, b(quantas) = max+1): a band is chosen with the
 *       chance that EXTREME falls into it, and within it every value is equally likely.</li>
 *   <li>{@code GAUSSIAN(min..max[,stdvrng])}: normal, mean (min+max)/2, standard deviation (width/2)/stdvrng, with
 *       stdvrng 3 when omitted; {@code GAUSSIAN(min..max,mean,stdev)}: normal with that mean and standard deviation.
 *       The variate is truncated to a whole number (toward zero) and clamped into [min..max].</li>
 *   <li>{@code SEQ(min..max)}: the same as UNIFORM. cassandra-stress's sequence restarts at an offset given by the
 *       value's seed before every draw of a profile column, so each value is fixed by its seed and spread over the
 *       range; here every value of the range is equally likely.</li>
 * </ul>
 * A leading {@code ~} inverts a distribution ({@code ~exp(1..10)} gives 10 most often): the value v becomes
 * max - (v - min). The range may be written {@code min..max} or with more dots ({@code 1...10}), as cassandra-stress
 * reads it. Names are case-insensitive; aliases {@code GAUSS}, {@code NORMAL}, {@code NORM}, {@code EXTR},
 * {@code WEIBULL}, {@code QEXTR}. Immutable.
 */
public final class Distribution {
  private static final String NUM = "[-+]?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?";
  private static final Pattern FORM = Pattern.compile(
      "\\s*(~?)\\s*([a-zA-Z]+)\\s*\\(\\s*(" + NUM + "[bBmMkK]?)\\s*(?:\\.\\.+\\s*(" + NUM + "[bBmMkK]?)\\s*)?"
          + "((?:,\\s*[^,()]+)*)\\)\\s*");

  /** How a variate of {@link #real} becomes a value. */
  private enum Kind {
    FIXED, UNIFORM, OFFSET, BOUNDED, QUANTISED
  }

  /** The most bands QEXTREME may have (its band table is kept in memory). */
  static final int MAX_QUANTAS = 1_000_000;

  private final String text;
  private final Kind kind;
  private final long min;
  private final long max;
  private final boolean inverted;
  private final RealDistribution real;
  /** QEXTREME's band bounds b(0..quantas), nondecreasing; null for the other kinds. */
  private final long[] bounds;

  private Distribution(String text, Kind kind, long min, long max, boolean inverted, RealDistribution real) {
    this.text = text;
    this.kind = kind;
    this.min = min;
    this.max = max;
    this.inverted = inverted;
    this.real = real;
    this.bounds = null;
  }

  /** A QEXTREME: EXTREME's offset Weibull {@code real} over [min..max], split into {@code quantas} bands. */
  private Distribution(String text, long min, long max, boolean inverted, RealDistribution real, int quantas) {
    this.text = text;
    this.kind = Kind.QUANTISED;
    this.min = min;
    this.max = max;
    this.inverted = inverted;
    this.real = real;
    long[] b = new long[quantas + 1];
    b[0] = min;
    b[quantas] = max + 1;
    for (int i = 1; i < quantas; i++) {
      b[i] = offsetValue(i / (double) quantas);
    }
    this.bounds = b;
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
    boolean inverted = !m.group(1).isEmpty();
    String name = m.group(2).toUpperCase(Locale.ROOT);
    long a = number(m.group(3), definition);
    String[] extra = m.group(5).trim().isEmpty() ? new String[0] : m.group(5).trim().substring(1).split(",");
    double[] params = new double[extra.length];
    for (int i = 0; i < extra.length; i++) {
      try {
        params[i] = Double.parseDouble(extra[i].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("'" + definition + "': '" + extra[i].trim() + "' is not a number");
      }
    }
    String text = definition.trim();
    if (name.equals("FIXED")) {
      if (m.group(4) != null || params.length != 0) {
        throw new IllegalArgumentException("'" + definition + "': FIXED takes one value, e.g. fixed(1)");
      }
      return new Distribution(text, Kind.FIXED, a, a, false, null);
    }
    if (m.group(4) == null) {
      throw new IllegalArgumentException("'" + definition + "': " + name + " needs a range min..max");
    }
    long b = number(m.group(4), definition);
    if (b < a) {
      throw new IllegalArgumentException("'" + definition + "': the range " + a + ".." + b + " is empty (max < min)");
    }
    double width = (double) b - a;
    switch (name) {
      case "UNIFORM":
      case "SEQ":
        params(definition, name, params, 0);
        return new Distribution(text, Kind.UNIFORM, a, b, inverted, null);
      case "EXP":
        params(definition, name, params, 0);
        return new Distribution(text, Kind.OFFSET, a, b, inverted,
            width <= 1 ? null : new ExponentialDistribution(null, width / edgeQuantile(width)));
      case "EXTREME":
      case "EXTR":
      case "WEIBULL":
        params(definition, name, params, 1);
        positive(definition, "shape", params[0]);
        return new Distribution(text, Kind.OFFSET, a, b, inverted, width <= 1 ? null
            : new WeibullDistribution(null, params[0], width / Math.pow(edgeQuantile(width), 1 / params[0])));
      case "QEXTREME":
      case "QEXTR": {
        params(definition, name, params, 2);
        positive(definition, "shape", params[0]);
        double q = params[1];
        if (q != Math.rint(q) || q < 1 || q > MAX_QUANTAS) {
          throw new IllegalArgumentException("'" + definition + "': quantas must be a whole number within 1.."
              + MAX_QUANTAS + ", got " + extra[1].trim());
        }
        if (a == b) {
          return new Distribution(text, Kind.FIXED, a, a, false, null);
        }
        return new Distribution(text, a, b, inverted, width <= 1 ? null
            : new WeibullDistribution(null, params[0], width / Math.pow(edgeQuantile(width), 1 / params[0])), (int) q);
      }
      case "GAUSSIAN":
      case "GAUSS":
      case "NORMAL":
      case "NORM": {
        double mean;
        double stdev;
        if (params.length <= 1) {
          double stdvrng = params.length == 1 ? params[0] : 3;
          positive(definition, "stdvrng", stdvrng);
          mean = (a + (double) b) / 2;
          stdev = width / 2 / stdvrng;
        } else if (params.length == 2) {
          positive(definition, "stdev", params[1]);
          mean = params[0];
          stdev = params[1];
        } else {
          throw new IllegalArgumentException("'" + definition + "': GAUSSIAN takes (min..max[,stdvrng]) or "
              + "(min..max,mean,stdev)");
        }
        return new Distribution(text, Kind.BOUNDED, a, b, inverted,
            stdev > 0 ? new NormalDistribution(null, mean, stdev, 1e-9) : null);
      }
      default:
        throw new IllegalArgumentException("'" + definition + "': unknown distribution '" + m.group(2)
            + "' (known: FIXED, UNIFORM, EXP, EXTREME, QEXTREME, GAUSSIAN, SEQ)");
    }
  }

  /**
   * The unit-rate exponential's quantile at 1-sqrt(1/width), i.e. ln(width)/2: the point cassandra-stress maps to
   * the top of the range (it takes the square root of 1/width so that the tail is not too thin).
   */
  static double edgeQuantile(double width) {
    return Math.log(width) / 2;
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

  /** The value for uniform number {@code u} in [0,1); always within [min..max]. */
  public long sample(double u) {
    if (min == max) {
      return min;
    }
    long v = inverted ? max - (draw(u) - min) : draw(u);
    return v < min ? min : v > max ? max : v;
  }

  private long draw(double u) {
    switch (kind) {
      case UNIFORM:
        return min + (long) Math.floor(u * ((double) max - min + 1));
      case OFFSET:
        return offsetValue(u);
      case QUANTISED:
        return quantised(u);
      case BOUNDED:
        if (real == null) {
          return min;
        }
        return clamp((long) real.inverseCumulativeProbability(clampU(u)), min, max);
      default:
        return min;
    }
  }

  /** EXP's and EXTREME's value for {@code u}: min + the variate truncated to a whole number, capped at max. */
  private long offsetValue(double u) {
    if (real == null) { // width 1: the defining mean is infinite, every variate lies beyond the range
      return max;
    }
    return min + clamp((long) real.inverseCumulativeProbability(clampU(u)), 0, max - min);
  }

  /** P(EXTREME's value < x). */
  private double below(long x) {
    if (x <= min) {
      return 0;
    }
    if (x > max) {
      return 1;
    }
    return real == null ? 0 : real.cumulativeProbability(x - min);
  }

  /**
   * QEXTREME's value for {@code u}: EXTREME's value for u picks the band; where u lies within that band's share of
   * the probability (uniform, given the band) picks the value within the band, so one uniform number suffices.
   */
  private long quantised(double u) {
    long v = offsetValue(u);
    int k = java.util.Arrays.binarySearch(bounds, v);
    if (k < 0) {
      k = -k - 2; // the last bound below v
    } else {
      while (k + 1 < bounds.length - 1 && bounds[k + 1] == v) {
        k++; // equal bounds: the band that starts at v is the one that is not empty
      }
    }
    long lo = bounds[k];
    long hi = bounds[k + 1];
    double pLo = below(lo);
    double share = below(hi) - pLo;
    double r = share > 0 ? (u - pLo) / share : 0;
    r = r < 0 ? 0 : r >= 1 ? Math.nextDown(1.0) : r;
    return lo + (long) Math.floor(r * (hi - lo));
  }

  private static long clamp(long v, long lo, long hi) {
    return v < lo ? lo : v > hi ? hi : v;
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
