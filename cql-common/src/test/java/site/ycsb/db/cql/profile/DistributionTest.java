package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each distribution, sampled the way the generator samples it (seeded uniforms through {@link Seeds}), matches
 * its definition: the empirical CDF at many points within 0.01 of the defined CDF (100,000 draws: the standard
 * error is at most 0.0016), moments for GAUSSIAN, and never a value outside [min..max].
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

  @Test
  void should_follow_the_exponential_cdf_when_exp() {
    Distribution d = Distribution.parse("exp(1..1000)");
    long[] values = draw(d);
    double mean = 999 / -Math.log(1 - Distribution.TAIL);
    for (long x = 1; x < 1000; x += 37) {
      double defined = 1 - Math.exp(-(x - 1 + 1) / mean);
      assertEquals(defined, cdf(values, x), 0.01, "P(X <= " + x + ")");
    }
    assertEquals(1.0, cdf(values, 999), 0.002);
  }

  @Test
  void should_concentrate_on_the_low_end_when_exp_has_a_small_range() {
    long[] values = draw(Distribution.parse("exp(1..4)"));
    double mean = 3 / -Math.log(1 - Distribution.TAIL);
    assertEquals(1 - Math.exp(-1 / mean), cdf(values, 1), 0.01);
    assertEquals(1 - Math.exp(-2 / mean), cdf(values, 2), 0.01);
  }

  @Test
  void should_follow_the_weibull_cdf_when_extreme() {
    double shape = 1.5;
    long[] values = draw(Distribution.parse("extreme(1..1000,1.5)"));
    double scale = 999 / Math.pow(-Math.log(1 - Distribution.TAIL), 1 / shape);
    for (long x = 1; x < 1000; x += 41) {
      double defined = 1 - Math.exp(-Math.pow((x - 1 + 1) / scale, shape));
      assertEquals(defined, cdf(values, x), 0.01, "P(X <= " + x + ")");
    }
  }

  @Test
  void should_center_on_the_middle_with_stdev_from_stdvrng_when_gaussian() {
    long[] values = draw(Distribution.parse("gaussian(1..1001,5)"));
    double[] m = moments(values);
    assertEquals(501, m[0], 2);
    assertEquals(100, m[1], 2);
  }

  @Test
  void should_use_the_given_mean_and_stdev_when_gaussian_has_three_parameters() {
    long[] values = draw(Distribution.parse("GAUSSIAN(0..10000,3000,500)"));
    double[] m = moments(values);
    assertEquals(3000, m[0], 8);
    assertEquals(500, m[1], 8);
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
      "extreme(1..10)", "extreme(1..10,0)", "extreme(1..10,-1)", "gaussian(1..10)", "gaussian(1..10,0)",
      "gaussian(1..10,1,2,3)", "fixed(1..2)", "fixed(1.5)", "uniform(a..b)", "uniform(1..10", "fixed(1e30)",
      "gaussian(1..10,x)"})
  void should_reject_with_one_line_when_the_definition_is_bad(String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Distribution.parse(text));
    assertTrue(e.getMessage().contains("'" + text + "'") && !e.getMessage().contains("\n"), e.getMessage());
  }
}
