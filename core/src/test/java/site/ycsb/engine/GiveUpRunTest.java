package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import site.ycsb.ClientRunner;
import site.ycsb.MemoryDB;
import site.ycsb.ShareFailingDB;
import site.ycsb.cli.ExitCode;

/**
 * errors.giveup in whole runs, on both paths: a run that cannot succeed ends early with its verdict; one whose
 * database comes back within the window goes on; the switch turns it off. max_consecutive_errors is off throughout,
 * so that only this rule can end a run; maxexecutiontime bounds every run should the rule fail.
 */
class GiveUpRunTest {
  @BeforeEach
  void setUp() {
    MemoryDB.clear();
    ShareFailingDB.reset();
  }

  private static ClientRunner run(String async, long ops, String... more) {
    List<String> args = new ArrayList<>(Arrays.asList("-t", "-db", ShareFailingDB.class.getName(), "-target", "1000",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=100", "-p", "operationcount=" + ops,
        "-p", "readproportion=0.5", "-p", "updateproportion=0.5", "-p", "max_consecutive_errors=0",
        "-p", "maxexecutiontime=60", "-p", "async=" + async, "-threads", "4"));
    args.addAll(Arrays.asList(more));
    return ClientRunner.run(args.toArray(new String[0]));
  }

  @ParameterizedTest(name = "async={0}")
  @ValueSource(strings = {"true", "false"})
  void should_end_early_with_exit_1_and_the_verdict_when_every_operation_fails_from_the_start(String async) {
    ClientRunner r = run(async, 0, "-p", "failing.from=1", "-p", "failing.status=UNAVAILABLE",
        "-p", "errors.giveup=1s");
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("Error: ended early: for "), r.err);
    assertTrue(r.err.matches("(?s).*every operation failed and none was answered \\(\\d+ failed: READ UNAVAILABLE="
        + "\\d+, UPDATE UNAVAILABLE=\\d+; errors\\.giveup=1s\\).*"), r.err);
    assertFalse(r.err.contains("Maximum execution time"), "the rule ended it, not the time limit: " + r.err);
    assertTrue(r.longValue("READ", "Return=UNAVAILABLE") > 0, "what was measured is written: " + r.out);
  }

  @ParameterizedTest(name = "async={0}")
  @ValueSource(strings = {"true", "false"})
  void should_end_early_and_keep_the_successes_when_the_database_goes_away_mid_run(String async) {
    ClientRunner r = run(async, 0, "-p", "failing.from=300", "-p", "errors.giveup=1s");
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("Error: ended early: for "), r.err);
    long answered = r.longValueOrZero("READ", "Return=NOT_FOUND") + r.longValueOrZero("READ", "Return=OK")
        + r.longValueOrZero("UPDATE", "Return=OK") + r.longValueOrZero("UPDATE", "Return=NOT_FOUND");
    assertTrue(answered >= 250, "the answers before the fault are kept: " + r.out);
  }

  @ParameterizedTest(name = "async={0}")
  @ValueSource(strings = {"true", "false"})
  void should_ride_out_an_outage_shorter_than_the_window_and_judge_it_by_the_budget(String async) {
    // about 1 s of failures at 1000 ops/s, within a window of 20 s
    ClientRunner r = run(async, 3000, "-p", "failing.from=500", "-p", "failing.until=1500",
        "-p", "errors.giveup=20s");
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, r.toString());
    assertFalse(r.err.contains("ended early"), r.err);
    assertEquals(1000, r.longValueOrZero("READ", "Return=ERROR") + r.longValueOrZero("UPDATE", "Return=ERROR"));
  }

  @ParameterizedTest(name = "async={0}")
  @ValueSource(strings = {"true", "false"})
  void should_run_every_operation_when_switched_off_even_if_all_fail(String async) {
    ClientRunner r = run(async, 2000, "-p", "failing.from=1", "-p", "errors.giveup=0");
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, r.toString());
    assertFalse(r.err.contains("ended early"), r.err);
    assertEquals(2000, r.longValueOrZero("READ", "Return=ERROR") + r.longValueOrZero("UPDATE", "Return=ERROR"));
  }

  @ParameterizedTest(name = "errors.giveup={0}")
  @ValueSource(strings = {"60", "-1s", "abc", "", "1h"})
  void should_refuse_a_window_that_is_no_duration_with_one_line_and_exit_2(String value) {
    ClientRunner r = run("false", 10, "-p", "errors.giveup=" + value);
    assertEquals(ExitCode.USAGE, r.exitCode, r.toString());
    assertTrue(r.err.trim().startsWith("Error: errors.giveup=" + value + " is not a duration"), r.err);
    assertFalse(r.err.trim().contains("\n"), r.err);
  }
}
