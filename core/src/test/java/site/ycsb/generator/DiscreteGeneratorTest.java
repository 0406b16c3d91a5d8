package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class DiscreteGeneratorTest {
  private static final List<String> OPS = Arrays.asList("READ", "UPDATE", "INSERT", "SCAN", "DELETE");

  private static DiscreteGenerator mix() {
    DiscreteGenerator gen = new DiscreteGenerator();
    gen.addValue(0.5, "READ");
    gen.addValue(0.25, "UPDATE");
    gen.addValue(0.0, "INSERT");
    gen.addValue(0.15, "SCAN");
    gen.addValue(0.1, "DELETE");
    return gen;
  }

  @Test
  void should_follow_the_weights_when_drawing() {
    DiscreteGenerator gen = mix();
    long[] counts = new long[OPS.size()];
    for (int i = 0; i < 500_000; i++) {
      String v = gen.nextValue();
      assertEquals(v, gen.lastValue());
      counts[OPS.indexOf(v)]++;
    }
    Stats.assertFits("operation mix", counts, new double[] {0.5, 0.25, 0.0, 0.15, 0.1});
  }

  @Test
  void should_normalise_the_weights_when_they_do_not_sum_to_one() {
    DiscreteGenerator gen = new DiscreteGenerator();
    gen.addValue(3, "A");
    gen.addValue(1, "B");
    long a = 0;
    int n = 200_000;
    for (int i = 0; i < n; i++) {
      if (gen.nextValue().equals("A")) {
        a++;
      }
    }
    Stats.assertProportion("A", a, n, 0.75);
  }

  @Test
  void should_follow_the_weights_when_threads_share_it() throws Exception {
    DiscreteGenerator gen = mix();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<long[]>> futures = new ArrayList<>();
    try {
      for (int t = 0; t < 8; t++) {
        futures.add(pool.submit(() -> {
          long[] counts = new long[OPS.size()];
          for (int i = 0; i < 50_000; i++) {
            counts[OPS.indexOf(gen.nextValue())]++;
          }
          return counts;
        }));
      }
      long[] total = new long[OPS.size()];
      for (Future<long[]> f : futures) {
        long[] c = f.get();
        for (int i = 0; i < c.length; i++) {
          total[i] += c[i];
        }
      }
      Stats.assertFits("operation mix, 8 threads", total, new double[] {0.5, 0.25, 0.0, 0.15, 0.1});
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void should_fail_clearly_when_no_value_has_a_positive_weight() {
    DiscreteGenerator gen = new DiscreteGenerator();
    assertThrows(IllegalStateException.class, gen::nextValue);
    gen.addValue(0, "X");
    IllegalStateException e = assertThrows(IllegalStateException.class, gen::nextValue);
    assertTrue(e.getMessage().contains("positive weight"));
  }

  @Test
  void should_reject_the_weight_when_it_is_negative_or_not_a_number() {
    DiscreteGenerator gen = new DiscreteGenerator();
    assertThrows(IllegalArgumentException.class, () -> gen.addValue(-0.1, "X"));
    assertThrows(IllegalArgumentException.class, () -> gen.addValue(Double.NaN, "X"));
    assertThrows(IllegalArgumentException.class, () -> gen.addValue(Double.POSITIVE_INFINITY, "X"));
  }
}
