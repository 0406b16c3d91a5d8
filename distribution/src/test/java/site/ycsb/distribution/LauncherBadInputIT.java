package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import site.ycsb.testsupport.ChildProcess;

/**
 * Bad input to bin/ycsb of the unpacked tarball, one row per class of mistake: exit code, the single line printed,
 * nothing run, and the secret never printed. The client's own cases (property values, files, outputs) are in core's
 * {@code BadInputTest}; these are the ones only the launcher sees or that cross it.
 */
class LauncherBadInputIT {
  private static final String SECRET = "S3cretPW";

  @TempDir
  static Path emptyDir;

  private static Path home;

  @BeforeAll
  static void unpack() throws Exception {
    home = UnpackedDistribution.unpackInto(emptyDir);
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        // A trailing option without its value must not swallow the phase flag the launcher appends.
        row(2, "ycsb: -l needs a value", "load", "basic", "-P", "workloads/workloada", "-l"),
        row(2, "ycsb: -p needs a value", "run", "basic", "-P", "workloads/workloada", "-p"),
        row(2, "ycsb: -P needs a value", "run", "basic", "-P"),
        row(2, "ycsb: -threads needs a value (got the option -load instead)", "run", "basic", "-P",
            "workloads/workloada", "-threads", "-load"),
        row(2, "ycsb: -target needs a value (got the option -s instead)", "run", "basic", "-target", "-s"),
        row(2, "ycsb: -jvm-args needs a value", "run", "basic", "-jvm-args="),
        // The launcher's own options with a value never take an option word, nor an empty directory, as it.
        row(2, "ycsb: -results needs a directory (got the option -s instead)", "load", "basic", "-P",
            "workloads/workloada", "-results", "-s"),
        row(2, "ycsb: -cp needs a value (got the option -s instead)", "run", "basic", "-P", "workloads/workloada",
            "-cp", "-s"),
        row(2, "ycsb: -jvm-args needs a value (got the option -load instead)", "load", "basic", "-P",
            "workloads/workloada", "-jvm-args", "-load"),
        row(2, "ycsb: -results needs a directory (got an empty word)", "run", "basic", "-P", "workloads/workloada",
            "-results", ""),
        row(2, "ycsb: -results needs a directory", "run", "basic", "-P", "workloads/workloada", "-results="),
        row(2, "refused by java", "run", "basic", "-P", "workloads/workloada", "-jvm-args", "-Xbogus"),
        // A phase flag that contradicts the command is refused, not overridden by the launcher's own.
        row(2, "-load and -t both given", "load", "basic", "-P", "workloads/workloada", "-t"),
        row(2, "-load and -t both given", "run", "basic", "-P", "workloads/workloada", "-load"),
        row(2, "ycsb: list takes no arguments", "list", "extra"),
        row(2, "ycsb: --version takes no arguments", "--version", "extra"),
        row(2, "ycsb: version takes no arguments", "version", "-p", "x=1"),
        row(2, "ycsb: help takes no arguments", "help", "me"),
        row(2, "ycsb: --help takes no arguments", "--help", "--version"),
        // Secrets typed wrongly are masked by the client before they are quoted.
        row(2, "-p needs name=value, got 'db.password ***'", "run", "basic", "-P", "workloads/workloada", "-p",
            "db.password " + SECRET),
        row(2, "unknown option '-pdb.password=***'", "run", "basic", "-P", "workloads/workloada",
            "-pdb.password=" + SECRET));
  }

  private static Arguments row(int exitCode, String line, String... args) {
    return Arguments.of(exitCode, line, Arrays.asList(args));
  }

  @ParameterizedTest(name = "[{index}] {2} -> exit {0}")
  @MethodSource("cases")
  void should_exit_with_the_code_and_one_line_and_run_nothing_when_the_input_is_bad(int exitCode, String line,
                                                                                  List<String> args)
      throws Exception {
    ChildProcess.Result r = Processes.ycsb(home, args.toArray(new String[0]));
    assertEquals(exitCode, r.exitCode, r.toString());
    assertEquals(1, r.stderr.trim().split("\n").length, "one line:\n" + r.toString());
    assertTrue(r.stderr.contains(line), "expected '" + line + "':\n" + r.toString());
    assertFalse(r.stdout.contains("[OVERALL]"), "something ran:\n" + r.toString());
    assertFalse(r.stdout.contains(SECRET) || r.stderr.contains(SECRET), "secret printed:\n" + r.toString());
  }

  @Test
  void should_mask_secrets_when_the_debug_command_line_and_the_basic_binding_print_them() throws Exception {
    ChildProcess.Result r = Processes.ycsbWithEnv(home, Collections.singletonList("YCSB_DEBUG=1"), "run", "basic", "-P",
        "workloads/workloada", "-p", "recordcount=10", "-p", "operationcount=10", "-p", "db.password=" + SECRET,
        "-p", "my.api.token=" + SECRET, "-jvm-args", "-Dx.secret=" + SECRET);
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.stderr.contains("'db.password=***'"), r.toString());
    assertTrue(r.stdout.contains("\"db.password\"=\"***\""), "basic prints its properties masked:\n" + r.toString());
    assertFalse(r.stdout.contains(SECRET) || r.stderr.contains(SECRET), "secret printed:\n" + r.toString());
  }

  /** A JVM option the JVM refuses is a configuration mistake (exit 2, one line) however it is given. */
  @ParameterizedTest(name = "[{index}] {0} via {1}")
  @org.junit.jupiter.params.provider.CsvSource({"-Xbogus,JAVA_OPTS", "-Xbogus,-jvm-args", "-XX:+NoSuchOption,JAVA_OPTS",
      "-XX:+NoSuchOption,-jvm-args", "-Xmx1k,JAVA_OPTS", "-Xmx1k,-jvm-args", "-Xss1,JAVA_OPTS",
      "-XX:MaxRAMPercentage=200,JAVA_OPTS", "-Dok=1 -Xbogus2,JAVA_OPTS"})
  void should_exit_2_with_one_line_when_java_refuses_a_jvm_option(String option, String via) throws Exception {
    String[] args = {"run", "basic", "-P", "workloads/workloada", "-p", "recordcount=10", "-p", "operationcount=10"};
    ChildProcess.Result r;
    if (via.equals("JAVA_OPTS")) {
      r = Processes.ycsbWithEnv(home, Collections.singletonList("JAVA_OPTS=" + option), args);
    } else {
      String[] withJvm = Arrays.copyOf(args, args.length + 2);
      withJvm[args.length] = "-jvm-args";
      withJvm[args.length + 1] = option;
      r = Processes.ycsb(home, withJvm);
    }
    assertEquals(2, r.exitCode, r.toString());
    assertEquals(1, r.stderr.trim().split("\n").length, "one line:\n" + r.toString());
    assertTrue(r.stderr.contains("refused by java"), r.toString());
    assertFalse(r.stdout.contains("[OVERALL]"), r.toString());
  }

  @Test
  void should_print_the_version_when_asked_after_a_binding() throws Exception {
    ChildProcess.Result r = Processes.ycsb(home, "run", "basic", "--version");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.stdout.startsWith("YCSB"), r.toString());
  }

  /** suite (like fleet and findmax) hands -cp to the engines of its phases, not to its own JVM. */
  @Test
  void should_give_cp_to_every_phase_when_suite_is_given_cp() throws Exception {
    ChildProcess.Result r = Processes.ycsb(home, "suite", "basic", "--workloads", "load,a", "--no-report", "-cp",
        "/no/such/phase-dir", "-p", "recordcount=10", "-p", "operationcount=10", "-p", "basicdb.verbose=false",
        "-p", "warmup=0", "--out", emptyDir.resolve("suite-cp").toString());
    assertEquals(0, r.exitCode, r.toString());
    String err = r.stderr;
    int phase1 = err.indexOf("suite: [1/2]");
    int phase2 = err.indexOf("suite: [2/2]");
    String warning = "ycsb: warning: -cp entry /no/such/phase-dir does not exist";
    assertTrue(phase1 >= 0 && err.indexOf(warning) > phase1, "the first phase's launcher got -cp:\n" + r.toString());
    assertTrue(err.indexOf(warning, phase2) > phase2, "the second phase's launcher got -cp:\n" + r.toString());
    assertTrue(err.indexOf(warning) > phase1, "not the suite's own launcher:\n" + r.toString());
  }

  @Test
  void should_warn_once_when_a_classpath_entry_does_not_exist() throws Exception {
    ChildProcess.Result r = Processes.ycsb(home, "run", "basic", "-cp", "/no/such/dir", "-P", "workloads/workloada",
        "-p", "recordcount=10", "-p", "operationcount=10", "-p", "basicdb.verbose=false");
    assertEquals(0, r.exitCode, r.toString());
    assertTrue(r.stderr.contains("ycsb: warning: -cp entry /no/such/dir does not exist"), r.toString());
  }
}
