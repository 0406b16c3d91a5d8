package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The one parser of the engine's command line, as the engine and the tools that start engines use it. */
class EngineCommandLineTest {
  private static final List<String> LAUNCHER = Arrays.asList("-cp", "-jvm-args");

  @Test
  void should_print_the_usage_text_of_before_when_generated_from_the_flags() {
    assertEquals(String.join("\n",
        "Usage: java site.ycsb.Client [options]",
        "Options:",
        "  -threads n      run with n client threads (default 1)",
        "  -target n       attempt n operations per second in total, on an open-loop schedule (default: unthrottled)",
        "  -load           run the loading phase of the workload",
        "  -t              run the transactions phase of the workload (default)",
        "  -db dbname      the database binding class (default site.ycsb.BasicDB)",
        "  -P propertyfile load properties from the file (repeatable; later files win)",
        "  -p name=value   set a property (repeatable; overrides files)",
        "  -s              print status lines to stderr every status.interval seconds",
        "  -l label        prefix the status lines with label",
        "  --version       print the version and git commit",
        "Required property: workload (e.g. -P workloads/workloada). See the README for all properties and exit "
            + "codes."), EngineCommandLine.USAGE);
  }

  @Test
  void should_map_every_flag_to_the_option_it_sets_when_parsed() throws Exception {
    EngineCommandLine c = EngineCommandLine.parse(Arrays.asList("-threads", "8", "-target", "900", "-load", "-db",
        "x.Y", "-s", "-l", "lbl", "-P", "f1", "-p", "a=1", "-P", "f2", "-p", "a=2", "-p", "target=5"));
    Map<String, String> set = c.properties();
    assertEquals("8", set.get("threadcount"));
    assertEquals("5", set.get("target"), "the last value of a property wins, flag or -p");
    assertEquals("false", set.get("dotransactions"));
    assertEquals("x.Y", set.get("db"));
    assertEquals("true", set.get("status"));
    assertEquals("lbl", set.get("label"));
    assertEquals("2", set.get("a"));
    assertEquals(Arrays.asList("f1", "f2"), c.propertyFiles());
    assertTrue(c.has(EngineFlag.LOAD) && !c.has(EngineFlag.TRANSACTIONS));
    assertTrue(c.sets(EngineOptions.TARGET) && !c.sets(EngineOptions.OPERATION_COUNT));
  }

  @Test
  void should_warn_once_per_property_when_it_is_set_twice_to_different_values() throws Exception {
    EngineCommandLine c = EngineCommandLine.parse(Arrays.asList("-threads", "4", "-p", "operationcount=50",
        "-target", "100", "-p", "threadcount=8", "-p", "operationcount=60", "-p", "operationcount=100",
        "-p", "db.password=S3cr3t", "-p", "db.password=0th3r", "-p", "jdbc.url=h?token=S3cr3t", "-p",
        "jdbc.url=h?token=0th3r", "-l", "a", "-l", "a", "-p", "x=1", "-p", "x=1"));
    List<String> warnings = c.repeatedWarnings();
    assertEquals(4, warnings.size(), warnings.toString());
    assertEquals("Warning: threadcount is set more than once on the command line (first '4', last '8'): the last "
        + "is used, as in YCSB 0.17.0", warnings.get(0));
    assertTrue(warnings.get(1).contains("operationcount") && warnings.get(1).contains("first '50', last '100'"),
        warnings.get(1));
    for (String w : warnings) {
      assertFalse(w.contains("S3cr3t") || w.contains("0th3r"), w);
    }
    assertTrue(EngineCommandLine.parse(Arrays.asList("-threads", "4", "-p", "threadcount=4", "-P", "a", "-P", "b"))
        .repeatedWarnings().isEmpty(), "the same value twice, or two -P files, is no mistake");
  }

  @Test
  void should_give_back_the_words_as_typed_when_items_are_kept() throws Exception {
    List<String> args = Arrays.asList("-cp", "/x", "-threads", "8", "-p", "x=a b", "-s", "-jvm-args", "-Xmx1g");
    EngineCommandLine c = EngineCommandLine.parse(args, LAUNCHER);
    assertEquals(args, EngineCommandLine.words(c.items()));
    assertEquals("/x", c.ownOption("-cp", null));
    assertEquals("def", c.ownOption("-table", "def"));
    assertEquals(Arrays.asList("-target", "10"), EngineFlag.TARGET.with("10"));
    assertEquals(Collections.singletonList("-s"), EngineFlag.STATUS.with(null));
  }

