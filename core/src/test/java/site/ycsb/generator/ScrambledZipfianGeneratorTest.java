package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScrambledZipfianGeneratorTest {

  @Test
  void should_map_ranks_like_ycsb_when_scrambling() {
    // Expected values computed outside Java: min + |FNV-1a-64(rank bytes, little end first)| % itemcount.
    ScrambledZipfianGenerator small = new ScrambledZipfianGenerator(1000);
    assertEquals(211, small.scramble(0));
    assertEquals(620, small.scramble(1));
    assertEquals(393, small.scramble(2));
    assertEquals(852, small.scramble(12345));
    assertEquals(474, small.scramble(9_999_999_999L));
    ScrambledZipfianGenerator offset = new ScrambledZipfianGenerator(100, 100 + 1_000_000_000L - 1);
    assertEquals(667377311L, offset.scramble(0));
    assertEquals(634966720L, offset.scramble(1));
    assertEquals(50876952L, offset.scramble(12345));
  }

  @Test
  void should_follow_the_folded_zipfian_when_drawing() {
    int keys = 1000;
    ScrambledZipfianGenerator gen = new ScrambledZipfianGenerator(keys);
    // Exact probabilities of the first ranks (Gray's generator over ITEM_COUNT + 1 ranks with YCSB's zeta); the
    // remaining mass is spread over ~10^7 ranks per key, which hashing makes uniform to well under 1%.
    GrayZipfian ranks = new GrayZipfian(ScrambledZipfianGenerator.ITEM_COUNT + 1, 0.99,
        ScrambledZipfianGenerator.ZETAN);
    int exactRanks = 200_000;
    double[] expected = new double[keys];
    for (int r = 0; r < exactRanks; r++) {
      expected[(int) gen.scramble(r)] += ranks.probability(r);
    }
    double rest = ranks.tail(exactRanks);
    for (int k = 0; k < keys; k++) {
      expected[k] += rest / keys;
    }
    long[] counts = new long[keys];
    for (int i = 0; i < 2_000_000; i++) {
      long v = gen.nextValue();
      assertTrue(v >= 0 && v < keys, "out of range: " + v);
      assertEquals(v, gen.lastValue().longValue());
      counts[(int) v]++;
    }
    Stats.assertFits("scrambled zipfian(1000)", counts, expected);
    int top = 0;
    for (int k = 1; k < keys; k++) {
      if (counts[k] > counts[top]) {
        top = k;
      }
    }
    assertEquals(gen.scramble(0), top, "the key of rank 0 must be the most popular");
  }

  @Test
  void should_stay_in_range_when_min_is_beyond_int() {
    long min = 3_000_000_000L;
    ScrambledZipfianGenerator gen = new ScrambledZipfianGenerator(min, min + 9);
    for (int i = 0; i < 10_000; i++) {
      long v = gen.nextValue();
      assertTrue(v >= min && v <= min + 9, "out of range: " + v);
    }
    assertEquals(min + 4.5, gen.mean());
  }

  @Test
  void should_use_the_given_constant_when_it_differs_from_the_default() {
    ScrambledZipfianGenerator gen = new ScrambledZipfianGenerator(0, 999, 0.5);
    ScrambledZipfianGenerator reference = new ScrambledZipfianGenerator(1000);
    long hitsOnRankZeroKey = 0;
    int n = 200_000;
    for (int i = 0; i < n; i++) {
      if (gen.nextValue() == reference.scramble(0)) {
        hitsOnRankZeroKey++;
      }
    }
    // With theta 0.5 over 10^10 ranks, rank 0 has probability 1/zeta(1e10, 0.5), about 5e-6: the key is only as
    // popular as any other (about 1/1000), unlike the 3.8% it gets with 0.99.
    assertTrue(hitsOnRankZeroKey < n * 0.003, "rank 0 is far too popular for theta 0.5: " + hitsOnRankZeroKey);
  }

  @Test
  void should_reject_the_range_when_max_is_below_min() {
    assertThrows(IllegalArgumentException.class, () -> new ScrambledZipfianGenerator(10, 9));
  }
}
