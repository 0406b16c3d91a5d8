package site.ycsb.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Properties;

import org.junit.jupiter.api.Test;

/** The fleet commands' numbers and counts, refused with the engine's words. */
class OptionValuesTest {
  private static final String[] NOT_WHOLE = {"x", "", " ", "1.5", "1e3", "0x10", "NaN"};

  @Test
  void should_read_a_count_property_as_a_whole_number_of_at_least_zero() throws Exception {
    Properties p = new Properties();
    assertEquals(7, OptionValues.property(p, site.ycsb.cli.EngineOptions.RECORD_COUNT, 7));
    p.setProperty("recordcount", "  ");
    assertEquals(7, OptionValues.property(p, site.ycsb.cli.EngineOptions.RECORD_COUNT, 7), "blank is absent");
    for (String bad : NOT_WHOLE) {
      if (bad.trim().isEmpty()) {
        continue;
      }
      p.setProperty("recordcount", bad);
      assertEquals("recordcount=" + bad + " is not a whole number",
          assertThrows(UsageException.class, () -> OptionValues.property(p, site.ycsb.cli.EngineOptions.RECORD_COUNT, 0)).getMessage());
    }
    p.setProperty("recordcount", "-5");
    assertEquals("recordcount=-5 must be at least 0",
        assertThrows(UsageException.class, () -> OptionValues.property(p, site.ycsb.cli.EngineOptions.RECORD_COUNT, 0)).getMessage());
  }
}
