package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ZipfianGeneratorTest {
  private static final int SAMPLES = 1_000_000;

  private static long[] sample(ZipfianGenerator gen, long base, int cells, long itemcount) {
    long[] counts = new long[cells];
    for (int i = 0; i < SAMPLES; i++) {
      long v = gen.nextLong(itemcount);
      assertTrue(v >= base && v < base + itemcount, "out of range: " + v);
      counts[(int) (v - base)]++;
    }
    return counts;
  }

  private static void assertRelativelyClose(double expected, double actual, double tolerance, String what) {
    assertTrue(Math.abs(expected - actual) <= tolerance * Math.abs(expected),
        what + ": expected " + expected + " but was " + actual);
  }

  @Test
  void should_follow_the_gray_distribution_when_drawing_in_range() {
    ZipfianGenerator gen = new ZipfianGenerator(1000, 1199);
    Stats.assertFits("zipfian(200)", sample(gen, 1000, 200, 200), new GrayZipfian(200, 0.99).probabilities());
  }

  @Test
  void should_be_close_to_an_ideal_zipf_when_drawing() {
    int n = 200;
    double[] gray = new GrayZipfian(n, 0.99).probabilities();
    double z = GrayZipfian.bruteZeta(n, 0.99);
    double totalVariation = 0;
    for (int k = 0; k < n; k++) {
      totalVariation += Math.abs(gray[k] - Math.pow(k + 1, -0.99) / z) / 2;
    }
    assertTrue(totalVariation < 0.02, "the approximation is far from Zipf: " + totalVariation);
  }

  @Test
  void should_use_the_given_constant_when_built_with_one() {
    ZipfianGenerator gen = new ZipfianGenerator(100, 0.5);
    Stats.assertFits("zipfian(100, 0.5)", sample(gen, 0, 100, 100), new GrayZipfian(100, 0.5).probabilities());
  }

  @Test
  void should_match_a_fresh_generator_when_the_item_count_grew() {
    ZipfianGenerator grown = new ZipfianGenerator(1000);
    for (long count = 1001; count <= 5000; count += 7) {
      grown.nextLong(count);
    }
    grown.nextLong(5000);
    ZipfianGenerator fresh = new ZipfianGenerator(5000);
    assertEquals(5000, grown.publishedCount());
    assertRelativelyClose(fresh.publishedZetan(), grown.publishedZetan(), 1e-9, "zeta");
    assertRelativelyClose(fresh.publishedEta(), grown.publishedEta(), 1e-9, "eta");
    assertRelativelyClose(GrayZipfian.bruteZeta(5000, 0.99), grown.publishedZetan(), 1e-12, "zeta vs brute force");
  }

  @Test
  void should_draw_from_the_new_distribution_when_the_item_count_grew() {
    ZipfianGenerator gen = new ZipfianGenerator(100);
    Stats.assertFits("zipfian grown to 400", sample(gen, 0, 400, 400), new GrayZipfian(400, 0.99).probabilities());
  }

  @Test
  void should_draw_from_the_smaller_distribution_when_the_item_count_decreased() {
    ZipfianGenerator gen = new ZipfianGenerator(5000);
    Stats.assertFits("zipfian shrunk to 300", sample(gen, 0, 300, 300), new GrayZipfian(300, 0.99).probabilities());
  }

  @Test
  void should_keep_the_shared_state_when_a_reader_asks_for_a_slightly_smaller_count() {
    ZipfianGenerator gen = new ZipfianGenerator(5000);
    double zetan = gen.publishedZetan();
    for (int i = 0; i < 1000; i++) {
      assertTrue(gen.nextLong(4990) < 4990);
    }
    assertEquals(5000, gen.publishedCount(), "a stale smaller count must not roll back the shared state");
    assertEquals(zetan, gen.publishedZetan());
  }

  @Test
  void should_match_a_fresh_generator_when_growing_past_the_exact_summation_region() {
    long from = Zeta.EXACT_TERMS - 10_000;
    long to = Zeta.EXACT_TERMS * 3;
    ZipfianGenerator grown = new ZipfianGenerator(from);
    grown.nextLong(to);
    grown.nextLong(to + 5);
    double brute = GrayZipfian.bruteZeta(to + 5, 0.99);
    assertRelativelyClose(brute, grown.publishedZetan(), 1e-12, "grown zeta vs brute force");
    assertRelativelyClose(brute, new ZipfianGenerator(to + 5).publishedZetan(), 1e-12, "fresh zeta vs brute force");
  }

  @Test
  void should_match_ycsb_precomputed_zeta_when_the_count_is_ten_billion() {
    assertRelativelyClose(ScrambledZipfianGenerator.ZETAN,
        ZipfianGenerator.zetastatic(ScrambledZipfianGenerator.ITEM_COUNT, 0.99), 1e-9, "zeta(1e10)");
  }

  @Test
  void should_compute_exact_zeta_when_the_count_is_small() {
    assertEquals(1.0, ZipfianGenerator.zetastatic(1, 0.99));
    assertEquals(1.0 + Math.pow(2, -0.99) + Math.pow(3, -0.99), ZipfianGenerator.zetastatic(3, 0.99), 1e-15);
  }

  @Test
  void should_record_the_value_as_last_value_when_it_is_one_of_the_two_most_popular() {
    ZipfianGenerator gen = new ZipfianGenerator(10, 19);
    int earlyReturns = 0;
    for (int i = 0; i < 10_000; i++) {
      long v = gen.nextValue();
      assertEquals(v, gen.lastValue().longValue());
      if (v <= 11) {
        earlyReturns++;
      }
    }
    assertTrue(earlyReturns > 0, "the first two values should have been drawn");
  }

  @Test
  void should_publish_the_largest_count_when_threads_grow_it_concurrently() throws Exception {
    ZipfianGenerator gen = new ZipfianGenerator(1000);
    AtomicLong counter = new AtomicLong(1000);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        futures.add(pool.submit(() -> {
          for (int i = 0; i < 20_000; i++) {
            long count = counter.incrementAndGet();
            long v = gen.nextLong(count);
            assertTrue(v >= 0 && v < count, "out of range: " + v + " for " + count);
          }
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    long last = counter.get();
    gen.nextLong(last);
    assertEquals(last, gen.publishedCount());
    assertRelativelyClose(GrayZipfian.bruteZeta(last, 0.99), gen.publishedZetan(), 1e-12, "zeta after racing");
  }

  @Test
  void should_return_the_ideal_zipf_mean_when_asked_for_the_mean() {
    int n = 1000;
    double z = GrayZipfian.bruteZeta(n, 0.99);
    double mean = 0;
    for (int k = 0; k < n; k++) {
      mean += (5 + k) * Math.pow(k + 1, -0.99) / z;
    }
    assertEquals(mean, new ZipfianGenerator(5, 5 + n - 1).mean(), 1e-9);
  }

  @Test
  void should_reject_the_arguments_when_they_make_no_sense() {
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(10, 9));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(0));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(10, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(10, -0.1));
    assertThrows(IllegalArgumentException.class, () -> new ZipfianGenerator(10).nextLong(0));
  }

  @Test
  void should_always_return_min_when_there_is_a_single_item() {
    ZipfianGenerator gen = new ZipfianGenerator(7, 7);
    for (int i = 0; i < 1000; i++) {
      assertEquals(7L, gen.nextValue().longValue());
    }
  }

  @Test
  void should_handle_key_numbers_beyond_int_when_min_is_large() {
    long min = 5_000_000_000L;
    ZipfianGenerator gen = new ZipfianGenerator(min, min + 99);
    for (int i = 0; i < 10_000; i++) {
      long v = gen.nextValue();
      assertTrue(v >= min && v <= min + 99);
    }
  }
}
