package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each distribution, sampled the way the generator samples it (seeded uniforms through {@link Seeds}), matches
 * its definition as cassandra-stress sets it up: the empirical CDF at many points within 0.01 of the defined CDF
 * (100,000 draws: the standard error is at most 0.0016), the mass the definition puts on the range's edges, and
 * never a value outside [min..max].
 */
class DistributionTest {
  private static final int N = 100_000;

  private static long[] draw(Distribution d) {
    long[] out = new long[N];
    for (int i = 0; i < N; i++) {
      out[i] = d.sample(Seeds.unit(Seeds.mix(42, i)));
      assertTrue(out[i] >= d.min() && out[i] <= d.max(), d + " drew " + out[i]);
    }
    return out;
  }

  private static double cdf(long[] values, long x) {
    int n = 0;
    for (long v : values) {
      if (v <= x) {
        n++;
      }
    }
    return n / (double) values.length;
  }

  @Test
  void should_always_give_the_value_when_fixed() {
    Distribution d = Distribution.parse("fixed(10)");
    for (long v : draw(d)) {
      assertEquals(10, v);
    }
  }

  @Test
  void should_give_every_value_equally_often_when_uniform() {
    long[] values = draw(Distribution.parse("UNIFORM(1..20)"));
    int[] counts = new int[21];
    for (long v : values) {
      counts[(int) v]++;
    }
    double expected = N / 20.0;
    double chi2 = 0;
    for (int v = 1; v <= 20; v++) {
      chi2 += (counts[v] - expected) * (counts[v] - expected) / expected;
    }
    // 19 degrees of freedom: P(chi2 > 43.8) = 0.001 for a truly uniform source.
    assertTrue(chi2 < 43.8, "chi2 " + chi2);
    assertTrue(counts[1] > 0 && counts[20] > 0);
  }

  /** cassandra-stress's exponential mean for a range of this width: width / (ln(width)/2). */
  private static double expMean(double width) {
    return width / (Math.log(width) / 2);
  }

  @Test
  void should_follow_the_exponential_cdf_truncated_and_capped_at_max_when_exp() {
    Distribution d = Distribution.parse("exp(1..1000)");
    long[] values = draw(d);
    double mean = expMean(999);
    for (long x = 1; x < 1000; x += 37) {
      // V <= x exactly when the variate, truncated to a whole number, is <= x - min, i.e. the variate < x - min + 1.
      double defined = 1 - Math.exp(-(x - 1 + 1) / mean);
      assertEquals(defined, cdf(values, x), 0.01, "P(X <= " + x + ")");
    }
    // The quantile 1-sqrt(1/width) is at max: max keeps the remaining sqrt(1/999) = 0.0316 of the mass.
    assertEquals(Math.sqrt(1 / 999.0), 1 - cdf(values, 999), 0.004, "P(X = max)");
  }

  @Test
  void should_put_the_largest_share_on_max_when_exp_has_the_memo_range() {
    // address population exp(1..4) of the memo profile: width 3, mean 3/(ln 3/2) = 5.46; max keeps sqrt(1/3).
    long[] values = draw(Distribution.parse("exp(1..4)"));
    double mean = expMean(3);
    assertEquals(1 - Math.exp(-1 / mean), cdf(values, 1), 0.01);
    assertEquals(1 - Math.exp(-2 / mean), cdf(values, 2), 0.01);
    assertEquals(1 - Math.exp(-3 / mean), cdf(values, 3), 0.01);
    assertEquals(Math.sqrt(1 / 3.0), 1 - cdf(values, 3), 0.01, "P(X = max)");
  }

  @Test
  void should_always_give_max_when_exp_or_extreme_has_a_range_of_width_one() {
    for (String def : new String[] {"exp(5..6)", "extreme(5..6,2)"}) {
      for (long v : draw(Distribution.parse(def))) {
        assertEquals(6, v, def);
      }
    }
  }

  @Test
  void should_follow_the_weibull_cdf_scaled_to_the_same_edge_quantile_when_extreme() {
    double shape = 1.5;
    long[] values = draw(Distribution.parse("extreme(1..1000,1.5)"));
    double scale = 999 / Math.pow(Math.log(999) / 2, 1 / shape);
    for (long x = 1; x < 1000; x += 41) {
      double defined = 1 - Math.exp(-Math.pow((x - 1 + 1) / scale, shape));
      assertEquals(defined, cdf(values, x), 0.01, "P(X <= " + x + ")");
    }
    assertEquals(Math.sqrt(1 / 999.0), 1 - cdf(values, 999), 0.004, "P(X = max)");
  }

