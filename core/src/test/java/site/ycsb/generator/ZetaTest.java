package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ZetaTest {
  private static final long N = 2 * Zeta.EXACT_TERMS + 12_345;

  private static void assertRelativelyClose(double expected, double actual, String what) {
    assertTrue(Math.abs(expected - actual) <= 1e-12 * Math.abs(expected),
        what + ": expected " + expected + " but was " + actual);
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.0, 0.99, 0.999999, -0.01})
  void should_match_a_plain_sum_when_the_count_is_beyond_the_exact_region(double theta) {
    assertRelativelyClose(GrayZipfian.bruteZeta(N, theta), Zeta.of(N, theta), "zeta(" + N + ", " + theta + ")");
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 4096, 4097, 500_000, 2_000_000})
  void should_match_a_fresh_sum_when_resized_in_either_direction(long delta) {
    double theta = 0.99;
    long small = Zeta.EXACT_TERMS - 1000;
    long large = small + delta;
    assertRelativelyClose(Zeta.of(large, theta), Zeta.resize(Zeta.of(small, theta), small, large, theta), "grow");
    assertRelativelyClose(Zeta.of(small, theta), Zeta.resize(Zeta.of(large, theta), large, small, theta), "shrink");
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 1000, 1_048_576})
  void should_be_bit_identical_to_a_fresh_sum_when_grown_inside_the_exact_region(long to) {
    assertEquals(Zeta.of(to, 0.99), Zeta.resize(Zeta.of(1, 0.99), 1, to, 0.99));
  }
}
