package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import site.ycsb.ClientRunner;
import site.ycsb.MemoryDB;
import site.ycsb.ShareFailingDB;
import site.ycsb.cli.ExitCode;

/**
 * errors.budget: failed operations (every status but the answers) judged against it, on both paths and in both phases;
 * the exit code, the verdict naming the operation types and statuses, the record, and the throughput of successes.
 */
class ErrorBudgetRunTest {
  @TempDir
  Path tmp;

  @BeforeEach
  void setUp() {
    MemoryDB.clear();
    ShareFailingDB.reset();
  }

  /** A transaction run of {@code ops} operations, reads and updates as given, on one thread, with results.dir. */
  private ClientRunner run(int ops, double reads, String... more) {
    List<String> args = new ArrayList<>(Arrays.asList("-t", "-db", ShareFailingDB.class.getName(),
        "-p", "workload=" + site.ycsb.NotFoundTolerantWorkload.class.getName(), "-p", "recordcount=100",
        "-p", "operationcount=" + ops,
        "-p", "readproportion=" + reads, "-p", "updateproportion=" + (1 - reads), "-p", "requestdistribution=uniform",
        "-p", "results.dir=" + tmp.resolve("results")));
    args.addAll(Arrays.asList(more));
    return ClientRunner.run(args.toArray(new String[0]));
  }

  private String summary() throws IOException {
    return new String(Files.readAllBytes(tmp.resolve("results").resolve("summary.json")), StandardCharsets.UTF_8)
        .replaceAll("\\s+", "");
  }

  private static String warning(ClientRunner r, String start) {
    for (String line : r.err.split("\n")) {
      if (line.startsWith("WARNING: ") && line.contains(start)) {
        return line;
      }
    }
    return null;
  }

