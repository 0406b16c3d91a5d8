package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

class KeyNamesTest {
  private static String reference(long n, int zeropadding) {
    String value = Long.toString(n);
    StringBuilder sb = new StringBuilder("user");
    for (int i = value.length(); i < zeropadding; i++) {
      sb.append('0');
    }
    return sb.append(value).toString();
  }

  @Test
  void should_match_the_plain_rendering_when_building_any_key() {
    long[] edge = {0, 1, 9, 10, 99, 100, 101, 999, 1000, 123456789, Long.MAX_VALUE, Long.MAX_VALUE - 1,
        999_999_999_999_999_999L, 1_000_000_000_000_000_000L, Long.MIN_VALUE, -5};
    for (long n : edge) {
      for (int pad : new int[]{1, 5, 20, 25}) {
        assertEquals(reference(n, pad), KeyNames.build(n, pad), n + " pad " + pad);
      }
    }
    for (int i = 0; i < 100_000; i++) {
      long n = ThreadLocalRandom.current().nextLong() >>> ThreadLocalRandom.current().nextInt(64);
      assertEquals(reference(n, 1), KeyNames.build(n, 1));
    }
  }
}
