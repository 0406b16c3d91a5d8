package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BackoffTest {
  @Test
  void should_double_the_ceiling_until_the_cap_when_retries_grow() {
    Backoff backoff = new Backoff(100, 1000);
    assertEquals(100, backoff.ceilingMillis(1));
    assertEquals(200, backoff.ceilingMillis(2));
    assertEquals(400, backoff.ceilingMillis(3));
    assertEquals(800, backoff.ceilingMillis(4));
    assertEquals(1000, backoff.ceilingMillis(5));
    assertEquals(1000, backoff.ceilingMillis(60));
  }

  @Test
  void should_wait_between_half_and_all_of_the_ceiling_when_jittered() {
    Backoff backoff = new Backoff(100, 1000);
    assertEquals(200, backoff.delayMillis(3, 0.0));
    assertEquals(399, backoff.delayMillis(3, 0.999));
    for (double r = 0; r < 1; r += 0.05) {
      long delay = backoff.delayMillis(2, r);
      assertTrue(delay >= 100 && delay <= 200, "delay " + delay);
    }
  }

  @Test
  void should_reject_a_cap_below_the_base_when_constructed() {
    assertThrows(IllegalArgumentException.class, () -> new Backoff(100, 50));
    assertThrows(IllegalArgumentException.class, () -> new Backoff(100, 200).ceilingMillis(0));
  }
}
