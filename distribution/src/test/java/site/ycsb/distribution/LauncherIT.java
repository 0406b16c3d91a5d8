package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;
import site.ycsb.testsupport.MetricLines;

/**
 * bin/ycsb of the unpacked tarball, run under {@code env -i} with only PATH and JAVA_HOME, against the real engine
 * and the null database.
 */
class LauncherIT {

  @TempDir
  static Path emptyDir;

  private static Path home;

  @BeforeAll
  static void unpack() throws Exception {
    home = UnpackedDistribution.unpackInto(emptyDir);
  }

  @Test
  void should_load_and_then_run_workload_a_when_basic_is_started_from_the_unpacked_tarball() throws Exception {
    ChildProcess.Result load = Processes.ycsb(home, "load", "basic", "-P", "workloads/workloada",
        "-p", "recordcount=1000", "-p", "basicdb.verbose=false", "-threads", "2");
    assertEquals(0, load.exitCode, load.toString());
    assertTrue(load.stdout.contains("[OVERALL], Throughput(ops/sec), "), load.toString());
    assertEquals(1000, operations(load.stdout, "INSERT"), load.toString());

    ChildProcess.Result run = Processes.ycsb(home, "run", "basic", "-P", "workloads/workloada",
        "-p", "recordcount=1000", "-p", "operationcount=1000", "-p", "basicdb.verbose=false", "-threads", "2");
    assertEquals(0, run.exitCode, run.toString());
    assertTrue(run.stdout.contains("[OVERALL], Throughput(ops/sec), "), run.toString());
    assertEquals(0, operations(run.stdout, "INSERT"), "run phase must not insert:\n" + run.toString());
    assertEquals(1000, operations(run.stdout, "READ") + operations(run.stdout, "UPDATE"), run.toString());
    assertTrue(operations(run.stdout, "READ") > 0 && operations(run.stdout, "UPDATE") > 0,
        "workload A mixes reads and updates:\n" + run.toString());
  }

