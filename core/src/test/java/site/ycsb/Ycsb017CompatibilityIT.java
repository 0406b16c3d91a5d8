package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;
import site.ycsb.testsupport.MetricLines;

/**
 * Proves binary compatibility with YCSB 0.17.0 (site.ycsb:core:0.17.0 from Maven Central) in both directions,
 * with one binding source that uses only 0.17.0's API.
 */
class Ycsb017CompatibilityIT {
  private static final File TARGET = new File("target").getAbsoluteFile();
  private static final File YCSB_LIB = new File(TARGET, "ycsb-0.17.0/lib");

  @TempDir
  static Path tmp;
  private static Path source;
  private static Path tsSource;
  private static String tsWorkload;
  private static String workload;

  @BeforeAll
  static void setUp() throws IOException {
    Path dir = tmp.resolve("src/compat");
    Files.createDirectories(dir);
    source = dir.resolve("CompatProbeDB.java");
    try (InputStream in = Ycsb017CompatibilityIT.class.getResourceAsStream("/compat/CompatProbeDB.java")) {
      Files.copy(in, source, StandardCopyOption.REPLACE_EXISTING);
    }
    tsSource = dir.resolve("CompatTsProbeDB.java");
    try (InputStream in = Ycsb017CompatibilityIT.class.getResourceAsStream("/compat/CompatTsProbeDB.java")) {
      Files.copy(in, tsSource, StandardCopyOption.REPLACE_EXISTING);
    }
    Path ts = tmp.resolve("tsworkload");
    Files.write(ts, ("workload=site.ycsb.workloads.TimeSeriesWorkload\nrecordcount=4096\noperationcount=1000\n"
        + "fieldcount=16\ntagcount=4\ntagcardinality=1,2,4,2\ninsertstart=1500000000\n"
        + "readproportion=0.5\nupdateproportion=0\nscanproportion=0.2\ninsertproportion=0.3\n"
        + "querytimespan=600\ndelayedseries=0\n").getBytes(StandardCharsets.UTF_8));
    tsWorkload = ts.toString();
    Path w = tmp.resolve("workload");
    Files.write(w, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=500\noperationcount=2000\n"
        + "readproportion=0.5\nupdateproportion=0.5\nrequestdistribution=zipfian\n")
        .getBytes(StandardCharsets.UTF_8));
    workload = w.toString();
  }

  private static File compile(String name, String classpath) {
    File out = tmp.resolve(name).toFile();
    assertTrue(out.mkdirs());
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int rc = javac.run(null, null, null, "--release", "8", "-Xlint:-options", "-cp", classpath, "-d",
        out.getPath(), source.toString(), tsSource.toString());
    assertEquals(0, rc, "the probe binding compiles against " + classpath);
    return out;
  }

  private static String jars(File dir) {
    return Arrays.stream(dir.listFiles((d, n) -> n.endsWith(".jar"))).map(File::getPath)
        .collect(Collectors.joining(File.pathSeparator));
  }

  private static String thisCoreRuntime() throws IOException {
    String deps = new String(Files.readAllBytes(new File(TARGET, "runtime-classpath.txt").toPath()),
        StandardCharsets.UTF_8).trim();
    return new File(TARGET, "classes").getAbsolutePath() + File.pathSeparator + deps;
  }

  @Test
  void should_run_a_binding_compiled_against_0_17_0_when_loaded_by_this_core() throws Exception {
    File probe = compile("against-0.17.0", new File(YCSB_LIB, "core-0.17.0.jar").getPath());
    String cp = thisCoreRuntime() + File.pathSeparator + probe.getAbsolutePath();
    ChildProcess.Result load = run(cp, "site.ycsb.Client", "-load", "-db", "compat.CompatProbeDB",
        "-P", workload, "-threads", "4");
    assertEquals(0, load.exitCode, load.toString());
    assertTrue(load.stdout.contains("[INSERT], Operations, 500"), load.toString());
    assertTrue(load.stdout.contains("[PROBE-INSERT], Operations, 500"), load.toString());
    assertTrue(load.stdout.contains("[COMPAT-PROBE], ops=500, rows=500, bytes=500000"), load.toString());
    ChildProcess.Result run = run(cp, "site.ycsb.Client", "-t", "-db", "compat.CompatProbeDB",
        "-P", workload, "-threads", "4", "-target", "4000", "-p", "measurement.interval=both",
        "-p", "errors.budget=100%");
    // the store is per JVM, so the run phase reads nothing back (NOT_FOUND, missing records to the core workload,
    // so failures its budget of 100% allows); what matters is that every call linked and ran
    assertEquals(0, run.exitCode, run.toString());
    assertTrue(run.stdout.contains("[COMPAT-PROBE], ops=2000"), run.toString());
    assertTrue(run.stdout.contains("[READ], Return=NOT_FOUND"), run.toString());
    assertTrue(run.stdout.contains("[Intended-READ"), run.toString());
  }

  @Test
  void should_run_inside_0_17_0_client_when_compiled_against_this_core() throws Exception {
    File probe = compile("against-this-core", new File(TARGET, "classes").getAbsolutePath());
    String cp = jars(YCSB_LIB) + File.pathSeparator + probe.getAbsolutePath();
    ChildProcess.Result load = run(cp, "site.ycsb.Client", "-load", "-db", "compat.CompatProbeDB",
        "-P", workload, "-threads", "4");
    assertTrue(load.stdout.contains("YCSB Client 0.17.0"), "it really is YCSB 0.17.0's client: " + load);
    assertEquals(0, load.exitCode, load.toString());
    assertTrue(load.stdout.contains("[INSERT], Operations, 500"), load.toString());
    assertTrue(load.stdout.contains("[COMPAT-PROBE], ops=500, rows=500, bytes=500000"), load.toString());
  }

  @Test
  void should_run_a_timeseries_binding_compiled_against_0_17_0_when_loaded_by_this_core() throws Exception {
    File probe = compile("ts-against-0.17.0", new File(YCSB_LIB, "core-0.17.0.jar").getPath());
    String cp = thisCoreRuntime() + File.pathSeparator + probe.getAbsolutePath();
    ChildProcess.Result load = run(cp, "site.ycsb.Client", "-load", "-db",
        "compat.CompatTsProbeDB", "-P", tsWorkload, "-threads", "2");
    assertEquals(0, load.exitCode, load.toString());
    assertTrue(load.stdout.contains("[INSERT], Operations, 4096"), load.toString());
    assertTrue(load.stdout.contains("[TS-PROBE], inserts=4096, reads=0, scans=0, metrics=16, malformed=0"),
        load.toString());
    ChildProcess.Result run = run(cp, "site.ycsb.Client", "-t", "-db", "compat.CompatTsProbeDB",
        "-P", tsWorkload);
    assertEquals(0, run.exitCode, run.toString());
    assertTrue(run.stdout.contains("malformed=0"), run.toString());
    assertTrue(run.stdout.contains("[SCAN], Return=OK"), run.toString());
    // reads address one timestamp even with querytimespan=600 (0.17.0's workload sends the span, which its
    // TimeseriesDB answers with BAD_REQUEST for every read)
    assertTrue(run.stdout.contains("[READ], Return=OK"), run.toString());
    assertFalse(run.stdout.contains("BAD_REQUEST"), run.toString());
  }

  private static long operations(ChildProcess.Result p, String... ops) {
    long total = 0;
    MetricLines lines = MetricLines.of(p.stdout);
    for (String op : ops) {
      total += lines.longValue(op, "Operations", 0);
    }
    return total;
  }

  /** {@code java -cp classpath mainClass args} in the test's directory, its output and errors together. */
  private static ChildProcess.Result run(String classpath, String mainClass, String... args) throws Exception {
    return ChildProcess.java(classpath, mainClass, Arrays.asList(args)).directory(tmp).mergeErrors().run(120);
  }

  /** ConstantOccupancyWorkload derives the same record and operation counts as 0.17.0's from the same properties. */
  @Test
  void should_size_constant_occupancy_like_0_17_0_when_both_run_the_same_properties() throws Exception {
    String[][] cases = {{}, {"fieldlengthdistribution=uniform"}, {"fieldlengthdistribution=uniform",
        "minfieldlength=50"}, {"occupancy=0.5", "fieldcount=3"}, {"disksize=1234567", "fieldlength=37",
        "storageages=1"}, {"storageages=3", "occupancy=0.25"}};
    for (String[] extra : cases) {
      java.util.List<String> args = new java.util.ArrayList<>(Arrays.asList("-db", "site.ycsb.BasicDB", "-p",
          "workload=site.ycsb.workloads.ConstantOccupancyWorkload", "-p", "disksize=100000", "-p",
          "basicdb.verbose=false", "-threads", "2"));
      for (String kv : extra) {
        args.add("-p");
        args.add(kv);
      }
      long[][] counts = new long[2][];
      String[] classpaths = {jars(YCSB_LIB), thisCoreRuntime()};
      for (int engine = 0; engine < 2; engine++) {
        java.util.List<String> load = new java.util.ArrayList<>(args);
        load.add(0, "-load");
        ChildProcess.Result l = run(classpaths[engine], "site.ycsb.Client",
            load.toArray(new String[0]));
        assertEquals(0, l.exitCode, l.toString());
        java.util.List<String> run = new java.util.ArrayList<>(args);
        run.add(0, "-t");
        ChildProcess.Result t = run(classpaths[engine], "site.ycsb.Client",
            run.toArray(new String[0]));
        assertEquals(0, t.exitCode, t.toString());
        counts[engine] = new long[] {operations(l, "INSERT"), operations(t, "READ", "UPDATE")};
      }
      String what = String.join(" ", extra) + ": 0.17.0 " + Arrays.toString(counts[0]) + ", here "
          + Arrays.toString(counts[1]);
      assertTrue(counts[0][0] > 0, what);
      assertEquals(counts[0][0], counts[1][0], "records: " + what);
      assertEquals(counts[0][1], counts[1][1], "operations: " + what);
    }
  }

  /** The probe's {@code [TS-RECEIVED]} line: distinct points and the digests of what it received. */
  private static Matcher received(ChildProcess.Result p) {
    Matcher m = Pattern.compile("\\[TS-RECEIVED\\], points=(\\d+), received=(\\w+), tagged=(\\w+)")
        .matcher(p.stdout);
    assertTrue(m.find(), p.toString());
    return m;
  }

  /**
   * The same load on 0.17.0 (its client, workload and TimeseriesDB) and here, with one binding compiled against
   * 0.17.0: every insert carries the same tags and timestamp. 0.17.0 hands the binding the table as the metric, so
   * 16 metrics' points collide into 256 distinct ones; here the binding gets the workload's metric and all 4096
   * stay distinct; with {@code timeseriesdb.metric=table} it receives exactly what 0.17.0 hands it.
   */
  @Test
  void should_hand_a_0_17_0_binding_the_points_0_17_0_hands_it_with_the_metric_it_asks_for() throws Exception {
    File probe = compile("ts-received", new File(YCSB_LIB, "core-0.17.0.jar").getPath());
    String theirs = jars(YCSB_LIB) + File.pathSeparator + probe.getAbsolutePath();
    String ours = thisCoreRuntime() + File.pathSeparator + probe.getAbsolutePath();
    ChildProcess.Result in017 = run(theirs, "site.ycsb.Client", "-load", "-db",
        "compat.CompatTsProbeDB", "-P", tsWorkload, "-threads", "2");
    assertTrue(in017.stdout.contains("YCSB Client 0.17.0"), in017.toString());
    assertEquals(0, in017.exitCode, in017.toString());
    ChildProcess.Result asTable = run(ours, "site.ycsb.Client", "-load", "-db",
        "compat.CompatTsProbeDB", "-P", tsWorkload, "-threads", "2", "-p", "timeseriesdb.metric=table");
    assertEquals(0, asTable.exitCode, asTable.toString());
    ChildProcess.Result byKey = run(ours, "site.ycsb.Client", "-load", "-db",
        "compat.CompatTsProbeDB", "-P", tsWorkload, "-threads", "2");
    assertEquals(0, byKey.exitCode, byKey.toString());
    Matcher a = received(in017);
    Matcher b = received(asTable);
    Matcher c = received(byKey);
    String all = "\n0.17.0: " + a.group() + "\ntable: " + b.group() + "\nkey: " + c.group();
    assertEquals("256", a.group(1), "0.17.0 collapses 16 metrics into one" + all);
    assertEquals(a.group(2), b.group(2), "timeseriesdb.metric=table: what 0.17.0 hands the binding" + all);
    assertEquals(a.group(3), c.group(3), "the same tags and timestamps for every insert" + all);
    assertEquals("4096", c.group(1), "every point distinct when the metric is the key" + all);
    assertTrue(byKey.stdout.contains("metrics=16, malformed=0"), byKey.toString());
    assertTrue(asTable.stdout.contains("metrics=1, malformed=0"), asTable.toString());
  }

  @Test
  void should_decode_this_workloads_points_like_0_17_0s_workload_when_run_inside_0_17_0() throws Exception {
    File probe = compile("ts-against-this-core", new File(TARGET, "classes").getAbsolutePath());
    String cp = jars(YCSB_LIB) + File.pathSeparator + probe.getAbsolutePath();
    ChildProcess.Result load = run(cp, "site.ycsb.Client", "-load", "-db",
        "compat.CompatTsProbeDB", "-P", tsWorkload);
    assertTrue(load.stdout.contains("YCSB Client 0.17.0"), "it really is YCSB 0.17.0's client: " + load);
    assertEquals(0, load.exitCode, load.toString());
    assertTrue(load.stdout.contains("[INSERT], Operations, 4096"), load.toString());
    // Same points, tags and timestamps; but 0.17.0's TimeseriesDB hands bindings the table name as the metric
    // (one metric for all 16), where this core hands them the record key (the metric the workload chose).
    assertTrue(load.stdout.contains("[TS-PROBE], inserts=4096, reads=0, scans=0, metrics=1, malformed=0"),
        load.toString());
  }
}
