package site.ycsb.fleet.suite;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import site.ycsb.fleet.PhaseSummaries;
import site.ycsb.fleet.TestTarball;
import site.ycsb.fleet.ToolRun;

/** bin/ycsb suite with the real engine (BasicDB) from the unpacked tarball: one fresh engine process per phase. */
class SuiteIT {
  private static Path work;
  private static Path home;
  private static String skip;

  @BeforeAll
  static void setUp() throws Exception {
    work = TestTarball.freshWork("suite-it");
    try {
      TestTarball tarball = TestTarball.find(work);
      home = tarball.unpack(work.resolve("home"));
    } catch (IllegalStateException e) {
      skip = e.getMessage();
    }
  }

  private static List<String> args(Path out, String... more) {
    List<String> a = new ArrayList<>(Arrays.asList("basic", "--ycsb-home", home.toString(), "--out", out.toString(),
        "-p", "basicdb.verbose=false", "-p", "recordcount=200", "-p", "operationcount=300", "-threads", "2"));
    a.addAll(Arrays.asList(more));
    return a;
  }

  /** Options the engine refuses in the first phase: nothing ran, so no tree of empty phase directories stays. */
  @Test
  void should_leave_no_output_directory_when_the_engine_refuses_the_options() throws Exception {
    assumeTrue(skip == null, skip);
    String[][] refused = {
        {"-p", "readproportion=2", "readproportion=2 must be a number between 0 and 1"},
        {"-P", work.resolve("no-such-file").toString(), "not found"},
        {"-p", "insertorder=Hashed", "insertorder=Hashed is not one of"},
    };
    for (int i = 0; i < refused.length; i++) {
      Path out = work.resolve("refused-" + i);
      List<String> a = args(out, "--workloads", "a", "--no-report", refused[i][0], refused[i][1]);
      ToolRun run = new ToolRun("site.ycsb.fleet.suite.Suite", a, line -> { });
      assertEquals(2, run.waitFor(120), run.errText());
      assertTrue(run.errText().contains(refused[i][2]), run.errText());
      assertFalse(Files.exists(out), "an empty output tree was left: " + out + "\n" + run.errText());
    }
  }

  @Test
  void should_stop_its_engine_and_keep_what_it_measured_when_the_suite_is_terminated() throws Exception {
    assumeTrue(skip == null, skip);
    Path out = work.resolve("terminated");
    List<String> a = new ArrayList<>(Arrays.asList("basic", "--ycsb-home", home.toString(), "--out", out.toString(),
        "--workloads", "a", "--no-report", "-p", "basicdb.verbose=false", "-p", "recordcount=200", "-p",
        "operationcount=10000000", "-threads", "2", "-target", "500", "-s", "-p", "status.interval=1", "-p",
        "warmup=0"));
    java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
    ToolRun run = new ToolRun("site.ycsb.fleet.suite.Suite", a, line -> {
      if (line.contains(" sec: ")) {
        running.countDown();
      }
    });
    assertTrue(running.await(120, TimeUnit.SECONDS), "the phase never started:\n" + run.errText());
    run.terminate();
    int code = run.waitFor(60);
    assertTrue(code != 0, "a terminated suite does not report success:\n" + run.errText());
    // No stack trace: the JVM is already shutting down when the phase ends (whether the suite's own last line gets
    // printed before the JVM halts is a race; when it does, it says "interrupted by SIGTERM").
    assertFalse(run.errText().contains("Exception") || run.errText().contains("\tat "), run.errText());
    assertTrue(run.errText().contains("suite: interrupted; stopping the running phase"), run.errText());
    Path phase = out.resolve("1").resolve("workloada");
    com.fasterxml.jackson.databind.JsonNode summary = PhaseSummaries.summary(phase);
    assertTrue(summary.path("interrupted").asBoolean(), summary.toString());
    assertTrue(PhaseSummaries.number(summary, "operations") > 0, summary.toString());
    // No engine left behind: nothing still runs with this suite's output directory on its command line.
    Process ps = new ProcessBuilder("ps", "-eo", "args").start();
    String processes = new String(readAll(ps.getInputStream()), StandardCharsets.UTF_8);
    ps.waitFor();
    assertFalse(processes.contains(phase.toString()), "engine still running:\n" + processes);
  }

