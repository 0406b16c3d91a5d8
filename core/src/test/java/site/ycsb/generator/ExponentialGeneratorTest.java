package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ExponentialGeneratorTest {

  @Test
  void should_follow_an_exponential_distribution_when_built_from_a_mean() {
    ExponentialGenerator gen = new ExponentialGenerator(250.0);
    double[] s = new double[300_000];
    for (int i = 0; i < s.length; i++) {
      s[i] = gen.nextValue();
      assertTrue(s[i] >= 0 && !Double.isInfinite(s[i]), "bad sample " + s[i]);
      assertEquals(s[i], gen.lastValue().doubleValue());
    }
    Stats.assertFitsCdf("exponential(mean 250)", s, x -> 1 - Math.exp(-x / 250.0));
    assertEquals(250.0, gen.mean(), 1e-9);
  }

  @Test
  void should_put_the_percentile_below_the_range_when_built_from_percentile_and_range() {
    ExponentialGenerator gen = new ExponentialGenerator(95, 1000);
    int n = 200_000;
    long below = 0;
    for (int i = 0; i < n; i++) {
      if (gen.nextValue() < 1000) {
        below++;
      }
    }
    Stats.assertProportion("share below the range", below, n, 0.95);
    assertEquals(1000 / -Math.log(0.05), gen.mean(), 1e-9);
  }

  @Test
  void should_reject_the_parameters_when_they_make_no_sense() {
    assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(0.0));
    assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(100, 10));
    assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(0, 10));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ExponentialGenerator(95, 0));
    assertTrue(e.getMessage().contains("range"), e.getMessage());
  }
}
