package site.ycsb.fleet.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import site.ycsb.fleet.UsageException;

/** suite and fleet refuse a bad number with the engine's words, through their real option parsers. */
class SuiteOptionsTest {
  @ParameterizedTest
  @ValueSource(strings = {"x", "", "1.5", "1e3", "0x10", "NaN"})
  void should_refuse_repeat_with_the_engine_wording_when_it_is_not_a_whole_number(String value) {
    UsageException e = assertThrows(UsageException.class,
        () -> SuiteOptions.parse(new String[] {"basic", "--repeat", value}, false, "u"));
    assertEquals("--repeat=" + value.trim() + " is not a whole number", e.getMessage());
  }

  @Test
  void should_name_the_limit_when_a_whole_number_is_out_of_range() throws Exception {
    for (String v : new String[] {"0", "-1", "-99999999999999999999"}) {
      assertEquals("--repeat=" + v + " must be at least 1", assertThrows(UsageException.class,
          () -> SuiteOptions.parse(new String[] {"basic", "--repeat", v}, false, "u")).getMessage());
    }
    assertEquals("--repeat=3000000000 is too large (at most 2147483647)", assertThrows(UsageException.class,
        () -> SuiteOptions.parse(new String[] {"basic", "--repeat", "3000000000"}, false, "u")).getMessage());
    assertEquals(3, SuiteOptions.parse(new String[] {"basic", "--repeat", " 3 "}, false, "u").repeat);
  }

  @ParameterizedTest
  @ValueSource(strings = {"x", "NaN", "Infinity", "1e400", "-1", "-0.001"})
  void should_refuse_a_target_the_engine_would_refuse_when_given_as_option_or_property(String value) {
    for (java.util.List<String> args : Arrays.asList(Arrays.asList("-target", value),
        Arrays.asList("-p", "target=" + value))) {
      UsageException e = assertThrows(UsageException.class, () -> ClientArgs.parse(args), args.toString());
      assertTrue(e.getMessage().startsWith("target=" + value + " "), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"-target 1e400", "-target x", "-target -1", "-p target=NaN", "-threads 0", "-threads x",
      "-threads 1.5", "-p threadcount=-2", "-threads 99999999999"})
  void should_refuse_a_suite_rate_or_thread_count_before_any_phase_when_the_engine_would(String option) {
    String[] parts = option.split(" ");
    UsageException e = assertThrows(UsageException.class,
        () -> SuiteOptions.parse(new String[] {"basic", parts[0], parts[1]}, false, "u"), option);
    String shown = parts[1].contains("=") ? parts[1] : ("-target".equals(parts[0]) ? "target=" : "threadcount=")
        + parts[1];
    assertTrue(e.getMessage().startsWith(shown + " "), e.getMessage());
  }

  @Test
  void should_accept_targets_and_delays_of_zero_and_fractions() throws Exception {
    assertEquals(0.5, ClientArgs.parse(Arrays.asList("-target", "0.5")).target, 1e-12);
    assertEquals(0, ClientArgs.parse(Arrays.asList("-p", "target=0")).target, 1e-12);
    assertEquals(Arrays.asList("-target", "0.5", "-threads", "4"),
        SuiteOptions.parse(new String[] {"basic", "-target", "0.5", "-threads", "4"}, false, "u").clientArgs);
    assertEquals(1.5, SuiteOptions.parse(new String[] {"basic", "--hosts", "a,b", "--start-delay", "1.5"}, true, "u").startDelaySec,
        1e-12);
    assertEquals("--start-delay=-2 must be a number of at least 0", assertThrows(UsageException.class,
        () -> SuiteOptions.parse(new String[] {"basic", "--start-delay", "-2"}, true, "u")).getMessage());
  }
}
