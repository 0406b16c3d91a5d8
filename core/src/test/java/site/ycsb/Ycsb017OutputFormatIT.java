package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;
import site.ycsb.testsupport.MetricLines;

/**
 * The text result format against real YCSB 0.17.0 (its core from Maven Central, run as its own Client on its own
 * BasicDB): the same job on both engines must print the same sections with the same lines, in the same order within
 * each section, each with the same name and shape of value (whole number or decimal). The two documented
 * differences are asserted as such: {@code [OVERALL], InitTime(ms)}, {@code CleanupTime(ms)} and {@code
 * SuccessfulThroughput(ops/sec)} and the {@code [ERRORS]} section are added, and the
 * measurement sections come in sorted order (0.17.0's is a hash map's).
 */
class Ycsb017OutputFormatIT {
  private static final File TARGET = new File("target").getAbsoluteFile();
  private static final File YCSB_LIB = new File(TARGET, "ycsb-0.17.0/lib");

  @TempDir
  Path tmp;

  /** One result line reduced to what the format fixes: section, name and the shape of the value. */
  static String shape(MetricLines.Line line) {
    String v = line.value;
    String kind = v.matches("-?\\d+") ? "integer" : v.matches("-?(\\d+\\.\\d*(E-?\\d+)?|NaN|Infinity)") ? "decimal"
        : "text";
    return "[" + line.metric + "], " + line.name + ", <" + kind + ">";
  }

  static List<String> shapes(String output) {
    List<String> out = new ArrayList<>();
    for (MetricLines.Line line : MetricLines.lines(output)) {
      out.add(shape(line));
    }
    return out;
  }