  private static byte[] readAll(java.io.InputStream in) throws IOException {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    for (int n; (n = in.read(buf)) > 0; ) {
      b.write(buf, 0, n);
    }
    return b.toByteArray();
  }

  private static String read(Path p) throws IOException {
    return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
  }

  @Test
  void should_run_the_phases_in_order_with_hooks_and_repeats_and_report_when_the_suite_runs() throws Exception {
    assumeTrue(skip == null, skip);
    Path out = work.resolve("ok");
    ToolRun run = new ToolRun("site.ycsb.fleet.suite.Suite", args(out, "--workloads", "load,a,c", "--repeat", "2",
        "--hook-before", "echo \"$YCSB_PHASE $YCSB_REPEAT\" > hook-before.txt",
        "--hook-after", "ls > hook-after.txt"), null);
    assertEquals(0, run.waitFor(180), run.errText());
    assertTrue(run.errText().contains("suite: workloada: warm-up 30 operations, not measured (default: the first 10%"),
        run.errText());
    long previousEnd = 0;
    for (String rep : Arrays.asList("1", "2")) {
      for (String phase : Arrays.asList("load", "workloada", "workloadc")) {
        Path dir = out.resolve(rep).resolve(phase);
        com.fasterxml.jackson.databind.JsonNode s = PhaseSummaries.summary(dir);
        assertEquals("load".equals(phase) ? "load" : "run", s.path("phase").asText(), s.toString());
        String name = "load".equals(phase) ? "workloada" : phase;
        assertEquals(name, s.path("workloadName").asText(), phase + ": " + s);
        // the suite's default warm-up: the first 10% of the operations (unthrottled: counted), not measured
        assertEquals("load".equals(phase) ? 180 : 270, PhaseSummaries.number(s, "operations"), phase);
        assertEquals("load".equals(phase) ? 20 : 30, PhaseSummaries.warmupOperations(s), phase);
        long start = PhaseSummaries.number(s, "startEpochMs");
        assertTrue(start >= previousEnd, rep + "/" + phase + " started before the previous phase ended");
        previousEnd = PhaseSummaries.number(s, "endEpochMs");
        assertEquals(phase + " " + rep, read(dir.resolve("hook-before.txt")).trim());
        assertTrue(read(dir.resolve("hook-after.txt")).contains("summary.json"));
        // the hooks recorded for the timeline: before the engine's run and after it, by their first word
        java.util.List<String> hooks = Files.readAllLines(dir.resolve(site.ycsb.results.ToolEvents.NAME));
        assertEquals(2, hooks.size(), hooks.toString());
        String[] before = hooks.get(0).split("\t");
        String[] after = hooks.get(1).split("\t");
        assertEquals("hook-before: echo", before[4]);
        assertEquals("hook-after: ls", after[4]);
        assertTrue(Long.parseLong(before[1]) <= start && Long.parseLong(after[0]) >= previousEnd, hooks + " " + s);
      }
    }
    StringBuilder events = new StringBuilder();
    try (java.util.stream.Stream<Path> files = Files.list(out.resolve("report"))) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (f.getFileName().toString().startsWith("events-timeline")) {
          events.append(read(f));
        }
      }
    }
    assertTrue(events.toString().contains("hook-before: echo") && events.toString().contains("hook-after: ls"),
        events.toString());
    String table = read(out.resolve("suite-summary.md"));
    assertTrue(table.contains("| phase | repeat 1 (ops/s) | repeat 2 (ops/s) | median (ops/s) | min–max (ops/s) |"),
        table);
    assertFalse(table.contains("best"), table);
    assertTrue(table.matches("(?s).*\\| workloadc \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+ \\| [0-9.]+–[0-9.]+ \\| [0-9.]+% \\|.*"),
        table);
    assertTrue(Files.isRegularFile(out.resolve("report/report.md")));
    assertTrue(run.errText().contains("suite: all 6 phases completed"), run.errText());
  }

  @Test
  void should_let_the_users_files_override_the_workload_file_and_p_beat_all_when_a_method_runs() throws Exception {
    assumeTrue(skip == null, skip);
    Path common = work.resolve("common");
    Files.write(common, Arrays.asList("recordcount=120", "operationcount=700", "fieldcount=3", "readproportion=0.9",
        "updateproportion=0.1"));
    Path smaller = work.resolve("smaller");
    Files.write(smaller, Arrays.asList("recordcount=150"));
    Path out = work.resolve("method");
    // the reproduction: workloada's own recordcount/operationcount (1000) must not beat the user's files
    ToolRun run = new ToolRun("site.ycsb.fleet.suite.Suite", Arrays.asList("basic", "--ycsb-home", home.toString(),
        "--out", out.toString(), "--no-report", "-P", common.toString(), "-P", smaller.toString(), "-p",
        "basicdb.verbose=false", "-p", "fieldcount=4", "--workloads", "load,a"), null);
    assertEquals(0, run.waitFor(180), run.errText());
    for (String phase : Arrays.asList("load", "workloada")) {
      site.ycsb.results.ResultDir r = site.ycsb.results.ResultDir.load(out.resolve("1").resolve(phase));
      assertEquals("150", r.property("recordcount"), phase + ": the later -P file wins");
      assertEquals("700", r.property("operationcount"), phase + ": the user's -P file beats workloada's");
      assertEquals("0.9", r.property("readproportion"), phase + ": the user's -P file beats workloada's");
      assertEquals("4", r.property("fieldcount"), phase + ": -p beats every file");
      assertEquals("workloada", r.workloadName(), phase + ": named after the phase's workload file");
      assertEquals("load".equals(phase) ? 150 : 700, r.operations() + r.summary().path("warmup").path("operations")
          .asLong(), phase + ": measured + the default warm-up");
    }
  }

  @Test
  void should_stop_naming_the_phase_and_exit_code_and_keep_earlier_phases_when_a_phase_fails() throws Exception {
    assumeTrue(skip == null, skip);
    Path broken = work.resolve("broken");
    Files.write(broken, Arrays.asList("workload=site.ycsb.workloads.CoreWorkload", "requestdistribution=nonsense"));
    Path out = work.resolve("failing");
    ToolRun run = new ToolRun("site.ycsb.fleet.suite.Suite", args(out, "--workloads", "load,a," + broken + ",c"), null);
    assertEquals(2, run.waitFor(120), run.errText());
    assertTrue(run.errText().contains("suite: phase broken (repeat 1) failed: the engine exited with code 2 (bad "
        + "command line or property); stopping. 2 completed phase(s) kept in " + out), run.errText());
    assertTrue(Files.isRegularFile(out.resolve("1/load/summary.json")));
    assertTrue(Files.isRegularFile(out.resolve("1/workloada/summary.json")));
    assertFalse(Files.exists(out.resolve("1/workloadc")));
    assertTrue(Files.isRegularFile(out.resolve("report/report.md")), "the report covers the completed phases");
  }

  @Test
  void should_be_reachable_through_the_launcher_when_the_tarball_registers_it() throws Exception {
    assumeTrue(skip == null, skip);
    assumeTrue(Files.isDirectory(home.resolve("fleet/lib")), "this tarball has no fleet/lib");
    Process p = new ProcessBuilder(home.resolve("bin/ycsb").toString(), "suite", "basic", "--workloads", "load,zz")
        .redirectErrorStream(true).start();
    String out = new String(readAll(p), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(2, p.exitValue(), out);
    assertTrue(out.startsWith("suite: workload file zz of phase load not found"), out);
  }

  private static byte[] readAll(Process p) throws IOException {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[4096];
    int n;
    while ((n = p.getInputStream().read(buf)) > 0) {
      b.write(buf, 0, n);
    }
    return b.toByteArray();
  }
}
