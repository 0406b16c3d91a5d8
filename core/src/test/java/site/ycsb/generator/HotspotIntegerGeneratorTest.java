package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HotspotIntegerGeneratorTest {

  private static long[] sample(HotspotIntegerGenerator gen, int n) {
    long lb = gen.getLowerBound();
    long[] counts = new long[(int) (gen.getUpperBound() - lb + 1)];
    for (int i = 0; i < n; i++) {
      long v = gen.nextValue();
      assertEquals(v, gen.lastValue().longValue());
      counts[(int) (v - lb)]++;
    }
    return counts;
  }

  @Test
  void should_send_the_hot_fraction_of_draws_to_the_low_part_when_drawing() {
    // 50 values, hot set = lowest 10 (20%) gets 80% of draws: 0.08 each; the 40 cold values get 0.005 each.
    HotspotIntegerGenerator gen = new HotspotIntegerGenerator(100, 149, 0.2, 0.8);
    double[] expected = new double[50];
    for (int i = 0; i < 50; i++) {
      expected[i] = i < 10 ? 0.08 : 0.005;
    }
    Stats.assertFits("hotspot", sample(gen, 500_000), expected);
    assertEquals(0.8 * 104.5 + 0.2 * 129.5, gen.mean(), 1e-9);
  }

  @Test
  void should_draw_only_cold_values_when_the_hot_set_is_empty() {
    HotspotIntegerGenerator none = new HotspotIntegerGenerator(0, 9, 0.0, 0.8);
    Stats.assertFits("no hot set", sample(none, 100_000), Stats.uniform(10));
    // One value and a 20% hot set: the hot interval rounds down to 0 (YCSB divided by zero here).
    HotspotIntegerGenerator tiny = new HotspotIntegerGenerator(7, 7, 0.2, 0.8);
    for (int i = 0; i < 1000; i++) {
      assertEquals(7L, tiny.nextValue().longValue());
    }
  }

  @Test
  void should_draw_only_hot_values_when_everything_is_hot() {
    HotspotIntegerGenerator all = new HotspotIntegerGenerator(0, 9, 1.0, 0.3);
    Stats.assertFits("all hot", sample(all, 100_000), Stats.uniform(10));
    assertEquals(4.5, all.mean(), 1e-12);
  }

  @Test
  void should_reject_a_fraction_with_a_clear_message_when_it_is_outside_zero_to_one() {
    IllegalArgumentException data = assertThrows(IllegalArgumentException.class,
        () -> new HotspotIntegerGenerator(0, 99, 1.5, 0.8));
    assertTrue(data.getMessage().contains("hotspotdatafraction") && data.getMessage().contains("1.5"),
        data.getMessage());
    IllegalArgumentException opn = assertThrows(IllegalArgumentException.class,
        () -> new HotspotIntegerGenerator(0, 99, 0.2, -0.1));
    assertTrue(opn.getMessage().contains("hotspotopnfraction"), opn.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new HotspotIntegerGenerator(0, 99, Double.NaN, 0.5));
    assertThrows(IllegalArgumentException.class, () -> new HotspotIntegerGenerator(10, 9, 0.2, 0.8));
  }

  @Test
  void should_handle_a_hot_set_larger_than_int_when_the_range_is_huge() {
    HotspotIntegerGenerator gen = new HotspotIntegerGenerator(0, 100_000_000_000L - 1, 0.5, 1.0);
    boolean beyondInt = false;
    for (int i = 0; i < 1000; i++) {
      long v = gen.nextValue();
      assertTrue(v >= 0 && v < 50_000_000_000L, "not in the hot half: " + v);
      beyondInt |= v > Integer.MAX_VALUE;
    }
    assertTrue(beyondInt, "the hot set must reach values beyond int");
    assertEquals(0.5, gen.getHotsetFraction());
    assertEquals(1.0, gen.getHotOpnFraction());
  }
}