  /**
   * QEXTREME's definition, computed here from commons-math's Weibull directly: bounds b(i) = EXTREME's value at the
   * quantile i/q (b(0) = min, b(q) = max+1), band i taken with P(b(i) <= EXTREME < b(i+1)), uniform within it.
   * Returns P(X <= x) for x in [min..max].
   */
  private static double[] qextremeCdf(long min, long max, double shape, int q) {
    double width = max - min;
    org.apache.commons.math3.distribution.WeibullDistribution w =
        new org.apache.commons.math3.distribution.WeibullDistribution(shape, width / Math.pow(Math.log(width) / 2,
            1 / shape));
    long[] b = new long[q + 1];
    b[0] = min;
    b[q] = max + 1;
    for (int i = 1; i < q; i++) {
      b[i] = min + Math.min((long) width, (long) w.inverseCumulativeProbability(i / (double) q));
    }
    double[] cdf = new double[(int) (max - min + 1)];
    double acc = 0;
    for (int i = 0; i < q; i++) {
      if (b[i + 1] <= b[i]) {
        continue;
      }
      double pLo = b[i] <= min ? 0 : w.cumulativeProbability(b[i] - min);
      double pHi = b[i + 1] > max ? 1 : w.cumulativeProbability(b[i + 1] - min);
      double each = (pHi - pLo) / (b[i + 1] - b[i]);
      for (long x = b[i]; x < b[i + 1]; x++) {
        acc += each;
        cdf[(int) (x - min)] = acc;
      }
    }
    return cdf;
  }

  @Test
  void should_pick_bands_by_extreme_and_values_uniformly_within_them_when_qextreme() {
    long[] values = draw(Distribution.parse("qextreme(1..1000,1.5,10)"));
    double[] defined = qextremeCdf(1, 1000, 1.5, 10);
    for (long x = 1; x <= 1000; x += 13) {
      assertEquals(defined[(int) (x - 1)], cdf(values, x), 0.01, "P(X <= " + x + ")");
    }
    // Ten bands, each about a tenth of the draws (the top one also takes EXTREME's mass at max), and inside the
    // first band (values 1..b(1)-1) every value equally often: EXTREME itself gives 1 far more often than b(1)-1.
    long top = 0;
    for (long v : values) {
      top += v == 1000 ? 1 : 0;
    }
    assertTrue(top < N * 0.01, "max is no longer a spike: " + top);
    org.apache.commons.math3.distribution.WeibullDistribution w =
        new org.apache.commons.math3.distribution.WeibullDistribution(1.5, 999 / Math.pow(Math.log(999) / 2, 1 / 1.5));
    int b1 = 1 + (int) w.inverseCumulativeProbability(0.1);
    int[] counts = new int[b1];
    int inBand = 0;
    for (long v : values) {
      if (v < b1) {
        counts[(int) v]++;
        inBand++;
      }
    }
    assertEquals(N * 0.1, inBand, N * 0.01, "the first band's share");
    double expected = inBand / (double) (b1 - 1);
    double chi2 = 0;
    for (int v = 1; v < b1; v++) {
      chi2 += (counts[v] - expected) * (counts[v] - expected) / expected;
    }
    // b1 - 2 degrees of freedom (about 100): a uniform band stays well below 2 * dof; EXTREME's slope does not.
    assertTrue(chi2 < 2.0 * (b1 - 2), "chi2 " + chi2 + " over " + (b1 - 2) + " dof");
  }

  @Test
  void should_give_extreme_in_bands_of_one_value_when_qextreme_has_as_many_quantas_as_it_can_use() {
    // Bands of single values: the distribution is EXTREME's own wherever the quantiles fall on distinct values.
    long[] q = draw(Distribution.parse("QEXTR(1..20,2,20)"));
    double[] defined = qextremeCdf(1, 20, 2, 20);
    for (long x = 1; x <= 20; x++) {
      assertEquals(defined[(int) (x - 1)], cdf(q, x), 0.01, "P(X <= " + x + ")");
    }
  }

