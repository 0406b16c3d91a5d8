package site.ycsb.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Scanner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int report(String... args) {
    return Report.run(args, new PrintStream(out, true), new PrintStream(err, true));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  private static String golden(String name) throws IOException {
    try (InputStream in = ReportTest.class.getResourceAsStream("/golden/" + name)) {
      assertNotNull(in, "missing golden file " + name);
      return new Scanner(in, "UTF-8").useDelimiter("\\A").next();
    }
  }

  private String written(String name) throws IOException {
    return new String(Files.readAllBytes(tmp.resolve("report").resolve(name)), StandardCharsets.UTF_8);
  }

  @Test
  void should_match_golden_tables_when_two_configurations_are_reported() throws Exception {
    ReportFixtures.twoConfigurations(tmp.resolve("results"));

    assertEquals(0, report("-o", tmp.resolve("report").toString(), tmp.resolve("results").toString()), stderr());

    String[] files = {"throughput.csv", "latency.csv", "comparison.csv", "runs.csv", "report.md"};
    String update = System.getProperty("golden.update");
    if (update != null) {
      // regenerates the golden files after a deliberate format change:
      // -Dgolden.update=<module>/src/test/resources/golden
      for (String file : files) {
        Files.write(java.nio.file.Paths.get(update).resolve(file), written(file).getBytes(StandardCharsets.UTF_8));
      }
    }
    for (String file : files) {
      assertEquals(golden(file), written(file), file);
    }
    assertFalse(Files.exists(tmp.resolve("report/latency-intended.csv")));
  }

  @Test
  void should_compute_a_percentile_from_the_hdr_log_when_the_summary_lacks_it() throws Exception {
    new ResultDirFixture().interval("READ", ResultDirFixture.range(1, 2000, 1)).write(tmp.resolve("cfg/run"));
    Path summary = tmp.resolve("cfg/run/summary.json");
    ObjectNode s = (ObjectNode) Json.read(summary);
    ((ObjectNode) s.at("/measurements/READ/percentilesUs")).remove("99.9");
    Json.write(summary, s);

    assertEquals(0, report("-o", tmp.resolve("report").toString(), "--format", "csv",
        tmp.resolve("cfg/run").toString()), stderr());

    List<String> latency = Arrays.asList(written("latency.csv").split("\r\n"));
    org.HdrHistogram.Histogram h = ResultDirFixture.histogram(ResultDirFixture.range(1, 2000, 1));
    assertEquals("A,READ,cfg,2000,0,1000.5," + h.getValueAtPercentile(95) + "," + h.getValueAtPercentile(99) + ","
        + h.getValueAtPercentile(99.9) + ",2000", latency.get(1));
  }

  @Test
  void should_compare_the_named_pair_when_compare_is_given_with_three_configurations() throws Exception {
    ReportFixtures.campaign(tmp.resolve("r/g3"), ReportFixtures.GRIDDB, "3nodes", 1, 300, 1);
    ReportFixtures.campaign(tmp.resolve("r/g5"), ReportFixtures.GRIDDB, "5nodes", 1, 200, 2);
    ReportFixtures.campaign(tmp.resolve("r/c3"), ReportFixtures.CASSANDRA, "3nodes", 2, 500, 3);

    assertEquals(0, report("-o", tmp.resolve("report").toString(), "--compare", "GridDBClient 3nodes",
        "GridDBClient 5nodes", tmp.resolve("r").toString()), stderr());

    List<String> rows = Arrays.asList(written("comparison.csv").split("\r\n"));
    assertEquals("Figure,GridDBClient 3nodes,GridDBClient 5nodes,GridDBClient 5nodes / GridDBClient 3nodes",
        rows.get(0));
    assertEquals("load throughput (ops/sec),50.0,50.0,1.00", rows.get(1));
    assertTrue(rows.get(2).startsWith("load INSERT average (us),"), rows.get(2));
    String[] avg = rows.get(2).split(",");
    assertEquals(String.format(java.util.Locale.ROOT, "%.2f",
        Double.parseDouble(avg[2]) / Double.parseDouble(avg[1])), avg[3]);
    assertEquals(4, written("throughput.csv").split("\r\n").length);
  }

  @Test
  void should_plot_throughput_against_nodes_when_runs_differ_in_node_count() throws Exception {
    ReportFixtures.campaign(tmp.resolve("r/g3"), ReportFixtures.GRIDDB, "3nodes", 2, 300, 1);
    ReportFixtures.campaign(tmp.resolve("r/g5"), ReportFixtures.GRIDDB, "nodes=5", 1, 300, 2);

    assertEquals(0, report("-o", tmp.resolve("report").toString(), tmp.resolve("r").toString()), stderr());

    String svg = written("charts/scaling.svg");
    assertTrue(svg.contains("Throughput against number of nodes"), "scaling chart title");
    assertTrue(Files.size(tmp.resolve("report/charts/scaling.png")) > 1000);
    assertTrue(written("report.html").contains("src=\"charts/scaling.svg\""));
  }

  @Test
  void should_not_plot_scaling_when_all_runs_have_the_same_size() throws Exception {
    ReportFixtures.twoConfigurations(tmp.resolve("r"));

    assertEquals(0, report("-o", tmp.resolve("report").toString(), tmp.resolve("r").toString()), stderr());

    assertFalse(Files.exists(tmp.resolve("report/charts/scaling.svg")));
    assertTrue(Files.size(tmp.resolve("report/charts/latency-A.png")) > 1000);
  }

  @Test
  void should_warn_in_the_report_when_a_run_was_client_limited() throws Exception {
    ResultDirFixture f = new ResultDirFixture().interval("READ", 5, 6, 7);
    f.clientLimited = true;
    f.healthWarnings.add("client saturated: CPU 97% of 2 cores");
    f.write(tmp.resolve("cfg/run"));

    assertEquals(0, report("-o", tmp.resolve("report").toString(), tmp.resolve("cfg").toString()), stderr());

    String md = written("report.md");
    assertTrue(md.contains("- cfg / A: the client limited this run"), md);
    assertTrue(md.contains("- cfg / A: client saturated: CPU 97% of 2 cores"), md);
    assertTrue(written("runs.csv").contains(",completed,YES"), written("runs.csv"));
    assertTrue(stderr().contains("report: WARNING: cfg / A: the client limited this run"), stderr());
  }

  @Test
  void should_tabulate_each_clients_verdict_and_measures_when_runs_recorded_them() throws Exception {
    ResultDirFixture f = new ResultDirFixture().interval("READ", 5, 6, 7);
    f.cause = "machine";
    f.verdictText = "the machine did not run the client on time: ...";
    f.cpuWaitSec = 1.2;
    f.cpuRunSec = 0.4;
    f.scheduleLagMaxUs = 80_000L;
    f.write(tmp.resolve("cfg/run"));
    ResultDirFixture g = new ResultDirFixture().interval("READ", 5, 6, 7);
    g.workloadName = "workloadb";
    g.cause = "none";
    g.write(tmp.resolve("cfg/run-b"));

    assertEquals(0, report("-o", tmp.resolve("report").toString(), tmp.resolve("cfg").toString()), stderr());

    List<String> rows = Arrays.asList(written("health.csv").split("\r\n"));
    assertEquals("Configuration,Workload,Client,Verdict,Lag p99 (us),CPU wait (s),CPU run (s),Load average,"
        + "Threads busy in calls (%),Service p99.9 (us),Longest call (us),Longest pause (us)", rows.get(0));
    assertTrue(rows.contains("cfg,A,client-1,machine,40000,1.20,0.40,3.50,10.0,1000,2000,3000"), rows.toString());
    assertTrue(rows.contains("cfg,B,client-1,on time,,not measured,,3.50,10.0,1000,2000,3000"), rows.toString());
    assertTrue(written("report.md").contains("Client health: what made operations late"), written("report.md"));
  }

  @Test
  void should_leave_the_health_table_out_when_no_run_recorded_a_verdict() throws Exception {
    new ResultDirFixture().interval("READ", 5, 6, 7).write(tmp.resolve("cfg/run"));
    assertEquals(0, report("-o", tmp.resolve("report").toString(), tmp.resolve("cfg").toString()), stderr());
    assertFalse(Files.exists(tmp.resolve("report/health.csv")));
  }

  @Test
  void should_add_intended_latency_table_and_chart_when_runs_measure_intended_time() throws Exception {
    new ResultDirFixture().interval("READ", 10, 20, 30).interval("Intended-READ", 15, 2000, 40)
        .write(tmp.resolve("cfg/run"));

    assertEquals(0, report("-o", tmp.resolve("report").toString(), tmp.resolve("cfg").toString()), stderr());

    List<String> intended = Arrays.asList(written("latency-intended.csv").split("\r\n"));
    assertEquals(2, intended.size());
    assertTrue(intended.get(1).startsWith("A,READ,cfg,3,0,685.0,"), intended.get(1));
    assertTrue(intended.get(1).endsWith(",2000"), intended.get(1));
    assertTrue(written("charts/latency-intended-A.svg").contains("Intended latency by percentile, workload A"));
    assertEquals(2, written("latency.csv").split("\r\n").length);
  }

  @Test
  void should_write_only_the_selected_formats_when_format_is_given() throws Exception {
    new ResultDirFixture().interval("READ", 5).write(tmp.resolve("cfg/run"));

    assertEquals(0, report("-o", tmp.resolve("report").toString(), "--format", "md",
        tmp.resolve("cfg/run").toString()));

    assertTrue(Files.exists(tmp.resolve("report/report.md")));
    assertFalse(Files.exists(tmp.resolve("report/report.html")));
    assertFalse(Files.exists(tmp.resolve("report/throughput.csv")));
  }

  @Test
  void should_exit_2_with_one_line_when_compare_names_an_unknown_configuration() throws Exception {
    new ResultDirFixture().interval("READ", 5).write(tmp.resolve("cfg/run"));

    assertEquals(2, report("--compare", "cfg", "nope", tmp.resolve("cfg/run").toString()));

    assertEquals("report: no configuration named 'nope'; found: cfg", stderr().trim());
  }

  @Test
  void should_exit_2_when_the_format_is_unknown() {
    assertEquals(2, report("--format", "pdf", "x"));
    assertEquals("report: unknown format 'pdf' (use md, csv, html)", stderr().trim());
  }

  @Test
  void should_exit_2_when_a_directory_holds_no_results() throws Exception {
    Files.createDirectories(tmp.resolve("empty"));
    assertEquals(2, report(tmp.resolve("empty").toString()));
    assertTrue(stderr().startsWith("report: no result directories"), stderr());
  }
}
