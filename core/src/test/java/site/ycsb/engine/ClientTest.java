package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.ClientRunner;
import site.ycsb.FaultyDB;
import site.ycsb.MemoryDB;
import site.ycsb.Utils;
import site.ycsb.cli.ExitCode;
import site.ycsb.workloads.CoreWorkload;

class ClientTest {
  @TempDir
  Path tmp;

  private String workload;

  @BeforeEach
  void setUp() throws IOException {
    MemoryDB.clear();
    FaultyDB.INSERT_CALLS.set(0);
    workload = write("workload", "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=200\noperationcount=1000\n"
        + "readproportion=0.5\nupdateproportion=0.5\nrequestdistribution=zipfian\n");
  }

  private String write(String name, String content) throws IOException {
    Path p = tmp.resolve(name);
    Files.write(p, content.getBytes(StandardCharsets.UTF_8));
    return p.toString();
  }

  private static String oneLine(String err) {
    return err.trim();
  }

  @Test
  void should_exit_2_with_one_line_when_an_option_is_unknown() {
    ClientRunner r = ClientRunner.run("-P", workload, "-bogus");
    assertEquals(ExitCode.USAGE, r.exitCode, r.toString());
    assertEquals(1, oneLine(r.err).split("\n").length, r.err);
    assertTrue(r.err.contains("unknown option '-bogus'"), r.err);
    assertFalse(r.err.contains("\tat "), "no stack trace");
  }

  @Test
  void should_exit_2_when_the_workload_property_is_missing() {
    ClientRunner r = ClientRunner.run("-p", "recordcount=10");
    assertEquals(ExitCode.USAGE, r.exitCode);
    assertTrue(r.err.contains("Missing property: workload"), r.err);
  }

  @Test
  void should_exit_2_when_a_number_is_malformed() {
    ClientRunner r = ClientRunner.run("-P", workload, "-threads", "many");
    assertEquals(ExitCode.USAGE, r.exitCode);
    assertTrue(r.err.contains("threadcount=many is not a whole number"), r.err);
  }

  @Test
  void should_exit_2_when_the_db_class_does_not_exist() {
    ClientRunner r = ClientRunner.run("-P", workload, "-db", "com.example.NoSuchDB");
    assertEquals(ExitCode.USAGE, r.exitCode);
    assertTrue(r.err.contains("com.example.NoSuchDB was not found"), r.err);
    assertFalse(r.out.contains("[OVERALL]"));
  }

  @Test
  void should_exit_2_when_a_property_file_is_missing() {
    ClientRunner r = ClientRunner.run("-P", tmp.resolve("nope").toString());
    assertEquals(ExitCode.USAGE, r.exitCode);
    assertTrue(r.err.contains("cannot read property file"), r.err);
  }

  @Test
  void should_exit_2_when_a_workload_property_is_invalid() {
    ClientRunner r = ClientRunner.run("-P", workload, "-p", "requestdistribution=gaussian");
    assertEquals(ExitCode.USAGE, r.exitCode, r.toString());
    assertTrue(r.err.contains("requestdistribution=gaussian is not one of"), r.err);
  }

  @Test
  void should_exit_2_when_the_exporter_class_is_unknown() {
    ClientRunner r = ClientRunner.run("-P", workload, "-p", "exporter=foo.Bar");
    assertEquals(ExitCode.USAGE, r.exitCode);
    assertTrue(r.err.contains("exporter class foo.Bar was not found"), r.err);
  }

  @Test
  void should_exit_3_without_a_report_when_db_init_fails() {
    ClientRunner r = ClientRunner.run("-P", workload, "-db", FaultyDB.class.getName(), "-p", "faulty.init=true",
        "-threads", "4");
    assertEquals(ExitCode.INIT_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("database initialisation failed: cannot connect to 10.0.0.1:9042"), r.err);
    assertFalse(r.out.contains("[OVERALL]"), "no half-printed report");
    assertEquals(1, r.err.split("initialisation failed").length - 1, "the same failure is reported once");
  }