  /** Standard normal CDF (Abramowitz-Stegun 7.1.26 via erf; error below 1.5e-7). */
  private static double phi(double z) {
    double x = Math.abs(z) / Math.sqrt(2);
    double t = 1 / (1 + 0.3275911 * x);
    double erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592)
        * t * Math.exp(-x * x);
    return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
  }

  private static void assertNormalCdf(long[] values, long min, long max, double mean, double stdev) {
    for (long x = min; x < max; x += Math.max(1, (max - min) / 25)) {
      // Truncated toward zero (all values here are positive): V <= x exactly when the variate < x + 1; below min
      // it is clamped to min.
      double defined = phi((x + 1 - mean) / stdev);
      assertEquals(defined, cdf(values, x), 0.01, "P(X <= " + x + ")");
    }
  }

  @Test
  void should_center_on_the_middle_with_stdev_from_stdvrng_when_gaussian() {
    long[] values = draw(Distribution.parse("gaussian(1..1001,5)"));
    assertNormalCdf(values, 1, 1001, 501, 100);
    double[] m = moments(values);
    assertEquals(500.5, m[0], 2); // truncation lowers the mean by half a unit
    assertEquals(100, m[1], 2);
  }

  @Test
  void should_default_to_three_stdevs_to_each_edge_when_gaussian_has_only_a_range() {
    long[] values = draw(Distribution.parse("gaussian(1..1001)"));
    double stdev = 500 / 3.0;
    assertNormalCdf(values, 1, 1001, 501, stdev);
    // Beyond 3 stdevs the variate is clamped: min holds P(variate < 2) = phi(-2.994) = 0.0014.
    assertEquals(phi((2 - 501) / stdev), cdf(values, 1), 0.001, "P(X = min)");
    assertEquals(phi((2 - 501) / stdev) * 2, cdf(values, 1) + 1 - cdf(values, 1000), 0.0015, "P(X at an edge)");
  }

  @Test
  void should_use_the_given_mean_and_stdev_when_gaussian_has_three_parameters() {
    long[] values = draw(Distribution.parse("GAUSSIAN(0..10000,3000,500)"));
    assertNormalCdf(values, 1000, 5000, 3000, 500);
    double[] m = moments(values);
    assertEquals(2999.5, m[0], 8);
    assertEquals(500, m[1], 8);
  }

  @Test
  void should_mirror_the_values_when_the_distribution_is_inverted() {
    Distribution plain = Distribution.parse("exp(1..10)");
    Distribution inverted = Distribution.parse("~exp(1..10)");
    for (int i = 0; i < 1000; i++) {
      double u = Seeds.unit(Seeds.mix(3, i));
      assertEquals(10 - (plain.sample(u) - 1), inverted.sample(u));
    }
    long[] values = draw(inverted);
    assertEquals(Math.sqrt(1 / 9.0), cdf(values, 1), 0.01, "P(X = min) of the inverted is P(X = max) of exp");
  }

  private static double[] moments(long[] values) {
    double sum = 0;
    for (long v : values) {
      sum += v;
    }
    double mean = sum / values.length;
    double sq = 0;
    for (long v : values) {
      sq += (v - mean) * (v - mean);
    }
    return new double[] {mean, Math.sqrt(sq / values.length)};
  }

  @Test
  void should_accept_stress_suffixes() {
    Distribution d = Distribution.parse("uniform(1..100b)");
    assertEquals(1, d.min());
    assertEquals(100_000_000_000L, d.max());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "fixed", "zipf(1..10)", "uniform(10..1)", "uniform(1)", "exp(1..10,2)",
      "extreme(1..10)", "extreme(1..10,0)", "extreme(1..10,-1)", "gaussian(1..10,-3)", "gaussian(1..10,0)",
      "gaussian(1..10,1,2,3)", "fixed(1..2)", "fixed(1.5)", "uniform(a..b)", "uniform(1..10", "fixed(1e30)",
      "gaussian(1..10,x)", "qextreme(1..10,2)", "qextreme(1..10,2,0)", "qextreme(1..10,2,-3)",
      "qextreme(1..10,2,2.5)", "qextreme(1..10,2,x)", "qextreme(1..10,2,2000000)", "qextreme(1..10,0,4)",
      "qextreme(1..10,-1,4)", "qextreme(1..10)", "qextreme(5)", "qextr(1..10,2,3,4)"})
  void should_reject_with_one_line_when_the_definition_is_bad(String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Distribution.parse(text));
    assertTrue(e.getMessage().contains("'" + text + "'") && !e.getMessage().contains("\n"), e.getMessage());
  }
}
