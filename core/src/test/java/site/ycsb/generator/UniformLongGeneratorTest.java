package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class UniformLongGeneratorTest {
  private static final int SAMPLES = 600_000;

  @Test
  void should_be_uniform_over_both_bounds_when_drawing() {
    UniformLongGenerator gen = new UniformLongGenerator(-3, 6);
    long[] counts = new long[10];
    for (int i = 0; i < SAMPLES; i++) {
      long v = gen.nextValue();
      assertTrue(v >= -3 && v <= 6, "out of range: " + v);
      assertEquals(v, gen.lastValue().longValue());
      counts[(int) (v + 3)]++;
    }
    Stats.assertFits("uniform[-3,6]", counts, Stats.uniform(10));
    assertEquals(1.5, gen.mean());
  }

  /** Three equal thirds of a range of 3 * 2^61 values: a modulo-biased draw puts half of all values in the first. */
  private static long[] thirds(java.util.function.LongSupplier draw) {
    long third = 1L << 61;
    long[] counts = new long[3];
    for (int i = 0; i < SAMPLES; i++) {
      long v = draw.getAsLong();
      assertTrue(v >= 0 && v < 3 * third, "out of range: " + v);
      counts[(int) (v / third)]++;
    }
    return counts;
  }

  @Test
  void should_have_no_modulo_bias_when_the_range_is_not_a_power_of_two() {
    UniformLongGenerator gen = new UniformLongGenerator(0, 3 * (1L << 61) - 1);
    Stats.assertFits("uniform thirds", thirds(gen::nextValue), Stats.uniform(3));
  }

  @Test
  void should_detect_modulo_bias_when_drawing_like_ycsb_0_17() {
    // Shows the check above has the power to catch YCSB's abs(nextLong()) % n.
    long n = 3 * (1L << 61);
    long[] biased = thirds(() -> Math.abs(ThreadLocalRandom.current().nextLong() >>> 1) % n);
    assertThrows(AssertionFailedError.class, () -> Stats.assertFits("biased", biased, Stats.uniform(3)));
  }

  @Test
  void should_stay_in_bounds_when_the_range_touches_the_ends_of_long() {
    UniformLongGenerator top = new UniformLongGenerator(Long.MAX_VALUE - 2, Long.MAX_VALUE);
    UniformLongGenerator bottom = new UniformLongGenerator(Long.MIN_VALUE, Long.MIN_VALUE + 2);
    UniformLongGenerator all = new UniformLongGenerator(Long.MIN_VALUE, Long.MAX_VALUE);
    UniformLongGenerator nonNegative = new UniformLongGenerator(0, Long.MAX_VALUE);
    long[] topCounts = new long[3];
    for (int i = 0; i < 30_000; i++) {
      long t = top.nextValue();
      assertTrue(t >= Long.MAX_VALUE - 2, "out of range: " + t);
      topCounts[(int) (t - (Long.MAX_VALUE - 2))]++;
      long b = bottom.nextValue();
      assertTrue(b <= Long.MIN_VALUE + 2, "out of range: " + b);
      all.nextValue();
      assertTrue(nonNegative.nextValue() >= 0);
    }
    Stats.assertFits("top of long", topCounts, Stats.uniform(3));
  }

  @Test
  void should_return_the_bound_when_the_range_has_one_value() {
    UniformLongGenerator gen = new UniformLongGenerator(42, 42);
    for (int i = 0; i < 100; i++) {
      assertEquals(42L, gen.nextValue().longValue());
    }
  }

  @Test
  void should_reject_the_bounds_when_lower_exceeds_upper() {
    assertThrows(IllegalArgumentException.class, () -> new UniformLongGenerator(5, 4));
  }
}
