package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

/**
 * Goodness-of-fit checks for the generator tests. Thresholds are at p = 1e-6, so a correct generator fails a
 * check about once in a million runs, while the sample sizes are large enough to catch real defects.
 */
final class Stats {
  /** Upper 1e-6 quantile of the standard normal distribution. */
  private static final double Z_1E6 = 4.753424308822899;

  private Stats() {
  }

  /** Critical chi-square value at p = 1e-6 for {@code df} degrees of freedom (Wilson-Hilferty). */
  static double chiSquareCritical(int df) {
    double h = 2.0 / (9.0 * df);
    return df * Math.pow(1.0 - h + Z_1E6 * Math.sqrt(h), 3);
  }

  /**
   * Asserts that {@code observed} counts fit the {@code expected} probabilities. Cells with an expected count
   * under 5 are pooled together so the chi-square approximation holds; a cell with probability 0 must stay empty.
   */
  static void assertFits(String what, long[] observed, double[] expected) {
    long n = Arrays.stream(observed).sum();
    double chi = 0;
    int cells = 0;
    double pooledExpected = 0;
    long pooledObserved = 0;
    for (int i = 0; i < observed.length; i++) {
      if (expected[i] == 0.0) {
        assertTrue(observed[i] == 0, what + ": value " + i + " has probability 0 but was drawn " + observed[i]
            + " times");
        continue;
      }
      double e = expected[i] * n;
      if (e < 5) {
        pooledExpected += e;
        pooledObserved += observed[i];
        continue;
      }
      chi += (observed[i] - e) * (observed[i] - e) / e;
      cells++;
    }
    if (pooledExpected > 0) {
      chi += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / Math.max(pooledExpected, 5);
      cells++;
    }
    int df = Math.max(1, cells - 1);
    double critical = chiSquareCritical(df);
    assertTrue(chi < critical, what + ": chi-square " + chi + " exceeds the p=1e-6 critical value " + critical
        + " (df " + df + ")");
  }

  /** Asserts, with a Kolmogorov-Smirnov test at p = 1e-6, that {@code samples} follow the continuous {@code cdf}. */
  static void assertFitsCdf(String what, double[] samples, DoubleUnaryOperator cdf) {
    double[] s = samples.clone();
    Arrays.sort(s);
    int n = s.length;
    double d = 0;
    for (int i = 0; i < n; i++) {
      double f = cdf.applyAsDouble(s[i]);
      d = Math.max(d, Math.max(f - (double) i / n, (double) (i + 1) / n - f));
    }
    double critical = Math.sqrt(-Math.log(1e-6 / 2) / (2.0 * n));
    assertTrue(d < critical, what + ": KS distance " + d + " exceeds the p=1e-6 critical value " + critical);
  }

  /** Asserts that {@code successes} out of {@code n} trials fit probability {@code p} (5.3 standard deviations). */
  static void assertProportion(String what, long successes, long n, double p) {
    double sd = Math.sqrt(n * p * (1 - p));
    double diff = Math.abs(successes - n * p);
    assertTrue(diff <= 5.3 * sd + 1e-9, what + ": " + successes + " of " + n + " but expected about " + n * p
        + " (sd " + sd + ")");
  }

  static double[] uniform(int cells) {
    double[] p = new double[cells];
    Arrays.fill(p, 1.0 / cells);
    return p;
  }
}