  /** Lines grouped by section, sections in order of first appearance. */
  static Map<String, List<String>> sections(List<String> shapes) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String line : shapes) {
      out.computeIfAbsent(line.substring(1, line.indexOf(']')), k -> new ArrayList<>()).add(line);
    }
    return out;
  }

  private static String thisCoreRuntime() throws IOException {
    String deps = new String(Files.readAllBytes(new File(TARGET, "runtime-classpath.txt").toPath()),
        StandardCharsets.UTF_8).trim();
    return new File(TARGET, "classes").getAbsolutePath() + File.pathSeparator + deps;
  }

  private static String ycsb017() {
    return Arrays.stream(YCSB_LIB.listFiles((d, n) -> n.endsWith(".jar"))).map(File::getPath)
        .collect(Collectors.joining(File.pathSeparator));
  }

  private List<String> run(String classpath, String db, String phase, String workload, String... extra)
      throws Exception {
    List<String> args = new ArrayList<>(Arrays.asList(phase, "-db", db, "-P", workload, "-threads", "2",
        "-p", "basicdb.verbose=false"));
    args.addAll(Arrays.asList(extra));
    ChildProcess.Result p = ChildProcess.java(classpath, "site.ycsb.Client", args).directory(tmp).mergeErrors()
        .run(120);
    assertEquals(0, p.exitCode, p.toString());
    return shapes(p.stdout);
  }

  /**
   * Runs the job's load and run phases on 0.17.0 and here (same database class name, same properties) and
   * checks that every result line of 0.17.0 is printed here with the same name and shape, in the same order
   * within its section, and that the sections come in 0.17.0's order (the run-wide ones) then sorted.
   */
  private void assertSameFormat(String db, String workload, String... extra) throws Exception {
    assertSameFormat(Arrays.asList("-load", "-t"), db, workload, extra);
  }

  private void assertSameFormat(List<String> phases, String db, String workload, String... extra) throws Exception {
    for (String phase : phases) {
      List<String> theirs = run(ycsb017(), db, phase, workload, extra);
      List<String> ours = run(thisCoreRuntime(), db, phase, workload, extra);
      String both = "\nthis engine:\n" + String.join("\n", ours) + "\n0.17.0:\n" + String.join("\n", theirs);
      assertTrue(theirs.size() > 10, "0.17.0 printed its results: " + both);
      Map<String, List<String>> theirSections = sections(theirs);
      Map<String, List<String>> ourSections = sections(ours);
      // the failed operations and their budget (README, "What each summary figure is"): a section of its own
      assertTrue(ourSections.remove("ERRORS") != null, phase + ": the [ERRORS] lines" + both);
      // every section of 0.17.0 is here, each line identical in name, shape and order within the section
      assertEquals(theirSections.keySet(), ourSections.keySet(), phase + ": the sections differ" + both);
      for (Map.Entry<String, List<String>> e : theirSections.entrySet()) {
        List<String> mine = new ArrayList<>(ourSections.get(e.getKey()));
        if ("OVERALL".equals(e.getKey())) {
          // the one addition to this job (README, "What the engine does differently"): init and cleanup times,
          // which this engine keeps out of the measured run time
          assertTrue(mine.remove("[OVERALL], InitTime(ms), <integer>"), phase + both);
          assertTrue(mine.remove("[OVERALL], CleanupTime(ms), <integer>"), phase + both);
          assertTrue(mine.remove("[OVERALL], SuccessfulThroughput(ops/sec), <decimal>"), phase + both);
        }
        assertEquals(e.getValue(), mine, phase + ": section " + e.getKey() + both);
      }
      // the run-wide sections come first in 0.17.0's order; the measurements follow in sorted order (0.17.0's
      // order is that of a hash map: the README states the difference)
      List<String> theirOrder = new ArrayList<>(theirSections.keySet());
      List<String> ourOrder = new ArrayList<>(ourSections.keySet());
      int head = theirOrder.indexOf("TOTAL_GC_TIME_%") + 1;
      assertTrue(head > 0, both);
      assertEquals(theirOrder.subList(0, head), ourOrder.subList(0, head), phase + both);
      List<String> measured = new ArrayList<>(ourOrder.subList(head, ourOrder.size()));
      List<String> sorted = new ArrayList<>(measured);
      java.util.Collections.sort(sorted);
      assertEquals(sorted, measured, phase + ": measurements in sorted order" + both);
    }
  }

  @Test
  void should_print_the_result_lines_of_0_17_0_in_its_order_and_shapes_when_both_run_the_same_job()
      throws Exception {
    Path w = tmp.resolve("workload");
    Files.write(w, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=300\noperationcount=3000\n"
        + "readproportion=0.4\nupdateproportion=0.2\nscanproportion=0.1\ninsertproportion=0.1\n"
        + "readmodifywriteproportion=0.2\nrequestdistribution=zipfian\n").getBytes(StandardCharsets.UTF_8));
    assertSameFormat("site.ycsb.BasicDB", w.toString());
  }

  @Test
  void should_print_the_result_lines_of_0_17_0_when_both_run_the_same_time_series_job_on_basicts()
      throws Exception {
    // the shipped time-series workload A, shrunk, plus scans (tsworkloada has none): 0.17.0's TimeSeriesWorkload
    // on 0.17.0's BasicTSDB against this engine's on its BasicTSDB, under the same class names
    assertSameFormat("site.ycsb.BasicTSDB", new File("../workloads/tsworkloada").getAbsolutePath(),
        "-p", "recordcount=4096", "-p", "operationcount=3000", "-p", "insertstart=1500000000",
        "-p", "readproportion=0.3", "-p", "insertproportion=0.5", "-p", "scanproportion=0.2");
  }

  @Test
  void should_print_the_result_lines_of_0_17_0_when_both_run_the_same_constant_occupancy_job() throws Exception {
    assertSameFormat("site.ycsb.BasicDB", new File("../workloads/workloada").getAbsolutePath(), "-p",
        "workload=site.ycsb.workloads.ConstantOccupancyWorkload", "-p", "disksize=300000", "-p", "storageages=4");
  }

  @Test
  void should_print_the_result_lines_of_0_17_0_when_both_run_the_same_rest_job() throws Exception {
    // the run phase only: 0.17.0's RestWorkload has no load (its load inserts nothing, so it prints no INSERT)
    String traces = new File("../workloads/rest-traces").getAbsolutePath() + "/";
    assertSameFormat(Arrays.asList("-t"), "site.ycsb.BasicDB", new File("../workloads/restworkload").getAbsolutePath(),
        "-p", "operationcount=2000", "-p", "deleteproportion=0.05", "-p", "url.trace.read=" + traces + "read.txt",
        "-p", "url.trace.insert=" + traces + "insert.txt", "-p", "url.trace.update=" + traces + "update.txt",
        "-p", "url.trace.delete=" + traces + "delete.txt");
  }
}
