package site.ycsb.fleet.suite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import site.ycsb.cli.ExitCode;
import site.ycsb.fleet.Bindings;
import site.ycsb.fleet.UsageException;

/** The suite's order, repeats, hooks and stop-on-failure, with a test double for the engine (a PhaseRunner). */
class SuiteRunnerTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
  private final PrintStream err = new PrintStream(errBytes, true);

  /** A phase runner test double: records the calls, writes an output.txt with a throughput, fails where told. */
  private static final class ScriptedRunner implements PhaseRunner {
    final List<String> calls = new ArrayList<>();
    String failAt;
    int failCode = 1;
    /** Phases whose engine completed with failures over errors.budget (exit 4): their results are written. */
    List<String> overBudgetAt = new ArrayList<>();
    double throughput = 100;

    @Override
    public void prepare(List<Phase> phases) {
    }

    @Override
    public PhaseOutcome run(Phase phase, int repeat, Path dir) throws java.io.IOException {
      String id = repeat + "/" + phase.name();
      calls.add(id);
      if (id.equals(failAt)) {
        return PhaseOutcome.failed(failCode, "failed: the engine exited with code " + failCode);
      }
      Files.write(dir.resolve("output.txt"), Arrays.asList("[OVERALL], RunTime(ms), 1000",
          "[OVERALL], Throughput(ops/sec), " + (throughput + repeat * (phase.name().length()))));
      return overBudgetAt.contains(id) ? PhaseOutcome.overBudget("completed with more failed operations than "
          + "errors.budget allows (engine exit 4)") : PhaseOutcome.ok();
    }
  }

  private String errText() {
    return new String(errBytes.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void should_run_load_then_a_b_c_f_d_when_no_list_is_given() throws Exception {
    List<Phase> phases = SuiteOptions.parse(new String[] {"basic"}, false, "u").phases();
    assertEquals("[load, workloada, workloadb, workloadc, workloadf, workloadd]", phases.toString());
    assertEquals("workloads/workloada", phases.get(0).workloadFile());
    assertTrue(phases.get(0).isLoad());
    ScriptedRunner r = new ScriptedRunner();
    int code = new SuiteRunner("suite", phases, 2, tmp, null, null, r, null, err).run();
    assertEquals(0, code);
    assertEquals(Arrays.asList("1/load", "1/workloada", "1/workloadb", "1/workloadc", "1/workloadf", "1/workloadd",
        "2/load", "2/workloada", "2/workloadb", "2/workloadc", "2/workloadf", "2/workloadd"), r.calls);
    assertTrue(Files.isRegularFile(tmp.resolve("2/workloadd/output.txt")));
  }

  @Test
  void should_stop_at_the_failed_phase_and_keep_earlier_ones_when_a_phase_fails() throws Exception {
    List<Phase> phases = Phase.parseList("load,a,b,c", null);
    ScriptedRunner r = new ScriptedRunner();
    r.failAt = "1/workloadb";
    r.failCode = 3;
    List<Path> reported = new ArrayList<>();
    SuiteRunner s = new SuiteRunner("suite", phases, 1, tmp, null, null, r, (o, dirs) -> {
      reported.addAll(dirs);
      return 0;
    }, err);
    assertEquals(3, s.run());
    assertEquals(Arrays.asList("1/load", "1/workloada", "1/workloadb"), r.calls);
    assertEquals(Arrays.asList(tmp.resolve("1/load"), tmp.resolve("1/workloada")), reported);
    assertTrue(errText().contains("suite: phase workloadb (repeat 1) failed: the engine exited with code 3; "
        + "stopping. 2 completed phase(s) kept in " + tmp), errText());
    assertFalse(Files.exists(tmp.resolve("1/workloadc")));
  }

  @Test
  void should_go_on_report_every_phase_and_exit_4_naming_them_when_phases_exceed_the_error_budget() throws Exception {
    List<Phase> phases = Phase.parseList("load,a,b,c", null);
    ScriptedRunner r = new ScriptedRunner();
    r.overBudgetAt.add("1/load");
    r.overBudgetAt.add("1/workloadb");
    List<Path> reported = new ArrayList<>();
    SuiteRunner s = new SuiteRunner("suite", phases, 1, tmp, null, null, r, (o, dirs) -> {
      reported.addAll(dirs);
      return 0;
    }, err);
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, s.run());
    assertEquals(Arrays.asList("1/load", "1/workloada", "1/workloadb", "1/workloadc"), r.calls);
    assertEquals(4, reported.size(), "every phase's results are complete and reported: " + reported);
    assertTrue(errText().contains("suite: phase workloadb (repeat 1) completed with more failed operations than "
        + "errors.budget allows (engine exit 4); going on"), errText());
    assertTrue(errText().contains("more operations failed than errors.budget allows in phase load (repeat 1), "
        + "phase workloadb (repeat 1) (exit 4)"), errText());
  }

  @Test
  void should_exit_with_the_failed_phases_code_when_one_phase_was_over_budget_and_a_later_one_failed()
      throws Exception {
    ScriptedRunner r = new ScriptedRunner();
    r.overBudgetAt.add("1/workloada");
    r.failAt = "1/workloadb";
    r.failCode = 1;
    SuiteRunner s = new SuiteRunner("suite", Phase.parseList("a,b,c", null), 1, tmp, null, null, r, null, err);
    assertEquals(1, s.run(), errText());
    assertEquals(Arrays.asList("1/workloada", "1/workloadb"), r.calls);
  }

  @Test
  void should_run_hooks_in_the_phase_directory_with_its_name_when_given() throws Exception {
    ScriptedRunner r = new ScriptedRunner();
    SuiteRunner s = new SuiteRunner("suite", Phase.parseList("load,c", null), 1, tmp,
        "echo \"$YCSB_HOOK $YCSB_PHASE $YCSB_REPEAT\" > before.txt; test -d \"$YCSB_PHASE_DIR\"",
        "ls > after.txt", r, null, err);
    assertEquals(0, s.run());
    assertEquals("before workloadc 1", new String(Files.readAllBytes(tmp.resolve("1/workloadc/before.txt")),
        StandardCharsets.UTF_8).trim());
    String after = new String(Files.readAllBytes(tmp.resolve("1/load/after.txt")), StandardCharsets.UTF_8);
    assertTrue(after.contains("output.txt") && after.contains("before.txt"), after);
  }

  @Test
  void should_record_each_hooks_times_exit_code_and_first_word_only_when_hooks_run() throws Exception {
    ScriptedRunner r = new ScriptedRunner();
    long before = System.currentTimeMillis();
    SuiteRunner s = new SuiteRunner("suite", Phase.parseList("load,a", null), 1, tmp,
        "PASSWORD=s3cret true --token s3cret", "test \"$YCSB_PHASE\" != workloada || exit 5 # s3cret", r, null,
        err);
    assertEquals(5, s.run());
    long after = System.currentTimeMillis();

    List<String> load = Files.readAllLines(tmp.resolve("1/load/" + site.ycsb.results.ToolEvents.NAME));
    List<String> a = Files.readAllLines(tmp.resolve("1/workloada/" + site.ycsb.results.ToolEvents.NAME));
    assertEquals(2, load.size(), load.toString());
    assertEquals(2, a.size(), a.toString());
    String[] hookBefore = load.get(0).split("\t");
    String[] hookAfter = load.get(1).split("\t");
    assertEquals("hook-before: true", hookBefore[4]);
    assertEquals("hook-after: test", hookAfter[4]);
    assertTrue(hookBefore[5].contains("exit code 0"), hookBefore[5]);
    assertTrue(a.get(1).endsWith("exit code 5"), a.get(1));
    // in the order they ran, within the suite's run
    assertTrue(before <= Long.parseLong(hookBefore[0]) && Long.parseLong(hookBefore[0]) <= Long.parseLong(
        hookBefore[1]) && Long.parseLong(hookBefore[1]) <= Long.parseLong(hookAfter[0])
        && Long.parseLong(hookAfter[1]) <= after, load.toString());
    assertFalse((load.toString() + a + errText()).contains("s3cret"), load + "\n" + a + "\n" + errText());
  }

  @Test
  void should_stop_before_the_phase_when_its_before_hook_fails() throws Exception {
    ScriptedRunner r = new ScriptedRunner();
    SuiteRunner s = new SuiteRunner("suite", Phase.parseList("load,a", null), 1, tmp,
        "test \"$YCSB_PHASE\" != workloada || exit 7", null, r, null, err);
    assertEquals(7, s.run());
    assertEquals(Arrays.asList("1/load"), r.calls);
    assertTrue(errText().contains("the hook before phase workloada (repeat 1) failed with exit code 7"), errText());
  }

  @Test
  void should_show_every_repeat_with_median_and_min_max_and_mark_none_as_best_when_repeated() throws Exception {
    SuiteTable t = new SuiteTable();
    t.put("load", 1, 900.0);
    t.put("load", 2, 1100.0);
    t.put("load", 3, 1000.0);
    t.put("workloada", 1, 50.0);
    t.put("workloada", 2, 40.0);
    t.put("workloadc", 1, 10.0);
    t.put("workloadc", 2, null);
    t.put("workloadc", 3, 30.0);
    assertEquals(1000.0, t.median("load"), 0);
    assertEquals(45.0, t.median("workloada"), 0);
    String md = t.markdown();
    assertTrue(md.contains("| phase | repeat 1 (ops/s) | repeat 2 (ops/s) | repeat 3 (ops/s) | median (ops/s) | "
        + "min–max (ops/s) | spread |"), md);
    assertTrue(md.contains("| load | 900.0 | 1100.0 | 1000.0 | 1000.0 | 900.0–1100.0 | 20.0% |"), md);
    assertTrue(md.contains("| workloada | 50.0 | 40.0 |  | 45.0 | 40.0–50.0 | 22.2% |"), md);
    assertTrue(md.contains("| workloadc | 10.0 | ? | 30.0 | 20.0 (of 2) | 10.0–30.0 | 100.0% |"), md);
    assertFalse(md.toLowerCase(java.util.Locale.ROOT).contains("best") || md.contains("**"), md);
  }

  @Test
  void should_read_throughput_from_summary_json_not_output_txt(@TempDir Path dir) throws Exception {
    Path phase = dir.resolve("2/workloada");
    Files.createDirectories(phase);
    Files.write(phase.resolve("summary.json"), Arrays.asList("{\"format\": \"ycsb-result/1\", \"phase\": \"run\", "
        + "\"startEpochMs\": 1, \"endEpochMs\": 2, \"throughput\": 1234.5}"));
    Files.write(phase.resolve("output.txt"), Arrays.asList("[OVERALL], Throughput(ops/sec), 999"));
    Path broken = dir.resolve("1/workloada");
    Files.createDirectories(broken);
    Files.write(broken.resolve("summary.json"), Arrays.asList("{\"throughput\": 77"));
    String md = SuiteTable.read(Arrays.asList(broken, phase)).markdown();
    assertTrue(md.contains("| workloada | ? | 1234.5 | 1234.5 (of 1) | 1234.5–1234.5 | 0.0% |"), md);
  }

  @Test
  void should_list_each_clients_verdict_and_measures_of_every_phase_when_the_runs_recorded_them(@TempDir Path dir)
      throws Exception {
    // a local phase (one client) and a fleet phase (merged: each client under health.perClient)
    Path local = dir.resolve("1/load");
    Files.createDirectories(local);
    Files.write(local.resolve("summary.json"), Arrays.asList("{\"format\": \"ycsb-result/1\", \"phase\": \"load\", "
        + "\"host\": \"h0\", \"startEpochMs\": 1, \"endEpochMs\": 2, \"throughput\": 10.0, \"health\": {\"verdict\": "
        + "{\"cause\": \"none\", \"text\": null}, \"causes\": {\"cpuWaitMeasured\": false, \"cpuWaitSec\": null}}}"));
    Path fleet = dir.resolve("1/workloada");
    Files.createDirectories(fleet);
    Files.write(fleet.resolve("summary.json"), Arrays.asList("{\"format\": \"ycsb-result/1\", \"phase\": \"run\", "
        + "\"host\": \"merged\", \"startEpochMs\": 1, \"endEpochMs\": 2, \"throughput\": 20.0, \"health\": {"
        + "\"verdict\": {\"cause\": \"machine\"}, \"perClient\": ["
        + "{\"host\": \"a\", \"verdict\": {\"cause\": \"database\", \"text\": \"the database was slow: x\"}, "
        + "\"causes\": {\"longestCallUs\": 2100000}}, "
        + "{\"host\": \"b\", \"verdict\": {\"cause\": \"machine\", \"text\": \"the machine did not run the client "
        + "on time: y\"}, \"causes\": {\"cpuWaitSec\": 1.2, \"cpuRunSec\": 0.4, \"loadAverage\": 9.0, "
        + "\"cpuCores\": 2}}]}}"));
    String md = SuiteTable.read(Arrays.asList(local, fleet)).verdictsMarkdown();
    assertTrue(md.contains("| phase | repeat | client | verdict | measures |"), md);
    assertTrue(md.contains("| load | 1 | h0 | on time | CPU wait not measured |"), md);
    assertTrue(md.contains("| workloada | 1 | a | database: the database was slow: x | longest call 2100.0 ms |"), md);
    assertTrue(md.contains("| workloada | 1 | b | machine: the machine did not run the client on time: y | CPU wait "
        + "1.20 s (ran 0.40 s), load 9.0 on 2 cores |"), md);
    assertEquals("", SuiteTable.read(Arrays.asList(dir.resolve("3/nothing"))).verdictsMarkdown(),
        "no section without verdicts");
  }

  @Test
  void should_take_the_load_workload_from_the_first_run_phase_when_not_given() throws Exception {
    List<Phase> p = Phase.parseList("load,workloadc", null);
    assertEquals("workloads/workloadc", p.get(0).workloadFile());
    assertEquals("my/wl", Phase.parseList("load,b", "my/wl").get(0).workloadFile());
    assertEquals("workloads/workloada", Phase.parseList("load", null).get(0).workloadFile());
    assertEquals("custom", Phase.parseList("conf/custom", null).get(0).name());
  }

  @Test
  void should_refuse_bad_lists_and_options_with_one_line_when_parsing() {
    assertThrows(UsageException.class, () -> Phase.parseList("load,a,a", null));
    assertThrows(UsageException.class, () -> Phase.parseList("load,,a", null));
    assertThrows(UsageException.class, () -> Phase.parseList("load,load", null));
    assertThrows(UsageException.class, () -> SuiteOptions.parse(new String[] {}, false, "u"));
    assertThrows(UsageException.class, () -> SuiteOptions.parse(new String[] {"basic", "--repeat", "0"}, false,
        "u"));
    assertThrows(UsageException.class, () -> SuiteOptions.parse(new String[] {"basic", "-load"}, false, "u"));
    assertThrows(UsageException.class, () -> SuiteOptions.parse(new String[] {"basic", "-p", "results.dir=x"},
        false, "u"));
    assertThrows(UsageException.class, () -> SuiteOptions.parse(new String[] {"basic", "--hosts", "a"}, false,
        "u"));
    assertThrows(UsageException.class, () -> SuiteOptions.parse(new String[] {"basic"}, true, "u"));
    assertThrows(UsageException.class, () -> SuiteOptions.parse(new String[] {"basic", "--bogus", "1"}, false,
        "u"));
  }

  @Test
  void should_pass_client_options_through_in_order_when_parsing() throws Exception {
    SuiteOptions o = SuiteOptions.parse(new String[] {"basic", "-p", "x=--y", "--repeat=2", "-threads", "4", "-s",
        "--workloads", "load,a"}, false, "u");
    assertEquals(Arrays.asList("-p", "x=--y", "-threads", "4", "-s"), o.clientArgs());
    assertEquals(2, o.repeat());
    assertEquals(2, o.phases().size());
  }

  @Test
  void should_put_the_workload_file_first_and_name_the_run_after_it_when_building_the_local_command(
      @TempDir Path home) throws Exception {
    Files.createDirectories(home.resolve("workloads"));
    Files.write(home.resolve("workloads/workloadb"), Arrays.asList("recordcount=10"));
    LocalPhaseRunner r = new LocalPhaseRunner(home, "basic", Arrays.asList("-P", "x.properties", "-s"));
    Phase b = Phase.parseList("b", null).get(0);
    List<String> cmd = r.command(b, tmp.resolve("1/workloadb"));
    // the user's -P files come after the phase's workload file, so they override it (later -P files win)
    assertEquals(Arrays.asList(home.resolve("bin/ycsb").toString(), "run", "basic", "-P",
        home.resolve("workloads/workloadb").toString(), "-P", "x.properties", "-s", "-p", "ycsb.workloadfile=workloadb",
        "-p", "results.dir=" + tmp.resolve("1/workloadb")), cmd);
    assertThrows(UsageException.class, () -> r.prepare(Phase.parseList("e", null)));
  }

  @Test
  void should_refuse_an_unknown_binding_naming_the_known_ones_when_checking(@TempDir Path home) throws Exception {
    Files.createDirectories(home.resolve("bin"));
    Files.write(home.resolve("bin/bindings.properties"), Arrays.asList("# registry", "basic:site.ycsb.BasicDB:",
        "griddb:site.ycsb.db.griddb.GridDBClient:griddb-binding"));
    Files.createDirectories(home.resolve("extra"));
    Files.write(home.resolve("extra/binding.properties"), Arrays.asList("mine:x.Y"));
    Bindings.check(home, "mine");
    Bindings.check(home, "basic");
    UsageException e = assertThrows(UsageException.class, () -> Bindings.check(home, "cassandra"));
    assertEquals("unknown binding 'cassandra'; known bindings: basic griddb mine", e.getMessage());
  }

  /**
   * A signal during the phase numbered {@code at} (1-based, over repeats): the tool's shutdown hook writes the summary
   * while the phase runs, and the stopped phase then ends the run. suite-summary.md lists exactly the phases completed
   * before it, whichever it was.
   */
  @org.junit.jupiter.params.ParameterizedTest(name = "interrupted in phase {0} of 8")
  @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2, 3, 4, 5, 7, 8})
  void should_write_the_summary_of_the_completed_phases_when_interrupted(int at) throws Exception {
    List<Phase> phases = Phase.parseList("load,a,b,c", null);
    SuiteRunner[] suite = new SuiteRunner[1];
    ScriptedRunner scripted = new ScriptedRunner();
    PhaseRunner interrupted = new PhaseRunner() {
      @Override
      public void prepare(List<Phase> p) {
      }

      @Override
      public PhaseOutcome run(Phase phase, int repeat, Path dir) throws java.io.IOException, InterruptedException {
        if (scripted.calls.size() + 1 == at) {
          suite[0].writeInterruptedSummary(); // what the shutdown hook does, while the phase runs
          throw new InterruptedException("stopped by a signal");
        }
        return scripted.run(phase, repeat, dir);
      }
    };
    suite[0] = new SuiteRunner("suite", phases, 2, tmp, null, null, interrupted, null, err);
    assertThrows(InterruptedException.class, suite[0]::run);
    Path summary = tmp.resolve("suite-summary.md");
    if (at == 1) {
      assertFalse(Files.exists(summary), "nothing completed, nothing to summarise");
      return;
    }
    String text = new String(Files.readAllBytes(summary), StandardCharsets.UTF_8);
    for (int i = 0; i < scripted.calls.size(); i++) {
      String phase = scripted.calls.get(i).substring(2);
      assertTrue(text.contains(phase), phase + " in\n" + text);
    }
    if (at <= 4) {
      assertFalse(text.contains(phases.get(at - 1).name()), text);
    }
    assertTrue(errText().contains("suite-summary.md covers the " + (at - 1) + " completed phase(s)"), errText());
  }
}
