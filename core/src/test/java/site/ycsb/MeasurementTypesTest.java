package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.cli.ExitCode;

/** Every {@code measurementtype} of YCSB 0.17.0, through the client. */
class MeasurementTypesTest {
  @TempDir
  Path tmp;
  private String workload;

  @BeforeEach
  void setUp() throws IOException {
    Path w = tmp.resolve("w");
    Files.write(w, ("workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\noperationcount=500\n"
        + "readproportion=1\nupdateproportion=0\n").getBytes(StandardCharsets.UTF_8));
    workload = w.toString();
  }

  private ClientRunner run(String type, String... extra) {
    String[] base = {"-t", "-P", workload, "-p", "basicdb.verbose=false", "-p", "measurementtype=" + type};
    String[] args = new String[base.length + extra.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    ClientRunner r = ClientRunner.run(args);
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    return r;
  }

  @Test
  void should_export_buckets_and_variance_when_the_type_is_histogram() {
    ClientRunner r = run("histogram");
    assertEquals(500, r.longValue("READ", "Operations"));
    assertNotNull(r.value("READ", "LatencyVariance(us)"));
    assertEquals(500, r.longValue("READ", "Return=OK"));
  }

  @Test
  void should_export_every_point_when_the_type_is_raw() {
    ClientRunner r = run("raw");
    assertEquals(500, r.longValue("READ", "Total Operations"));
    assertNotNull(r.value("READ", "p99"));
  }

  @Test
  void should_export_averages_per_time_bucket_when_the_type_is_timeseries() {
    ClientRunner r = run("timeseries");
    assertEquals(500, r.longValue("READ", "Operations"));
    assertNotNull(r.value("READ", "0"), "the first time bucket: " + r.out);
  }

  @Test
  void should_export_both_views_when_the_type_combines_two() {
    ClientRunner r = run("hdrhistogram+histogram");
    assertEquals(500, r.longValue("HdrREAD", "Operations"));
    assertEquals(500, r.longValue("BucketREAD", "Operations"));
    assertEquals(500, r.longValue("HdrREAD", "Return=OK"));
    ClientRunner raw = run("hdrhistogram+raw");
    assertEquals(500, raw.longValue("RawREAD", "Total Operations"));
  }

  @Test
  void should_exit_2_when_the_type_is_unknown() {
    ClientRunner r = ClientRunner.run("-t", "-P", workload, "-p", "measurementtype=fancy");
    assertEquals(ExitCode.USAGE, r.exitCode);
    assertTrue(r.err.contains("measurementtype=fancy is not one of"), r.err);
  }

  @Test
  void should_report_jvm_extremes_when_trackjvm_is_on() {
    ClientRunner r = run("hdrhistogram", "-p", "measurement.trackjvm=true", "-s", "-p", "status.interval=0.2");
    assertTrue(r.longValue("MAX_THREADS", "Count") >= 1);
    assertNotNull(r.value("MAX_MEM_USED", "MBs"));
  }

  @Test
  void should_print_intended_brackets_and_returns_in_status_lines_when_interval_is_both() {
    ClientRunner r = run("hdrhistogram", "-s", "-p", "measurement.interval=both", "-target", "1000");
    assertTrue(r.err.contains("[Intended-READ: Count="), r.err);
    assertTrue(r.err.matches("(?s).*\\[READ: Count=\\d+, Max=\\d+, Min=\\d+, Avg=[0-9.]+, 90=\\d+, 99=\\d+, "
        + "99\\.9=\\d+, 99\\.99=\\d+, Return\\(OK\\)=\\d+].*"), r.err);
    assertTrue(r.err.matches("(?s).*\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3} \\d+ sec: 500 operations; .*"),
        r.err);
  }
}