  @Test
  void should_load_and_run_every_shipped_workload_file_when_used_with_basic() throws Exception {
    String[][] workloads = {
        {"-P", "workloads/workloada"}, {"-P", "workloads/workloadb"}, {"-P", "workloads/workloadc"},
        {"-P", "workloads/workloadd"}, {"-P", "workloads/workloade"}, {"-P", "workloads/workloadf"},
        {"-P", "workloads/workload_template"},
        {"-P", "workloads/workloada", "-P", "workloads/griddb-vs-cassandra/common",
            "-P", "workloads/griddb-vs-cassandra/in-memory", "-P", "workloads/griddb-vs-cassandra/cassandra-load"},
        {"-P", "workloads/workloadb", "-P", "workloads/griddb-vs-cassandra/common",
            "-P", "workloads/griddb-vs-cassandra/larger-than-memory"}};
    for (String[] files : workloads) {
      for (String phase : new String[] {"load", "run"}) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList(phase, "basic"));
        args.addAll(java.util.Arrays.asList(files));
        // Small counts and threads on top of the files' own values (-p beats -P).
        args.addAll(java.util.Arrays.asList("-p", "recordcount=200", "-p", "operationcount=200",
            "-p", "threadcount=2", "-p", "basicdb.verbose=false"));
        ChildProcess.Result result = Processes.ycsb(home, args.toArray(new String[0]));
        assertEquals(0, result.exitCode, String.join(" ", args) + "\n" + result.toString());
        assertTrue(result.stdout.contains("[OVERALL], Throughput(ops/sec), "), result.toString());
        if (phase.equals("load")) {
          assertEquals(200, operations(result.stdout, "INSERT"), String.join(" ", args) + "\n" + result.toString());
        }
      }
    }
  }

  /** Runs {@code bin/ycsb phase db args...} with the null databases quiet; asserts exit 0 and a result. */
  private static String ycsbOk(String phase, String db, String... args) throws Exception {
    java.util.List<String> all = new java.util.ArrayList<>(java.util.Arrays.asList(phase, db));
    all.addAll(java.util.Arrays.asList(args));
    all.addAll(java.util.Arrays.asList("-p", "basicdb.verbose=false", "-threads", "2"));
    ChildProcess.Result r = Processes.ycsb(home, all.toArray(new String[0]));
    assertEquals(0, r.exitCode, String.join(" ", all) + "\n" + r.toString());
    assertTrue(r.stdout.contains("[OVERALL], Throughput(ops/sec), "), r.toString());
    return r.stdout;
  }

  @Test
  void should_load_and_run_the_time_series_rest_and_constant_occupancy_workloads_through_bin_ycsb()
      throws Exception {
    // time series on basicts, with the shipped files (tsworkloada: inserts and reads; the template plus scans)
    for (String file : new String[] {"workloads/tsworkloada", "workloads/tsworkload_template"}) {
      String[] common = {"-P", file, "-p", "recordcount=2048", "-p", "operationcount=600", "-p",
          "insertstart=1500000000", "-p", "scanproportion=0.2", "-p", "querytimespan=600"};
      assertEquals(2048, operations(ycsbOk("load", "basicts", common), "INSERT"), file);
      String run = ycsbOk("run", "basicts", common);
      assertEquals(600, operations(run, "READ") + operations(run, "INSERT") + operations(run, "SCAN")
          + operations(run, "UPDATE"), file + "\n" + run);
      assertTrue(operations(run, "SCAN") > 0, run);
    }
    // the REST workload on basic: its trace paths are relative to the directory bin/ycsb is started from (home)
    assertEquals(4, operations(ycsbOk("load", "basic", "-P", "workloads/restworkload"), "INSERT"));
    String rest = ycsbOk("run", "basic", "-P", "workloads/restworkload", "-p", "operationcount=300", "-p",
        "deleteproportion=0.1");
    assertEquals(300, operations(rest, "READ") + operations(rest, "INSERT") + operations(rest, "UPDATE")
        + operations(rest, "DELETE"), rest);
    // constant occupancy: 100,000 bytes x 0.9 / (10 fields x 100 bytes) = 90 records, 10 storage ages = 900 ops
    String[] occupancy = {"-P", "workloads/workloada", "-p", "workload=site.ycsb.workloads.ConstantOccupancyWorkload",
        "-p", "disksize=100000"};
    assertEquals(90, operations(ycsbOk("load", "basic", occupancy), "INSERT"));
    String run = ycsbOk("run", "basic", occupancy);
    assertEquals(900, operations(run, "READ") + operations(run, "UPDATE"), run);
  }

  @Test
  void should_deliver_a_quoted_value_as_one_argument_when_it_contains_spaces_and_shell_characters() throws Exception {
    String value = "two  spaces * $HOME 'single' \"double\" a\\b";
    ChildProcess.Result run = Processes.ycsb(home, "run", "basic", "-P", "workloads/workloada",
        "-p", "recordcount=10", "-p", "operationcount=1", "-p", "basicdb.verbose=true", "-p", "ycsb.it.note=" + value);
    assertEquals(0, run.exitCode, run.toString());
    assertTrue(run.stdout.contains("\"ycsb.it.note\"=\"" + value + "\""), run.toString());
  }

  @Test
  void should_hand_jvm_options_and_extra_classpath_to_java_when_given_by_flags_and_java_opts() throws Exception {
    // -XshowSettings:properties makes the JVM print its system properties and classpath (one entry per line).
    Path extra = Files.createDirectories(emptyDir.resolve("extra classes"));
    ChildProcess.Result run = Processes.ycsbWithEnv(home,
        java.util.Collections.singletonList("JAVA_OPTS=-Dycsb.it.opts=from-java-opts -XshowSettings:properties"),
        "run", "basic", "-P", "workloads/workloada", "-jvm-args", "-Dycsb.it.a=one -Dycsb.it.b=two",
        "-jvm-args=-Dycsb.it.c=three", "-cp", extra.toString(),
        "-p", "recordcount=10", "-p", "operationcount=10", "-p", "basicdb.verbose=false");
    assertEquals(0, run.exitCode, run.toString());
    for (String setting : new String[] {"ycsb.it.opts = from-java-opts", "ycsb.it.a = one", "ycsb.it.b = two",
        "ycsb.it.c = three", "java.class.path = " + extra + "\n"}) {
      assertTrue(run.stderr.contains(setting), "JVM did not get " + setting + ":\n" + run.toString());
    }
  }

  @Test
  void should_start_the_interactive_shell_on_the_binding_when_shell_is_given() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(coreHasClass("site/ycsb/CommandLine.class"),
        "core has no site.ycsb.CommandLine yet");
    ChildProcess.Result shell = Processes.ycsbWithInput(home, new java.util.ArrayList<String>(),
        "insert k1 field0=hello\nread k1\nquit\n", "shell", "basic", "-p", "basicdb.verbose=true",
        "-table", "shelltable");
    assertEquals(0, shell.exitCode, shell.toString());
    // BasicDB echoes each call: proves the shell talks to the binding named on the command line.
    assertTrue(shell.stdout.contains("INSERT shelltable k1"), shell.toString());
    assertTrue(shell.stdout.contains("READ shelltable k1"), shell.toString());
  }

  @Test
  void should_exit_2_and_name_the_known_bindings_when_the_binding_is_unknown() throws Exception {
    ChildProcess.Result result = Processes.ycsb(home, "load", "nosuchdb", "-P", "workloads/workloada");
    assertEquals(2, result.exitCode, result.toString());
    String firstLine = result.stderr.split("\n")[0];
    assertTrue(firstLine.contains("unknown binding 'nosuchdb'"), result.toString());
    for (String name : new String[] {"basic", "griddb", "cassandra-cql", "cassandra2-cql", "scylla"}) {
      assertTrue((" " + firstLine + " ").contains(" " + name + " "), name + " not listed:\n" + result.toString());
    }
  }

  @Test
  void should_write_a_result_directory_when_the_results_flag_is_given() throws Exception {
    Path dir = emptyDir.resolve("results of run 1");
    ChildProcess.Result run = Processes.ycsb(home, "run", "basic", "-P", "workloads/workloadc", "-results", dir.toString(),
        "-p", "recordcount=100", "-p", "operationcount=500", "-p", "basicdb.verbose=false");
    assertEquals(0, run.exitCode, run.toString());
    assertTrue(java.nio.file.Files.isRegularFile(dir.resolve("summary.json")), run.toString());
    assertTrue(java.nio.file.Files.isRegularFile(dir.resolve("hdr/READ.hdr")), run.toString());
  }

  @Test
  void should_exit_2_without_a_stack_trace_when_a_client_flag_is_unknown() throws Exception {
    ChildProcess.Result result = Processes.ycsb(home, "load", "basic", "-P", "workloads/workloada", "-no-such-flag");
    assertEquals(2, result.exitCode, result.toString());
    assertFalse(result.stderr.contains("\tat "), "stack trace for a user mistake:\n" + result.toString());
  }

  @Test
  void should_exit_2_when_an_option_of_the_launcher_lacks_its_value() throws Exception {
    ChildProcess.Result result = Processes.ycsb(home, "run", "basic", "-cp");
    assertEquals(2, result.exitCode, result.toString());
    assertTrue(result.stderr.contains("-cp needs a value"), result.toString());
  }

  @Test
  void should_list_every_registered_binding_with_its_class_when_list_is_given() throws Exception {
    ChildProcess.Result list = Processes.ycsb(home, "list");
    assertEquals(0, list.exitCode, list.toString());
    for (Registry entry : Registry.read(home.resolve("bin/bindings.properties"))) {
      Pattern line = Pattern.compile("^\\s+" + Pattern.quote(entry.name) + "\\s+" + Pattern.quote(entry.className)
          + "\\b", Pattern.MULTILINE);
      assertTrue(line.matcher(list.stdout).find(), entry.name + " missing:\n" + list.toString());
    }
  }

  @Test
  void should_print_the_version_and_git_commit_of_core_when_version_is_asked() throws Exception {
    Properties built = coreVersionProperties();
    ChildProcess.Result result = Processes.ycsb(home, "--version");
    assertEquals(0, result.exitCode, result.toString());
    String output = result.stdout + result.stderr;
    assertTrue(output.contains(UnpackedDistribution.VERSION), result.toString());
    assertTrue(output.contains(built.getProperty("git.commit")),
        "commit " + built.getProperty("git.commit") + " not shown:\n" + result.toString());
  }

  @Test
  void should_run_a_binding_dropped_in_later_when_registered_without_editing_the_script() throws Exception {
    Path other = Files.createDirectory(emptyDir.resolve("drop-in"));
    Path dist = UnpackedDistribution.unpackInto(other);
    DropInBinding.install(dist, "extra-binding");
    Files.write(dist.resolve("extra-binding/binding.properties"),
        ("# found by bin/ycsb without any change to it\nextra:" + DropInBinding.CLASS_NAME + "\n").getBytes("UTF-8"));
    Files.write(dist.resolve("bin/bindings.properties"),
        ("appended:" + DropInBinding.CLASS_NAME + ":extra-binding\n").getBytes("UTF-8"),
        java.nio.file.StandardOpenOption.APPEND);

    for (String name : new String[] {"extra", "appended"}) {
      ChildProcess.Result run = Processes.ycsb(dist, "run", name, "-P", "workloads/workloadc",
          "-p", "recordcount=10", "-p", "operationcount=10", "-p", "basicdb.verbose=false");
      assertEquals(0, run.exitCode, run.toString());
      assertTrue(run.stdout.contains(DropInBinding.MARKER), name + ": drop-in class not used:\n" + run.toString());
      assertEquals(10, operations(run.stdout, "READ"), run.toString());
    }
  }

  private static long operations(String output, String operation) {
    return MetricLines.of(output).longValue(operation, "Operations", 0);
  }

  private static boolean coreHasClass(String entry) throws IOException {
    try (DirectoryStream<Path> cores = Files.newDirectoryStream(home.resolve("lib"), "core-*.jar")) {
      try (ZipFile zip = new ZipFile(cores.iterator().next().toFile())) {
        return zip.getEntry(entry) != null;
      }
    }
  }

  private static Properties coreVersionProperties() throws IOException {
    try (DirectoryStream<Path> cores = Files.newDirectoryStream(home.resolve("lib"), "core-*.jar")) {
      Path core = cores.iterator().next();
      try (ZipFile zip = new ZipFile(core.toFile())) {
        ZipEntry entry = zip.getEntry("site/ycsb/version.properties");
        Properties properties = new Properties();
        try (InputStream in = zip.getInputStream(entry)) {
          properties.load(in);
        }
        return properties;
      }
    }
  }
}
