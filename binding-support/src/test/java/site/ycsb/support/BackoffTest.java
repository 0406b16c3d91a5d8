package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BackoffTest {
  @Test
  void should_double_the_ceiling_until_the_cap_when_retries_grow() {
    Backoff backoff = Backoff.exponential(100, 1000);
    assertEquals(100, backoff.ceilingMillis(1));
    assertEquals(200, backoff.ceilingMillis(2));
    assertEquals(400, backoff.ceilingMillis(3));
    assertEquals(800, backoff.ceilingMillis(4));
    assertEquals(1000, backoff.ceilingMillis(5));
    assertEquals(1000, backoff.ceilingMillis(60));
  }

  @Test
  void should_wait_between_half_and_all_of_the_ceiling_when_exponential() {
    Backoff backoff = Backoff.exponential(100, 1000);
    assertEquals(200, backoff.delayMillis(3, 0.0));
    assertEquals(399, backoff.delayMillis(3, 0.999));
    for (double r = 0; r < 1; r += 0.05) {
      long delay = backoff.delayMillis(2, r);
      assertTrue(delay >= 100 && delay <= 200, "delay " + delay);
    }
  }

  @Test
  void should_stay_within_the_spread_around_the_interval_when_fixed() {
    Backoff backoff = Backoff.fixed(2000, 0.2);
    assertEquals(1600, backoff.delayMillis(1, 0.0));
    assertEquals(1600, backoff.delayMillis(7, 0.0), "a fixed back-off does not grow");
    assertEquals(2399, backoff.delayMillis(1, 0.99999));
    for (double r = 0; r < 1; r += 0.05) {
      long delay = backoff.delayMillis(3, r);
      assertTrue(delay >= 1600 && delay < 2400, "delay " + delay);
    }
  }

  @Test
  void should_never_wait_when_the_base_is_zero() {
    assertEquals(0, Backoff.exponential(0, 5000).delayMillis(9, 0.9));
  }

  @Test
  void should_reject_a_cap_below_the_base_when_constructed() {
    assertThrows(IllegalArgumentException.class, () -> Backoff.exponential(100, 50));
    assertThrows(IllegalArgumentException.class, () -> Backoff.exponential(-1, 50));
    assertThrows(IllegalArgumentException.class, () -> Backoff.exponential(100, 200).ceilingMillis(0));
    assertThrows(IllegalArgumentException.class, () -> Backoff.fixed(100, 1.5));
  }
}
