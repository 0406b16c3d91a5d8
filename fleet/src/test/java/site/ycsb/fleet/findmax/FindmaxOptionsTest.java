package site.ycsb.fleet.findmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import site.ycsb.fleet.UsageException;
import site.ycsb.fleet.suite.ClientArgs;
import site.ycsb.fleet.suite.SuiteOptions;

/** findmax's options: what it refuses (as the engine does, and what it chooses itself) and what it passes on. */
class FindmaxOptionsTest {
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
