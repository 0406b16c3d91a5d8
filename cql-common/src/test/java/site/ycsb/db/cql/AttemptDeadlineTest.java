package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class AttemptDeadlineTest {
  private static CqlSettings.Builder settings() {
    return CqlSettings.builder("test").hosts(Arrays.asList("127.0.0.1"));
  }

  @Test
  void should_wait_the_drivers_default_read_timeout_the_pool_wait_and_the_margin_when_no_timeout_is_set() {
    CqlSettings s = settings().retries(5, 100, 5000).build();
    assertEquals(12_000 + 5_000 + 1_000, AttemptDeadline.millis(s, 12_000, 5_000));
    // the defaults' worst case: 6 attempts at their deadline and 5 back-offs at the cap
    assertEquals(6 * 18_000 + 5 * 5_000, AttemptDeadline.worstCaseMillis(s, 18_000));
  }

  @Test
  void should_take_the_request_timeout_over_the_read_timeout_when_both_are_set() {
    assertEquals(2_000 + 5_000 + 1_000, AttemptDeadline.millis(settings().timeouts(null, 7_000, 2_000).build(),
        12_000, 5_000));
    assertEquals(7_000 + 5_000 + 1_000, AttemptDeadline.millis(settings().timeouts(null, 7_000, null).build(),
        12_000, 5_000));
  }

  @Test
  void should_add_the_start_of_the_last_speculative_execution_when_they_are_on() {
    CqlSettings s = settings().timeouts(null, null, 1_000).speculative(200, 3).build();
    assertEquals(1_000 + 2 * 200 + 5_000 + 1_000, AttemptDeadline.millis(s, 12_000, 5_000));
  }
}
