package site.ycsb.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Properties;

import org.junit.jupiter.api.Test;

import site.ycsb.options.Option;

/** The fleet commands' numbers and counts, refused with the engine's words. */
class OptionValuesTest {
  private static final String[] NOT_WHOLE = {"x", "", " ", "1.5", "1e3", "0x10", "NaN"};

  private static final Option<Integer> SETUPS = Option.count("--setups", 8, 1, 100).meaning("set-ups").build();

  @Test
  void should_read_a_command_line_value_by_its_declaration_and_refuse_it_in_one_line_when_it_does_not_fit()
      throws Exception {
    assertEquals(4, (int) OptionValues.commandLine(SETUPS, "4"));
    assertEquals(100, (int) OptionValues.commandLine(SETUPS, " 100 "));
    for (String bad : NOT_WHOLE) {
      if (bad.trim().isEmpty()) {
        assertEquals("--setups is given empty: give a value, or leave --setups out for its default",
            assertThrows(UsageException.class, () -> OptionValues.commandLine(SETUPS, bad)).getMessage());
      } else {
        assertEquals("--setups=" + bad + " is not a whole number",
            assertThrows(UsageException.class, () -> OptionValues.commandLine(SETUPS, bad)).getMessage());
      }
    }
    for (String outside : new String[] {"0", "101", "-3"}) {
      assertEquals("--setups=" + outside + " must be between 1 and 100",
          assertThrows(UsageException.class, () -> OptionValues.commandLine(SETUPS, outside)).getMessage());
    }
    assertEquals("--setups=99999999999999999999 is too large (at most 100)", assertThrows(UsageException.class,
        () -> OptionValues.commandLine(SETUPS, "99999999999999999999")).getMessage());
  }

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