  @Test
  void should_print_results_and_exit_1_when_a_client_thread_throws() {
    ClientRunner r = ClientRunner.run("-P", workload, "-db", FaultyDB.class.getName(), "-p", "faulty.throw=true",
        "-threads", "2");
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertNotNull(r.value("OVERALL", "RunTime(ms)"), "results are still printed");
    assertTrue(r.err.contains("binding bug (test)"), r.err);
  }

  @Test
  void should_stop_with_exit_1_when_max_consecutive_errors_is_reached() {
    ClientRunner r = ClientRunner.run("-P", workload, "-db", FaultyDB.class.getName(), "-p", "faulty.status=ERROR",
        "-p", "max_consecutive_errors=5", "-p", "operationcount=100000");
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("stopped after 5 consecutive failed operations"), r.err);
    // Which types the five failed operations were is random (the mix is 50/50): either may be missing.
    long done = r.longValueOrZero("READ", "Return=ERROR") + r.longValueOrZero("UPDATE", "Return=ERROR");
    assertEquals(5, done, r.toString());
  }

  @Test
  void should_end_the_run_by_default_when_every_operation_fails() {
    ClientRunner r = ClientRunner.run("-P", workload, "-db", FaultyDB.class.getName(), "-p", "faulty.status=ERROR",
        "-p", "operationcount=1000000");
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("stopped after 10 consecutive failed operations"), r.err);
    long failed = r.longValueOrZero("READ", "Return=ERROR") + r.longValueOrZero("UPDATE", "Return=ERROR");
    assertEquals(10, failed, "one thread, stopped at the default budget: " + r);
  }

  @Test
  void should_count_every_status_when_operations_fail_without_limit() {
    ClientRunner r = ClientRunner.run("-P", workload, "-db", FaultyDB.class.getName(), "-p", "faulty.status=ERROR",
        "-p", "max_consecutive_errors=0");
    // every operation counted, the results written, and the exit code says they failed (issue 44)
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, r.toString());
    assertEquals(1000, r.longValue("READ", "Return=ERROR") + r.longValue("UPDATE", "Return=ERROR"));
    assertEquals(0, r.longValue("READ", "Operations"));
    assertNotNull(r.value("READ-FAILED", "Operations"));
  }

  @Test
  void should_load_every_key_of_the_slice_when_insertstart_and_insertcount_are_given() {
    ClientRunner r = ClientRunner.run("-load", "-P", workload, "-db", MemoryDB.class.getName(), "-threads", "3",
        "-p", "insertstart=50", "-p", "insertcount=100", "-p", "insertorder=ordered");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(100, r.longValue("INSERT", "Operations"));
    Map<String, ?> table = MemoryDB.table("usertable");
    assertEquals(100, table.size());
    for (long k = 50; k < 150; k++) {
      assertTrue(table.containsKey(CoreWorkload.buildKeyName(k, 1, true)), "key " + k);
    }
  }

  @Test
  void should_resend_the_real_values_when_an_insert_is_retried() {
    ClientRunner r = ClientRunner.run("-load", "-P", workload, "-db", FaultyDB.class.getName(), "-p",
        "recordcount=1", "-p", "faulty.insertfailures=2", "-p", "core_workload_insertion_retry_limit=3",
        "-p", "core_workload_insertion_retry_interval=0", "-p", "errors.budget=100%");
    // the record is there; its two failed attempts count against errors.budget (here: anything goes)
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(1, r.longValue("INSERT", "Operations"));
    assertEquals(2, r.longValue("INSERT-FAILED", "Operations"));
    Map<String, byte[]> row = MemoryDB.table("usertable").firstEntry().getValue();
    assertEquals(10, row.size());
    for (byte[] v : row.values()) {
      assertEquals(100, v.length, "the retried insert carried the full value");
    }
  }

  @Test
  void should_print_the_first_five_insertion_retries_and_hold_back_the_rest_when_retries_repeat() {
    ClientRunner r = ClientRunner.run("-load", "-P", workload, "-db", FaultyDB.class.getName(), "-p",
        "recordcount=1", "-p", "faulty.insertfailures=8", "-p", "core_workload_insertion_retry_limit=10",
        "-p", "core_workload_insertion_retry_interval=0");
    // the record is there after 8 failed attempts of 9: over the default errors.budget
    assertEquals(ExitCode.ERRORS_OVER_BUDGET, r.exitCode, r.toString());
    assertEquals(8, r.longValue("INSERT-FAILED", "Operations"));
    int printed = r.err.split("Retrying insertion, retry count: ", -1).length - 1;
    assertEquals(5, printed, r.err);
    assertTrue(r.err.contains("Retrying insertion, retry count: 5 (last status"), r.err);
    assertFalse(r.err.contains("retry count: 6"), "within ten seconds of the fifth line: " + r.err);
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0} of 5 inserts fail, keep going {1}, {2} threads")
  @org.junit.jupiter.params.provider.CsvSource({"1,false,1", "1,true,1", "3,true,1", "5,true,1", "100,true,1",
      "100,false,1", "100,false,3", "100,true,3", "2,true,2"})
  void should_exit_1_and_say_so_in_summary_when_any_insert_fails_for_good(int failures, boolean keepGoing,
      int threads) throws IOException {
    File dir = tmp.resolve("res-" + failures + keepGoing + threads).toFile();
    ClientRunner r = ClientRunner.run("-load", "-P", workload, "-db", FaultyDB.class.getName(), "-p",
        "recordcount=5", "-p", "faulty.insertfailures=" + failures, "-threads", String.valueOf(threads),
        "-p", "core_workload_insertion_keep_going_on_error=" + keepGoing, "-p", "results.dir=" + dir);
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("inserts failed after all retries"), r.err);
    String summary = new String(Files.readAllBytes(new File(dir, "summary.json").toPath()), StandardCharsets.UTF_8);
    assertTrue(summary.contains("\"exitCode\": 1"), summary);
    assertFalse(summary.contains("\"exitReason\": \"completed\""), summary);
  }

  @Test
  void should_exit_1_when_inserts_fail_after_all_retries() {
    ClientRunner r = ClientRunner.run("-load", "-P", workload, "-db", FaultyDB.class.getName(), "-p",
        "recordcount=5", "-p", "faulty.insertfailures=100");
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("inserts failed after all retries"), r.err);
  }

  @Test
  void should_verify_every_read_when_dataintegrity_is_on() {
    assertEquals(ExitCode.OK, ClientRunner.run("-load", "-P", workload, "-db", MemoryDB.class.getName(),
        "-p", "dataintegrity=true").exitCode);
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-db", MemoryDB.class.getName(),
        "-p", "dataintegrity=true", "-threads", "4");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(r.longValue("READ", "Operations"), r.longValue("VERIFY", "Return=OK"));
    assertNull(r.value("VERIFY", "Return=UNEXPECTED_STATE"));
  }

  @Test
  void should_report_intended_sections_when_measurement_interval_is_both() {
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-target", "5000",
        "-p", "measurement.interval=both", "-threads", "4");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(r.longValue("READ", "Operations"), r.longValue("Intended-READ", "Operations"));
    assertNull(r.value("Intended-READ", "Return=OK"), "Return= lines only on service-time sections");
    assertNotNull(r.value("SCHEDULE", "LagP99(us)"));
  }

  @Test
  void should_refuse_a_results_dir_while_another_run_holds_its_lock() throws IOException {
    Path dir = tmp.resolve("held");
    Files.createDirectories(dir);
    Path claim = dir.resolve(ResultsDirClaim.NAME);
    Files.write(claim, "pid 777\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(claim,
        java.nio.file.StandardOpenOption.WRITE); java.nio.channels.FileLock held = ch.lock()) {
      ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-p",
          "results.dir=" + dir);
      assertEquals(ExitCode.USAGE, r.exitCode, r.toString());
      assertTrue(r.err.contains("results.dir " + dir + " is in use by another run (pid 777): choose a new "
          + "directory"), r.err);
      assertTrue(held.isValid(), "the holder keeps its lock");
    }
    assertTrue(Files.exists(claim), "the holder's claim is left alone");
  }

  @Test
  void should_read_a_property_file_when_an_editor_saved_it_with_a_byte_order_mark() throws IOException {
    // "UTF-8 with BOM" and Windows line ends: the first key was read as "\u00ef\u00bb\u00bfworkload" before
    String bom = write("bom", "\uFEFFworkload=site.ycsb.workloads.CoreWorkload\r\nrecordcount=50\r\n"
        + "operationcount=100\r\nreadproportion=1\r\nupdateproportion=0\r\n");
    Path results = tmp.resolve("bom-results");
    ClientRunner r = ClientRunner.run("-t", "-P", bom, "-p", "basicdb.verbose=false", "-p", "results.dir=" + results);
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals("100", r.value("READ", "Operations"), r.out);
    assertFalse(Files.exists(results.resolve(".ycsb-run-in-progress")), "a finished run releases its results.dir");
  }

  @Test
  void should_exit_1_saying_nothing_was_measured_when_a_time_warmup_outlasts_the_run() {
    // 1000 operations take milliseconds: a 30 s warm-up covers them all, which cannot be known before the run.
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-p", "warmup=30s");
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("Error: warmup=30s covered all 1000 operations of the run: nothing was measured"),
        r.err);
  }

  @Test
  void should_keep_the_banner_and_every_status_line_on_one_line_when_the_label_has_control_characters() {
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-s", "-l", "rack\n1\t");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    int statusLines = 0;
    for (String line : r.err.split("\n")) {
      if (line.contains(" sec: ")) {
        statusLines++;
        assertTrue(line.startsWith("rack\\n1"), line); // -l is trimmed
      }
      assertFalse(line.equals("1\t") || line.startsWith("1\t"), "a status line split in two:\n" + r.err);
    }
    assertTrue(statusLines > 0, r.toString());
    assertTrue(r.err.contains("Command line: ") && r.err.contains("-l rack\\n1\\t"), r.err);
  }

  @Test
  void should_print_a_last_status_line_whose_total_equals_its_return_counts_when_the_run_ends() {
    for (String warmup : new String[] {"0", "100ops"}) {
      ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-s", "-threads", "4",
          "-p", "warmup=" + warmup);
      assertEquals(ExitCode.OK, r.exitCode, r.toString());
      String last = null;
      for (String line : r.err.split("\n")) {
        if (line.contains(" sec: ")) {
          last = line;
        }
      }
      assertNotNull(last, r.toString());
      long total = Long.parseLong(last.replaceAll(".* sec: (\\d+) operations.*", "$1"));
      long returns = 0;
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("Return\\([A-Z_]+\\)=(\\d+)").matcher(last);
      while (m.find()) {
        returns += Long.parseLong(m.group(1));
      }
      long warm = last.contains(" warm-up) ") ? Long.parseLong(last.replaceAll(".*\\(\\+(\\d+) warm-up\\).*", "$1")) : 0;
      assertEquals(total, returns, "warmup=" + warmup + ": " + last);
      assertEquals(warmup.equals("0") ? 0 : 100, warm, "warmup=" + warmup + ": " + last);
      assertEquals(1000, total + warm, "warmup=" + warmup + ": " + last);
    }
  }

  @Test
  void should_print_the_results_and_exit_1_when_the_export_file_fails_at_the_end() {
    // /dev/full accepts the open and the pre-run check, then refuses every write (ENOSPC): a disk that filled up
    org.junit.jupiter.api.Assumptions.assumeTrue(new File("/dev/full").exists(), "needs Linux's /dev/full");
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-p",
        "exportfile=/dev/full", "-p", "results.dir=" + tmp.resolve("kept"));
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.err.contains("Error: cannot write exportfile /dev/full ("), r.err);
    assertEquals(1000, r.longValue("READ", "Operations") + r.longValue("UPDATE", "Operations"), r.out);
    assertTrue(new File(tmp.resolve("kept").toFile(), "summary.json").isFile(), "results.dir still written");
  }

  @Test
  void should_hold_the_target_rate_when_throttled() {
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-target", "2000",
        "-p", "operationcount=2000", "-threads", "8");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    long runtime = r.longValue("OVERALL", "RunTime(ms)");
    assertTrue(runtime >= 999, "an open-loop schedule of 2000 ops at 2000/s cannot end before 1 s: " + runtime);
  }

  @Test
  void should_exclude_warmup_operations_from_the_results() {
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-p", "warmup=300ops",
        "-threads", "3");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertEquals(700, r.longValue("READ", "Operations") + r.longValue("UPDATE", "Operations"));
    assertEquals(300, r.longValue("WARMUP", "Operations"));
  }

  @Test
  void should_stop_at_maxexecutiontime_when_operationcount_is_unlimited() {
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-p", "operationcount=0",
        "-p", "maxexecutiontime=1", "-target", "1000");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    long ops = r.longValue("READ", "Operations") + r.longValue("UPDATE", "Operations");
    assertTrue(ops > 0 && ops <= 1001, "at most one second of slots at 1000 ops/s, got " + ops);
  }

  @Test
  void should_count_the_whole_time_limit_in_the_runtime_when_the_last_operation_ended_long_before() {
    // At 0.4 ops/s the one slot inside a 2 s limit is at 0 s: the run lasted 2 s, not the first operation's time.
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-p", "operationcount=10",
        "-p", "maxexecutiontime=2", "-target", "0.4");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    long runtime = r.longValue("OVERALL", "RunTime(ms)");
    assertTrue(runtime >= 1990 && runtime < 3000, "runtime " + runtime + " ms\n" + r);
    assertEquals(1, r.longValueOrZero("READ", "Operations") + r.longValueOrZero("UPDATE", "Operations"));
    assertEquals(1000.0 / runtime, Double.parseDouble(r.value("OVERALL", "Throughput(ops/sec)")), 0.001);
  }

  @Test
  void should_count_only_the_runs_garbage_collections_when_the_jvm_collected_before_it() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    long before = Utils.getGCTotalCollectionCount();
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false", "-p", "operationcount=50");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    long counted = r.longValue("TOTAL_GCs", "Count");
    assertTrue(counted < before, "the run's " + counted + " collections include the JVM's earlier " + before);
  }

  @Test
  void should_refuse_an_endless_run_when_no_limit_is_set() {
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "operationcount=0");
    assertEquals(ExitCode.USAGE, r.exitCode);
    assertTrue(r.err.contains("would never end"), r.err);
  }

  @Test
  void should_start_the_schedule_at_the_given_instant_when_start_epochms_is_set() throws IOException {
    long at = System.currentTimeMillis() + 2500;
    File dir = tmp.resolve("at").toFile();
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false",
        "-p", "start.epochms=" + at, "-p", "results.dir=" + dir);
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertTrue(r.err.contains("(start.epochms), in "), r.err);
    String summary = new String(Files.readAllBytes(new File(dir, "summary.json").toPath()), StandardCharsets.UTF_8);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"startEpochMs\": (\\d+)").matcher(summary);
    assertTrue(m.find(), summary);
    assertTrue(Long.parseLong(m.group(1)) >= at, "measurement started at " + m.group(1) + ", before " + at);
  }

  @Test
  void should_warn_when_start_epochms_has_already_passed() {
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false",
        "-p", "start.epochms=" + (System.currentTimeMillis() - 5000));
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertTrue(r.err.contains("ms after start.epochms="), r.err);
  }

  @Test
  void should_print_version_when_asked() {
    ClientRunner r = ClientRunner.run("--version");
    assertEquals(ExitCode.OK, r.exitCode);
    assertTrue(r.out.startsWith("YCSB "), r.out);
  }

  @Test
  void should_never_print_a_password_when_given_on_the_command_line() throws IOException {
    File dir = tmp.resolve("res").toFile();
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "basicdb.verbose=false",
        "-p", "cassandra.password=hunter2", "-p", "results.dir=" + dir, "-s");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertFalse(r.err.contains("hunter2") || r.out.contains("hunter2"));
    String summary = new String(Files.readAllBytes(new File(dir, "summary.json").toPath()), StandardCharsets.UTF_8);
    assertFalse(summary.contains("hunter2"));
    assertTrue(summary.contains("\"cassandra.password\": \"***\""), summary);
  }

  @Test
  void should_use_long_counts_when_the_key_space_exceeds_two_billion() {
    ClientRunner r = ClientRunner.run("-load", "-P", workload, "-db", MemoryDB.class.getName(),
        "-p", "recordcount=5000000000", "-p", "insertstart=4000000000", "-p", "insertcount=10",
        "-p", "insertorder=ordered");
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    assertTrue(MemoryDB.table("usertable").containsKey("user4000000009"), MemoryDB.table("usertable").keySet()
        .toString());
  }
}
