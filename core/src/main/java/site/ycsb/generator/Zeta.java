package site.ycsb.generator;

/**
 * Generalised harmonic numbers {@code zeta(n, theta) = sum_{i=1..n} 1 / i^theta}, the normalising constant of a
 * Zipfian distribution over n items.
 *
 * <p>Up to {@link #EXACT_TERMS} terms are summed one by one in increasing order; beyond that the tail is the
 * Euler-Maclaurin expansion (integral, end-point and two derivative corrections), whose error there is far below
 * one unit in the last place. So building a generator for 10^9 items costs about a million terms, not 10^9.
 *
 * <p>Stateless and thread-safe.
 */
final class Zeta {
  /** Terms summed exactly before switching to the closed-form tail. */
  static final long EXACT_TERMS = 1L << 20;

  private Zeta() {
  }

  /** zeta(n, theta); 0 for n &lt;= 0. */
  static double of(long n, double theta) {
    if (n <= EXACT_TERMS) {
      return sumTerms(0.0, 1, n, theta);
    }
    return sumTerms(0.0, 1, EXACT_TERMS, theta) + tail(EXACT_TERMS + 1, n, theta);
  }

  /** {@code start + sum_{i=from..to} i^-theta}, summed in increasing i (so extending a sum is bit-identical). */
  static double sumTerms(double start, long from, long to, double theta) {
    double sum = start;
    for (long i = from; i <= to; i++) {
      sum += 1.0 / Math.pow(i, theta);
    }
    return sum;
  }

  /** Euler-Maclaurin estimate of {@code sum_{i=a..b} i^-theta} for large a. */
  static double tail(long a, long b, double theta) {
    if (b < a) {
      return 0.0;
    }
    double da = a;
    double db = b;
    double integral;
    double s = 1.0 - theta;
    if (Math.abs(s) < 1e-300) {
      integral = Math.log(db / da);
    } else {
      // a^s * (exp(s * ln(b/a)) - 1) / s, stable when s is tiny
      integral = Math.pow(da, s) * Math.expm1(s * Math.log(db / da)) / s;
    }
    double fa = Math.pow(da, -theta);
    double fb = Math.pow(db, -theta);
    double ends = (fa + fb) / 2.0;
    // f'(x) = -theta x^(-theta-1); B2/2! = 1/12
    double d1 = (-theta * fb / db) - (-theta * fa / da);
    // f'''(x) = -theta(theta+1)(theta+2) x^(-theta-3); B4/4! = -1/720
    double c3 = -theta * (theta + 1) * (theta + 2);
    double d3 = c3 * fb / (db * db * db) - c3 * fa / (da * da * da);
    return integral + ends + d1 / 12.0 - d3 / 720.0;
  }

  /** Largest change applied term by term; beyond it the closed-form tail (or a recomputation) is cheaper. */
  private static final long MAX_TERM_BY_TERM = 4096;

  /**
   * zeta(newCount) from zeta(oldCount) in O(min(|delta|, EXACT_TERMS)) at worst, O(1) when both counts are large.
   * Inside the exact region, growing continues the same ordered sum, so the result is bit-identical to
   * {@link #of(long, double)} for the new count.
   */
  static double resize(double zetaOld, long oldCount, long newCount, double theta) {
    if (newCount == oldCount) {
      return zetaOld;
    }
    long delta = Math.abs(newCount - oldCount);
    if (newCount > oldCount) {
      if (oldCount < EXACT_TERMS) {
        if (newCount <= EXACT_TERMS) {
          return sumTerms(zetaOld, oldCount + 1, newCount, theta);
        }
        return sumTerms(zetaOld, oldCount + 1, EXACT_TERMS, theta) + tail(EXACT_TERMS + 1, newCount, theta);
      }
      if (delta <= MAX_TERM_BY_TERM) {
        return sumTerms(zetaOld, oldCount + 1, newCount, theta);
      }
      return zetaOld + tail(oldCount + 1, newCount, theta);
    }
    if (delta <= MAX_TERM_BY_TERM) {
      double z = zetaOld;
      for (long i = oldCount; i > newCount; i--) {
        z -= 1.0 / Math.pow(i, theta);
      }
      return z;
    }
    if (newCount >= EXACT_TERMS) {
      return zetaOld - tail(newCount + 1, oldCount, theta);
    }
    return of(newCount, theta);
  }
}
