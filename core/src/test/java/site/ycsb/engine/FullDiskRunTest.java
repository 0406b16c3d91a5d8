package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.ClientRunner;
import site.ycsb.cli.ExitCode;

/**
 * Results files that fail on every write — the kernel's /dev/full answers each write "No space left on device", as a
 * filling disk does — are said once each, their repeats counted in the run's failure line (issue 44, item 13); the
 * run still prints its results and writes the rest of its record, and exits 1 (its record is incomplete).
 */
class FullDiskRunTest {
  @TempDir
  Path tmp;

  private static long count(String text, String part) {
    return text.split(java.util.regex.Pattern.quote(part), -1).length - 1L;
  }

  @Test
  void should_print_the_first_failure_and_count_the_rest_when_a_warning_repeats() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CountedWarning w = new CountedWarning(new PrintStream(bytes, true), "cannot write the time series");
    for (int i = 1; i <= 78; i++) {
      w.report("No space left on device (" + i + ")");
    }
    String out = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    assertEquals("WARNING: cannot write the time series: No space left on device (1) (further failures of the kind are"
        + " counted, not printed)\n", out);
    assertEquals("cannot write the time series 78 times; the last: No space left on device (78)", w.summary());
  }

  @Test
  void should_sum_up_nothing_when_the_failure_never_came_and_one_time_when_it_came_once() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CountedWarning w = new CountedWarning(new PrintStream(bytes, true), "x");
    assertEquals(null, w.summary());
    w.report("once");
    assertEquals("x 1 time; the last: once", w.summary());
    assertEquals(1, new String(bytes.toByteArray(), StandardCharsets.UTF_8).split("\n").length);
  }

  @Test
  void should_warn_once_per_file_with_a_count_when_the_time_series_and_an_interval_log_land_on_a_full_disk()
      throws IOException {
    Path full = Paths.get("/dev/full");
    assumeTrue(Files.isWritable(full), "no /dev/full here (not Linux)");
    Path results = tmp.resolve("results");
    Files.createDirectories(results.resolve("hdr"));
    Files.createSymbolicLink(results.resolve("timeseries.csv"), full);
    Files.createSymbolicLink(results.resolve("status.log"), full);
    Files.createSymbolicLink(results.resolve("hdr").resolve("READ.hdr"), full);
    ClientRunner r = ClientRunner.run("-t", "-db", "site.ycsb.BasicDB", "-p", "basicdb.verbose=false",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=100", "-p", "operationcount=400",
        "-target", "100", "-s", "-p", "status.interval=1", "-p", "results.dir=" + results);
    // the record is incomplete (exit 1, as for results that cannot be written), but every figure is printed and the
    // rest of the record written
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    assertTrue(r.out.contains("[OVERALL], Throughput(ops/sec)"), r.out);
    assertTrue(Files.isRegularFile(results.resolve("summary.json")) && Files.isRegularFile(results.resolve(
        "output.txt")), "the rest of the record is written");
    assertEquals(1, count(r.err, "WARNING: cannot write the time series: "
        + "No space left on device (further failures"), r.err);
    assertTrue(r.err.matches("(?s).*\nError: cannot write the time series \\d+ times; the last: No space left on "
        + "device \\(timeseries\\.csv and status\\.log in .*"), r.err);
    assertEquals(2, count(r.err, "cannot write the time series"), "two lines in all: " + r.err);
    assertEquals(1, count(r.err, "interval log(s) could not be written completely"), r.err);
    assertTrue(r.err.contains("end early: " + results.resolve("hdr").resolve("READ.hdr")), r.err);
    assertTrue(new String(Files.readAllBytes(results.resolve("summary.json")), StandardCharsets.UTF_8)
        .contains("\"exitCode\": 1"), "the record says so");
  }
}
