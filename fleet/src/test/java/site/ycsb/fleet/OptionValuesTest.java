package site.ycsb.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Properties;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The fleet commands refuse a bad number with the engine's words, through their real option parsers. */
class OptionValuesTest {
  private static final String[] NOT_WHOLE = {"x", "", " ", "1.5", "1e3", "0x10", "NaN"};

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

  /** What the engine refuses, suite, fleet and findmax refuse with the engine's own line, before anything starts. */
  @ParameterizedTest
  @ValueSource(strings = {"-threads 0", "-target x", "-p threadcount=1.5", "-x", "-p novalue", "-load -t",
      "-p async=maybe", "-threads"})
  void should_refuse_an_engine_option_with_the_engines_words_in_every_tool(String option) {
    java.util.List<String> words = Arrays.asList(option.split(" "));
    String engine;
    try {
      site.ycsb.cli.EngineCommandLine.parse(words).checkValues();
      throw new AssertionError("the engine accepts " + option);
    } catch (site.ycsb.cli.UsageException e) {
      engine = e.getMessage();
    }
    java.util.List<String> suite = new java.util.ArrayList<>(Arrays.asList("basic"));
    suite.addAll(words);
    assertEquals(engine, assertThrows(UsageException.class,
        () -> SuiteOptions.parse(suite.toArray(new String[0]), false, "u")).getMessage(), "suite");
    java.util.List<String> fleet = new java.util.ArrayList<>(Arrays.asList("basic", "--hosts", "a,b"));
    fleet.addAll(words);
    assertEquals(engine, assertThrows(UsageException.class,
        () -> SuiteOptions.parse(fleet.toArray(new String[0]), true, "u")).getMessage(), "fleet");
    assertEquals(engine, assertThrows(UsageException.class, () -> ClientArgs.parse(words)).getMessage(), "fleet");
    java.util.List<String> findmax = new java.util.ArrayList<>(Arrays.asList("basic", "--sla", "p99<10ms"));
    findmax.addAll(words);
    assertEquals(engine, assertThrows(IllegalArgumentException.class,
        () -> Findmax.Options.parse(findmax.toArray(new String[0]))).getMessage(), "findmax");
  }

  @Test
  void should_refuse_what_findmax_chooses_whether_given_as_a_flag_or_a_property() {
    for (String[] c : new String[][] {{"-target", "500"}, {"-p", "target=500"}, {"-load"},
        {"-p", "dotransactions=false"}}) {
      java.util.List<String> args = new java.util.ArrayList<>(Arrays.asList("basic", "--sla", "p99<1ms"));
      args.addAll(Arrays.asList(c));
      String m = assertThrows(IllegalArgumentException.class,
          () -> Findmax.Options.parse(args.toArray(new String[0]))).getMessage();
      assertTrue(m.endsWith(" is findmax's to choose; leave it out"), m);
    }
  }

  @Test
  void should_refuse_and_say_what_to_give_instead_when_a_step_would_silently_replace_the_value() {
    String[][] cases = {{"-p", "operationcount=50"}, {"-p", "maxexecutiontime=5"}, {"-p", "warmup=10s"},
        {"-p", "hdrhistogram.percentiles=99.99"}, {"-p", "measurement.interval=op"}};
    String[] instead = {"give --step-time instead", "give --step-time instead", "give findmax's --warmup",
        "give another as an --sla", "every step measures both"};
    for (int i = 0; i < cases.length; i++) {
      java.util.List<String> args = new java.util.ArrayList<>(Arrays.asList("basic", "--sla", "p99<1ms"));
      args.addAll(Arrays.asList(cases[i]));
      String m = assertThrows(IllegalArgumentException.class,
          () -> Findmax.Options.parse(args.toArray(new String[0]))).getMessage();
      assertTrue(m.startsWith(cases[i][0] + " " + cases[i][1].substring(0, cases[i][1].indexOf('='))
          + " is findmax's to choose") && m.contains(instead[i]), m);
    }
  }

  @Test
  void should_accept_launcher_options_when_findmax_checks_what_each_step_sets() {
    Findmax.Options o = Findmax.Options.parse(new String[] {"basic", "--sla", "p99<1ms", "-cp", "/x",
        "-jvm-args", "-Xmx1g", "-threads", "4"});
    assertTrue(o.clientArgs.contains("-cp") && o.clientArgs.contains("-jvm-args"), o.clientArgs.toString());
  }
}
