package site.ycsb.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bin/ycsb report on a findmax output directory, and the --by-threads table. */
class ReportFindmaxTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int report(String... args) {
    return Report.run(args, new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true));
  }

  private String read(String name) throws Exception {
    return new String(Files.readAllBytes(tmp.resolve("report").resolve(name)), StandardCharsets.UTF_8);
  }

  @Test
  void should_tabulate_every_step_with_intended_figures_when_a_findmax_directory_is_reported() throws Exception {
    Path fm = FindmaxFixture.write(tmp.resolve("fm"), 2000);

    assertEquals(0, report("-o", tmp.resolve("report").toString(), fm.toString()), err.toString());

    List<String> csv = Files.readAllLines(tmp.resolve("report").resolve("findmax-fm.csv"));
    assertEquals(1 + FindmaxFixture.TARGETS.length, csv.size(), csv.toString());
    // step 3 at 1000 ops/s: p99 of the intended latencies the fixture wrote, not of the service time
    long[] intended = new long[200];
    for (int i = 0; i < intended.length; i++) {
      intended[i] = FindmaxFixture.latencyUs(1000, 2000, i);
    }
    long p99 = ResultDirFixture.histogram(intended).getValueAtPercentile(99);
    String step3 = csv.get(3);
    assertTrue(step3.startsWith("3,search,4,1000.0,1000.0,READ,"), step3);
    assertTrue(step3.contains("," + p99 + ","), step3 + " lacks intended p99 " + p99);
    assertTrue(csv.get(4).contains("fail: p99 too high"), csv.get(4));
    assertTrue(read("report.md").contains("highest passing rate " + String.format("%.0f",
        FindmaxFixture.maximum(fm)) + " ops/s"), read("report.md"));
    assertFalse(read("report.md").contains("several results"), "steps are not treated as duplicate runs");
  }

  @Test
  void should_show_an_inconclusive_step_and_the_clients_verdict_when_the_machine_disturbed_a_step() throws Exception {
    Path fm = FindmaxFixture.write(tmp.resolve("fm"), 2000);
    com.fasterxml.jackson.databind.node.ObjectNode root =
        (com.fasterxml.jackson.databind.node.ObjectNode) Json.read(fm.resolve(FindmaxFields.FILE));
    com.fasterxml.jackson.databind.node.ObjectNode step4 = (com.fasterxml.jackson.databind.node.ObjectNode)
        root.path("steps").get(3);
    step4.put("passed", false).put("inconclusive", true).put("reason", "inconclusive: the machine did not run the "
        + "client on time (p99 80.0 ms (bound p99<10ms))").put("cause", "machine")
        .put("measures", "CPU wait 1.20 s (ran 0.40 s), load 9.0 on 2 cores");
    root.put("lowerBound", true).put("ending", "inconclusive at 2000 ops/s: the machine did not run the client on "
        + "time (twice)").put("machineNote", "the machine was busy during step 4");
    Json.write(fm.resolve(FindmaxFields.FILE), root);

    assertEquals(0, report("-o", tmp.resolve("report").toString(), fm.toString()), err.toString());

    List<String> csv = Files.readAllLines(tmp.resolve("report").resolve("findmax-fm.csv"));
    assertTrue(csv.get(0).endsWith(",Verdict,Client: cause of lateness (measures)"), csv.get(0));
    assertTrue(csv.get(4).contains(",inconclusive: the machine did not run the client on time (p99 80.0 ms"),
        csv.get(4));
    assertFalse(csv.get(4).contains("fail:"), "an inconclusive step is not a failure: " + csv.get(4));
    assertTrue(csv.get(4).endsWith(",\"machine (CPU wait 1.20 s (ran 0.40 s), load 9.0 on 2 cores)\""), csv.get(4));
    String md = read("report.md");
    assertTrue(md.contains("(a lower bound: the machine did not run the client on time)"), md);
    assertTrue(md.contains("the machine was busy during step 4"), md);
  }

  @Test
  void should_draw_the_curve_with_the_maximum_and_the_sla_marked_when_a_findmax_directory_is_reported()
      throws Exception {
    Path fm = FindmaxFixture.write(tmp.resolve("fm"), 2000);
    double max = FindmaxFixture.maximum(fm);

    assertEquals(0, report("-o", tmp.resolve("report").toString(), fm.toString()), err.toString());

    String svg = read("charts/findmax-fm.svg");
    assertTrue(svg.contains(String.format("found maximum %.0f ops/s", max)), "maximum marked");
    assertTrue(svg.contains("SLA p99&lt;10ms") || svg.contains("SLA p99<10ms"), "SLA bound drawn");
    assertTrue(svg.contains("READ p99.9"), "p99.9 series in the legend");
    assertTrue(read("report.html").contains("charts/findmax-fm.svg"));
  }

  @Test
  void should_fail_with_one_line_when_findmax_json_is_not_a_findmax_record() throws Exception {
    Path fm = Files.createDirectories(tmp.resolve("bad"));
    Files.write(fm.resolve(FindmaxFields.FILE), "{\"format\":\"other\"}".getBytes(StandardCharsets.UTF_8));

    assertEquals(2, report("-o", tmp.resolve("report").toString(), fm.toString()));
    assertEquals(1, err.toString().trim().split("\n").length, err.toString());
    assertTrue(err.toString().contains("not a findmax record"), err.toString());
  }

  @Test
  void should_refuse_a_step_directory_outside_the_findmax_directory() throws Exception {
    Path fm = FindmaxFixture.write(tmp.resolve("fm"), 2000);
    String json = new String(Files.readAllBytes(fm.resolve(FindmaxFields.FILE)), StandardCharsets.UTF_8);
    Files.write(fm.resolve(FindmaxFields.FILE), json.replace("\"step-01-250\"", "\"../../etc\"")
        .getBytes(StandardCharsets.UTF_8));

    assertEquals(2, report("-o", tmp.resolve("report").toString(), fm.toString()));
    assertTrue(err.toString().contains("outside"), err.toString());
  }

  @Test
  void should_put_load_beside_run_per_thread_count_when_by_threads_is_asked() throws Exception {
    long[][] loadUs = {{100, 200, 300}, {400, 500, 600}};
    for (int t = 0; t < 2; t++) {
      int threads = t == 0 ? 8 : 16;
      ResultDirFixture load = new ResultDirFixture();
      load.phase = "load";
      load.workloadName = "";
      load.threads = threads;
      load.interval("INSERT", loadUs[t]).write(tmp.resolve("runs/load-" + threads));
      ResultDirFixture run = new ResultDirFixture();
      run.threads = threads;
      run.startEpochMs += 60_000;
      run.interval("READ", ResultDirFixture.range(1000 * (t + 1), 2000 * (t + 1), 10))
          .interval("UPDATE", 50 * (t + 1), 70 * (t + 1)).write(tmp.resolve("runs/a-" + threads));
    }

    assertEquals(0, report("--by-threads", "--format", "csv", "-o", tmp.resolve("report").toString(),
        tmp.resolve("runs").toString()), err.toString());

    List<String> csv = Files.readAllLines(tmp.resolve("report").resolve("by-threads.csv"));
    assertEquals("Configuration,Workload,Threads,Load OPS,Load WAVG,Run OPS,Run WAVG,Run RAVG,Run RP95,Run RP99,"
        + "Run RP999,Server CPU %", csv.get(0));
    assertTrue(csv.get(1).endsWith(","), "no database node sampled, no CPU figure: " + csv.get(1));
    assertEquals(3, csv.size(), csv.toString());
    String[] eight = csv.get(1).split(",");
    assertEquals("8", eight[2]);
    assertEquals("0.3", eight[3], "3 inserts in 10 s");
    assertEquals("200.0", eight[4], "load WAVG = INSERT average");
    assertEquals("60.0", eight[6], "run WAVG = UPDATE average");
    long[] reads = ResultDirFixture.range(1000, 2000, 10);
    assertEquals(ReportTables.fixed1(ResultDirFixture.mean(reads)), eight[7]);
    assertEquals(Long.toString(ResultDirFixture.histogram(reads).getValueAtPercentile(99)), eight[9]);
    assertEquals("16", csv.get(2).split(",")[2]);
    assertEquals("500.0", csv.get(2).split(",")[4]);
  }
}