  @ParameterizedTest(name = "async={0}")
  @ValueSource(strings = {"true", "false"})
  void should_exit_4_name_the_reads_and_keep_the_results_when_only_reads_fail_over_the_budget(String async)
      throws IOException {
    ClientRunner r = run(1000, 1.0, "-p", "failing.read=UNAVAILABLE/10", "-p", "async=" + async);
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, r.toString());
    assertEquals(100, r.longValue("READ", "Return=UNAVAILABLE"), "results are written: " + r);
    String w = warning(r, "operations failed");
    assertTrue(w != null && w.contains("100 of 1000 operations failed (10%: READ UNAVAILABLE=100), over "
        + "errors.budget=0.1%:"), r.err);
    String s = summary();
    assertTrue(s.contains("\"exitCode\":4"), s);
    assertTrue(s.contains("\"errors\":{\"budget\":0.001,\"budgetText\":\"0.1%\",\"attempted\":1000,\"failed\":100,"
        + "\"failedShare\":0.1,\"exceeded\":true,"), s);
    assertTrue(s.contains("\"failedByOperation\":{\"READ\":{\"UNAVAILABLE\":100}}"), s);
    assertTrue(s.contains("\"cause\":\"failures\""), s);
    // 0.17.0's throughput counts every attempt; the successful operations' is apart, 9 in 10 of it
    double attempts = Double.parseDouble(r.value("OVERALL", "Throughput(ops/sec)"));
    double successes = Double.parseDouble(r.value("OVERALL", "SuccessfulThroughput(ops/sec)"));
    assertEquals(0.9 * attempts, successes, attempts * 1e-9, r.out);
    assertEquals(100, r.longValue("ERRORS", "Failed"));
  }

  @ParameterizedTest(name = "async={0}")
  @ValueSource(strings = {"true", "false"})
  void should_keep_successful_throughput_below_attempts_when_read_modify_writes_fail(String async) {
    // workload F's operation is a read and an update: two Return= counts for one operation of Throughput
    ClientRunner r = run(400, 0.0, "-p", "updateproportion=0", "-p", "readmodifywriteproportion=1",
        "-p", "failing.update=TIMEOUT/4", "-p", "async=" + async);
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, r.toString());
    double attempts = Double.parseDouble(r.value("OVERALL", "Throughput(ops/sec)"));
    double successes = Double.parseDouble(r.value("OVERALL", "SuccessfulThroughput(ops/sec)"));
    double runtimeS = Double.parseDouble(r.value("OVERALL", "RunTime(ms)")) / 1000;
    assertTrue(successes < attempts, r.out);
    assertEquals((400 - r.longValue("ERRORS", "Failed")) / runtimeS, successes, successes * 1e-3 + 1e-9, r.out);
  }

  @ParameterizedTest(name = "async={0}")
  @ValueSource(strings = {"true", "false"})
  void should_name_the_updates_when_only_writes_fail_over_the_budget(String async) throws IOException {
    ClientRunner r = run(400, 0.0, "-p", "failing.update=TIMEOUT/4", "-p", "async=" + async);
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, r.toString());
    assertTrue(warning(r, "100 of 400 operations failed (25%: UPDATE TIMEOUT=100)") != null, r.err);
    assertTrue(summary().contains("\"failedByOperation\":{\"UPDATE\":{\"TIMEOUT\":100}}"), summary());
  }

  @Test
  void should_name_every_type_and_status_when_several_statuses_fail() throws IOException {
    ClientRunner r = run(1000, 0.5, "-p", "failing.read=ERROR/5", "-p", "failing.update=SERVICE_UNAVAILABLE/2",
        "-p", "requestdistribution=uniform");
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, r.toString());
    long reads = r.longValue("READ", "Return=ERROR");
    long updates = r.longValue("UPDATE", "Return=SERVICE_UNAVAILABLE");
    String w = warning(r, "operations failed");
    assertTrue(w != null && w.contains("READ ERROR=" + reads + ", UPDATE SERVICE_UNAVAILABLE=" + updates), r.err);
    assertTrue(summary().contains("\"failedByOperation\":{\"READ\":{\"ERROR\":" + reads + "},\"UPDATE\":{"
        + "\"SERVICE_UNAVAILABLE\":" + updates + "}}"), summary());
  }

  /** 10 of 1000 reads fail (1%): under, at and over the budget. */
  @ParameterizedTest(name = "budget {0}: exit {1}")
  @CsvSource({"2%,0,within", "1%,0,within", "0.99%,4,over", "0.5%,4,over", "100%,0,within"})
  void should_exit_0_up_to_the_budget_and_4_above_it_with_a_warning_either_way(String budget, int exit,
      String word) throws IOException {
    ClientRunner r = run(1000, 1.0, "-p", "failing.read=ERROR/100", "-p", "errors.budget=" + budget);
    assertEquals(exit, r.exitCode, r.toString());
    String w = warning(r, "10 of 1000 operations failed (1%: READ ERROR=10), " + word + " errors.budget=");
    assertTrue(w != null, "a failure is visible whatever the budget: " + r.err);
    assertTrue(summary().contains("\"exceeded\":" + (exit != 0)), summary());
  }

  @Test
  void should_exit_4_on_a_single_failure_when_the_budget_is_0_and_0_when_nothing_failed() throws IOException {
    ClientRunner one = run(1000, 1.0, "-p", "failing.read=ERROR/1000", "-p", "errors.budget=0");
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, one.exitCode, one.toString());
    assertTrue(warning(one, "1 of 1000 operations failed (0.1%: READ ERROR=1), over errors.budget=0%") != null,
        one.err);
    MemoryDB.clear();
    ShareFailingDB.reset();
    ClientRunner none = ClientRunner.run("-t", "-db", ShareFailingDB.class.getName(), "-p",
        "workload=" + site.ycsb.NotFoundTolerantWorkload.class.getName(), "-p", "recordcount=100", "-p", "operationcount=200",
        "-p", "errors.budget=0");
    assertEquals(ExitCode.OK, none.exitCode, none.toString());
    assertTrue(warning(none, "operations failed") == null, none.err);
    assertEquals(none.value("OVERALL", "Throughput(ops/sec)"), none.value("OVERALL", "SuccessfulThroughput(ops/sec)"));
  }

  @Test
  void should_count_not_found_as_a_failure_when_the_core_workload_reads_records_that_are_not_there() {
    // nothing loaded (or another table): the core workload reads only keys it loaded, so this is no clean run
    ClientRunner r = run(300, 1.0, "-p", "workload=site.ycsb.workloads.CoreWorkload");
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, r.toString());
    assertEquals(300, r.longValue("READ", "Return=NOT_FOUND"));
    assertEquals(300, r.longValue("ERRORS", "Failed"));
    assertTrue(warning(r, "300 of 300 operations failed (100%: READ NOT_FOUND=300)") != null, r.err);
  }

  @Test
  void should_count_not_found_as_an_answer_when_the_workload_says_it_may_rightly_get_one() {
    ClientRunner r = run(300, 1.0, "-p", "errors.budget=0");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(300, r.longValue("READ", "Return=NOT_FOUND"));
    assertEquals(0, r.longValue("ERRORS", "Failed"));
  }

  @ParameterizedTest(name = "errors.budget={0}")
  @ValueSource(strings = {"-1%", "101%", "NaN%", "abc", "1", "0.5", "%", "", "Infinity%", "1e3%"})
  void should_refuse_a_budget_that_is_no_percentage_in_0_to_100_with_one_line_and_exit_2(String value) {
    ClientRunner r = run(10, 1.0, "-p", "errors.budget=" + value);
    assertEquals(ExitCode.USAGE, r.exitCode, r.toString());
    String err = r.err.trim();
    assertFalse(err.contains("\n"), "one line: " + err);
    assertTrue(err.startsWith("Error: errors.budget=" + value.trim() + " "), err);
    assertFalse(r.out.contains("[OVERALL]"), "nothing ran");
  }

  @ParameterizedTest(name = "async={0}")
  @ValueSource(strings = {"true", "false"})
  void should_judge_the_inserts_when_load_attempts_fail_and_their_retries_succeed(String async) throws IOException {
    ClientRunner r = ClientRunner.run("-load", "-db", ShareFailingDB.class.getName(), "-p",
        "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=200", "-p", "failing.insert=ERROR/20",
        "-p", "core_workload_insertion_retry_limit=2", "-p", "core_workload_insertion_retry_interval=0",
        "-p", "async=" + async, "-p", "results.dir=" + tmp.resolve("results"));
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, "every record is there, but 1 attempt in 20 failed: " + r);
    assertEquals(200, MemoryDB.table("usertable").size());
    long failed = r.longValue("INSERT", "Return=ERROR");
    assertTrue(failed >= 10, r.out);
    assertTrue(warning(r, "operations failed") .contains("INSERT ERROR=" + failed), r.err);
    assertTrue(summary().contains("\"phase\":\"load\""), summary());
    assertTrue(summary().contains("\"failedByOperation\":{\"INSERT\":{\"ERROR\":" + failed + "}}"), summary());
  }

  @Test
  void should_leave_inserts_that_failed_for_good_to_exit_1_when_the_load_is_incomplete() {
    ClientRunner r = ClientRunner.run("-load", "-db", ShareFailingDB.class.getName(), "-p",
        "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=200", "-p", "failing.insert=ERROR/20");
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, "records are missing, which outranks the budget: " + r);
    assertTrue(warning(r, "operations failed") != null, r.err);
  }
}
