package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The status line's remaining-time text. */
class RemainingFormatterTest {
  @Test
  void should_use_correct_units_and_singulars_when_formatting_remaining_time() {
    assertEquals("1 second", RemainingFormatter.format(1));
    assertEquals("59 seconds", RemainingFormatter.format(59));
    assertEquals("1 minute", RemainingFormatter.format(60));
    assertEquals("1 hour 1 minute", RemainingFormatter.format(3661));
    assertEquals("2 days 3 hours 4 minutes", RemainingFormatter.format(2 * 86400 + 3 * 3600 + 4 * 60 + 5));
  }
}