  @Test
  void should_know_which_words_take_a_value_when_a_tool_splits_its_own_options_off() {
    for (String w : new String[] {"-threads", "-target", "-db", "-P", "-p", "-l", "-cp", "-jvm-args"}) {
      assertTrue(EngineCommandLine.takesValue(w, LAUNCHER), w);
    }
    for (String w : new String[] {"-load", "-t", "-s", "--version", "--help", "-x", "--out"}) {
      assertFalse(EngineCommandLine.takesValue(w, LAUNCHER), w);
    }
  }

  @Test
  void should_refuse_a_mistake_in_one_line_with_the_engines_words_when_parsing() {
    String[][] cases = {
        {"unknown option '-x' (options: -threads -target -load -t -db -P -p -s -l --version; see --help)", "-x"},
        {"-threads needs a value", "-threads"},
        {"-threads needs a value", "-threads", ""},
        {"-target needs a value (got the option -s instead)", "-target", "-s"},
        {"-p needs name=value, got 'novalue'", "-p", "novalue"},
        {"-p needs name=value, got '=x'", "-p", "=x"},
        {"-load and -t both given: a run is either the load phase (bin/ycsb load) or the transaction phase "
            + "(bin/ycsb run)", "-load", "-t"},
        {"unknown option '-cp' (options: -threads -target -load -t -db -P -p -s -l --version; see --help)", "-cp",
            "x"},
    };
    for (String[] c : cases) {
      List<String> args = Arrays.asList(c).subList(1, c.length);
      UsageException e = assertThrows(UsageException.class, () -> EngineCommandLine.parse(args), args.toString());
      assertEquals(c[0], e.getMessage());
    }
  }

  @Test
  void should_refuse_a_bad_value_of_an_engine_option_when_checked_before_a_tool_starts_anything() throws Exception {
    String[][] cases = {
        {"target=x is not a number", "-target", "x"},
        {"target=1e400 is not a finite number", "-p", "target=1e400"},
        {"threadcount=0 must be at least 1", "-threads", "0"},
        {"operationcount=-1 must be at least 0", "-p", "operationcount=-1"},
        {"async=maybe is not one of: auto, true, false", "-p", "async=maybe"},
    };
    for (String[] c : cases) {
      EngineCommandLine line = EngineCommandLine.parse(Arrays.asList(c).subList(1, c.length));
      assertEquals(c[0], assertThrows(UsageException.class, line::checkValues).getMessage());
    }
    EngineCommandLine.parse(Arrays.asList("-target", "0.5", "-threads", "4", "-p", "x=y")).checkValues();
  }

  @Test
  void should_answer_version_wherever_it_stands_and_help_where_it_stands() throws Exception {
    assertTrue(EngineCommandLine.parse(Arrays.asList("-x", "--version")).versionRequested());
    assertTrue(EngineCommandLine.parse(Arrays.asList("-version")).versionRequested());
    assertTrue(EngineCommandLine.parse(Arrays.asList("-s", "-h", "-x")).helpRequested());
    assertThrows(UsageException.class, () -> EngineCommandLine.parse(Arrays.asList("-x", "-help")));
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {" operationcount=5", "operationcount =5",
      "\toperationcount=5", "operationcount\t=5", " operationcount =5", "operation count=5", "-threads=5",
      "-target=100", "--operationcount=5", "-s=1", "-x=1", "record\ncount=5", "recordcount\u00a0=5", "a\u0000b=1"})
  void should_refuse_in_one_line_when_a_p_name_is_not_what_the_user_meant(String arg) {
    UsageException e = assertThrows(UsageException.class,
        () -> EngineCommandLine.parse(Arrays.asList("-p", arg, "-threads", "2"), LAUNCHER));
    assertTrue(e.getMessage().startsWith("-p '"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertFalse(e.getMessage().contains("\u0000"), e.getMessage());
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"operationcount=5", "operationcount= 5",
      "label=a b", "x.y-z_w=1", "db.url=jdbc:x://h/p?a=b", "empty="})
  void should_keep_the_name_and_value_when_a_p_is_well_formed(String arg) throws Exception {
    Map<String, String> set = EngineCommandLine.parse(Arrays.asList("-p", arg)).properties();
    int eq = arg.indexOf('=');
    assertEquals(arg.substring(eq + 1), set.get(arg.substring(0, eq)));
  }
}
