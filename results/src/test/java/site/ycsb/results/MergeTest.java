package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;
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
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import site.ycsb.output.RecordFiles;

class MergeTest {
  private static final long T0 = 1_790_000_000_000L;

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int merge(String... args) {
    return Merge.run(args, new PrintStream(out, true), new PrintStream(err, true));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  private JsonNode mergedSummary() throws Exception {
    return Json.read(tmp.resolve("merged/summary.json"));
  }

  private static ResultDirFixture client(String host, long start) {
    ResultDirFixture f = new ResultDirFixture();
    f.host = host;
    f.startEpochMs = start;
    return f;
  }

  @Test
  void should_compute_p99_of_the_union_when_clients_have_disjoint_latency_distributions() throws Exception {
    ResultDirFixture a = client("fast", T0);
    ResultDirFixture b = client("slow", T0);
    List<Long> union = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      long[] fast = ResultDirFixture.range(100 + i, 1099 + i, 1);       // 1000 values per interval
      long[] slow = ResultDirFixture.range(10_000 + i, 19_990 + i, 30); // 333 values per interval
      a.interval("READ", fast);
      b.interval("READ", slow);
      LongStream.of(fast).forEach(union::add);
      LongStream.of(slow).forEach(union::add);
    }
    a.write(tmp.resolve("a"));
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()), stderr());

    JsonNode read = mergedSummary().path("measurements").path("READ");
    long mergedP99 = read.path("percentilesUs").path("99").asLong();
    long[] sorted = union.stream().mapToLong(Long::longValue).sorted().toArray();
    long nearestRankP99 = sorted[(int) Math.ceil(0.99 * sorted.length) - 1];
    Histogram unionHistogram = ResultDirFixture.histogram(sorted);
    assertEquals(unionHistogram.getValueAtPercentile(99), mergedP99);
    assertTrue(Math.abs(mergedP99 - nearestRankP99) <= nearestRankP99 / 1000.0,
        "merged p99 " + mergedP99 + " vs exact " + nearestRankP99);
    double averagedP99 = (Json.read(tmp.resolve("a/summary.json")).at("/measurements/READ/percentilesUs/99").asLong()
        + Json.read(tmp.resolve("b/summary.json")).at("/measurements/READ/percentilesUs/99").asLong()) / 2.0;
    assertTrue(Math.abs(mergedP99 - averagedP99) > 1000, "p99 must not be an average of the clients' p99");
    assertEquals(sorted.length, read.path("operations").asLong());
    assertEquals(LongStream.of(sorted).average().getAsDouble(), read.path("averageUs").asDouble(), 1e-6);
    assertEquals(sorted[0], read.path("minUs").asLong());
    assertEquals(sorted[sorted.length - 1], read.path("maxUs").asLong());
    assertEquals(unionHistogram.getValueAtPercentile(50), read.path("percentilesUs").path("50").asLong());
  }

  @Test
  void should_sum_throughput_per_wall_clock_interval_when_clients_start_at_different_times() throws Exception {
    ResultDirFixture a = client("a", T0);
    ResultDirFixture b = client("b", T0 + 6000);
    for (int n : new int[] {100, 200, 300}) {
      a.interval("READ", ResultDirFixture.range(1, n, 1));
      b.interval("READ", ResultDirFixture.range(1, n / 10, 1));
    }
    a.write(tmp.resolve("a"));
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()), stderr());

    List<String[]> overall = Files.readAllLines(tmp.resolve("merged/timeseries.csv")).stream()
        .map(l -> l.split(",", -1)).filter(c -> c[2].equals("OVERALL")).collect(Collectors.toList());
    // b's intervals (6-16 s, 16-26 s, 26-36 s) mostly overlap the next wall-clock interval of a's
    assertEquals(Arrays.asList("100", "210", "320", "30"),
        overall.stream().map(c -> c[3]).collect(Collectors.toList()));
    assertEquals(Arrays.asList("10", "21", "32", "5"), overall.stream().map(c -> c[4]).collect(Collectors.toList()));
    assertEquals(Arrays.asList("10", "20", "30", "36"), overall.stream().map(c -> c[1]).collect(Collectors.toList()));
    JsonNode s = mergedSummary();
    assertEquals(36_000, s.path("runtimeMs").asLong());
    assertEquals(660 * 1000.0 / 36_000, s.path("throughput").asDouble(), 1e-9);
    assertEquals(Arrays.asList("a", "b"), texts(s.path("clients")));
    assertTrue(stderr().contains("overlap only 66.7%"), stderr());
    List<Histogram> reads = HdrLog.readIntervals(tmp.resolve("merged/hdr/READ.hdr"));
    assertEquals(Arrays.asList(100L, 210L, 320L, 30L),
        reads.stream().map(Histogram::getTotalCount).collect(Collectors.toList()));
  }

  @Test
  void should_not_warn_about_overlap_when_clients_ran_the_same_window() throws Exception {
    client("a", T0).interval("READ", 5, 6).write(tmp.resolve("a"));
    client("b", T0 + 100).interval("READ", 5, 6).write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));
    assertFalse(stderr().contains("WARNING"), stderr());
  }

  @Test
  void should_sum_return_counts_and_write_text_output_when_clients_report_errors() throws Exception {
    ResultDirFixture a = client("a", T0).interval("READ", ResultDirFixture.range(10, 100, 10));
    a.otherReturns.computeIfAbsent("READ", k -> new java.util.LinkedHashMap<>()).put("NOT_FOUND", 4L);
    ResultDirFixture b = client("b", T0).interval("READ", ResultDirFixture.range(10, 50, 10));
    b.otherReturns.computeIfAbsent("READ", k -> new java.util.LinkedHashMap<>()).put("NOT_FOUND", 3L);
    a.write(tmp.resolve("a"));
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    JsonNode returns = mergedSummary().at("/measurements/READ/returns");
    assertEquals(15, returns.path("OK").asLong());
    assertEquals(7, returns.path("NOT_FOUND").asLong());
    List<String> text = Files.readAllLines(tmp.resolve("merged/output.txt"));
    assertEquals("[OVERALL], RunTime(ms), 10000", text.get(0));
    assertEquals("[OVERALL], Throughput(ops/sec), 1.5", text.get(1));
    assertTrue(text.contains("[READ], Operations, 15"), text.toString());
    assertTrue(text.contains("[READ], MinLatency(us), 10"), text.toString());
    assertTrue(text.contains("[READ], MaxLatency(us), 100"), text.toString());
    assertTrue(text.contains("[READ], 95thPercentileLatency(us), 100"), text.toString());
    assertTrue(text.contains("[READ], Return=NOT_FOUND, 7"), text.toString());
    assertEquals(String.join("\n", text) + "\n", new String(out.toByteArray(), StandardCharsets.UTF_8));
  }

  @Test
  void should_write_hdr_logs_readable_by_HistogramLogReader_when_merged() throws Exception {
    client("a", T0).interval("UPDATE", 1, 2, 3).interval("UPDATE", 4, 5).write(tmp.resolve("a"));
    client("b", T0).interval("UPDATE", 7).interval("UPDATE", 8, 9, 10, 11).write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    List<Histogram> intervals = HdrLog.readIntervals(tmp.resolve("merged/hdr/UPDATE.hdr"));
    assertEquals(2, intervals.size());
    assertEquals(4, intervals.get(0).getTotalCount());
    assertEquals(6, intervals.get(1).getTotalCount());
    assertEquals(T0 + 10_000, intervals.get(0).getEndTimeStamp());
    assertEquals(T0 + 10_000, intervals.get(1).getStartTimeStamp());
    assertEquals(11, intervals.get(1).getMaxValue());
  }

  @Test
  void should_refuse_with_exit_2_when_workloads_differ() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("READ", 1);
    b.workloadName = "workloadb";
    b.write(tmp.resolve("b"));

    assertEquals(2, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    assertEquals(1, stderr().trim().split("\n").length, stderr());
    assertTrue(stderr().startsWith("merge: refusing to merge: different workloadName: 'workloada'"), stderr());
    assertFalse(Files.exists(tmp.resolve("merged/summary.json")));
  }

  @Test
  void should_refuse_with_exit_2_when_the_same_run_is_given_twice_or_as_a_copy() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    client("b", T0).interval("READ", 1).write(tmp.resolve("b"));
    assertEquals(2, merge("-o", tmp.resolve("m1").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString(), tmp.resolve("a").toString()));
    assertEquals(1, stderr().trim().split("\n").length, stderr());
    assertTrue(stderr().contains("hold the same client run"), stderr());

    // A copy: same summary (same run id, or for older results the same host, times and count) in another place.
    copyTree(tmp.resolve("a"), tmp.resolve("copy-of-a"));
    assertEquals(2, merge("-o", tmp.resolve("m2").toString(), tmp.resolve("a").toString(),
        tmp.resolve("copy-of-a").toString()));
    assertFalse(Files.exists(tmp.resolve("m2/summary.json")));
  }

  private static void copyTree(java.nio.file.Path from, java.nio.file.Path to) throws java.io.IOException {
    try (java.util.stream.Stream<java.nio.file.Path> paths = Files.walk(from)) {
      for (java.nio.file.Path p : (Iterable<java.nio.file.Path>) paths::iterator) {
        Files.copy(p, to.resolve(from.relativize(p).toString()));
      }
    }
  }

  @Test
  void should_refuse_with_exit_2_when_phases_differ() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("INSERT", 1);
    b.phase = "load";
    b.write(tmp.resolve("b"));

    assertEquals(2, merge("-o", tmp.resolve("m").toString(), tmp.resolve("a").toString(), tmp.resolve("b").toString()));
    assertTrue(stderr().contains("different phase"), stderr());
  }

  @Test
  void should_refuse_with_exit_2_when_time_windows_do_not_overlap() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    client("b", T0 + 10_000).interval("READ", 1).write(tmp.resolve("b"));

    assertEquals(2, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    assertEquals(1, stderr().trim().split("\n").length, stderr());
    assertTrue(stderr().contains("time windows do not overlap"), stderr());
  }

  @Test
  void should_warn_in_one_line_each_when_thread_counts_and_versions_differ() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("READ", 1);
    b.threads = 8;
    b.version = "0.9";
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    assertTrue(stderr().contains("merge: WARNING: different thread counts across clients: a=4, b=8\n"), stderr());
    assertTrue(stderr().contains("merge: WARNING: different versions across clients"), stderr());
    assertEquals(12, mergedSummary().path("threads").asLong());
  }

  @Test
  void should_omit_percentiles_and_warn_when_a_client_has_no_hdr_log() throws Exception {
    client("a", T0).interval("READ", 1, 2, 3).write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("READ", 400, 500);
    b.writeHdr = false;
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    JsonNode read = mergedSummary().at("/measurements/READ");
    assertTrue(read.path("percentilesUs").isMissingNode(), read.toString());
    assertEquals(5, read.path("operations").asLong());
    assertEquals(500, read.path("maxUs").asLong());
    assertTrue(stderr().contains("no hdr log for READ from b"), stderr());
  }

  @Test
  void should_carry_max_schedule_lag_but_no_p99_and_limited_hosts_when_clients_have_no_lag_histograms() throws Exception {
    ResultDirFixture a = client("a", T0).interval("READ", 1);
    a.scheduleLagMaxUs = 900L;
    a.write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("READ", 1);
    b.scheduleLagMaxUs = 40_000L;
    b.clientLimited = true;
    b.healthWarnings.add("client saturated: CPU 97%");
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    JsonNode health = mergedSummary().path("health");
    assertEquals(40_000, health.path("scheduleLagMaxUs").asLong());
    assertFalse(health.has("scheduleLagP99Us"), "without lag histograms no merged p99: " + health);
    assertTrue(stderr().contains("no schedule-lag.hdr from a, b: merged schedule-lag p99 omitted"), stderr());
    assertTrue(health.path("clientLimited").asBoolean());
    assertEquals(Arrays.asList("b"), texts(health.path("clientLimitedHosts")));
    assertEquals(Arrays.asList("b: client saturated: CPU 97%"), texts(health.path("warnings")));
  }

  @Test
  void should_keep_each_clients_verdict_and_measures_and_name_the_machine_when_any_client_names_it()
      throws Exception {
    ResultDirFixture a = client("a", T0).interval("READ", 1);
    a.cause = "database";
    a.verdictText = "the database was slow: service p99.9 800 ms, longest call 2.10 s";
    a.cpuWaitSec = 0.2;
    a.cpuRunSec = 1.0;
    a.longestCallUs = 2_100_000;
    a.write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("READ", 1);
    b.cause = "machine";
    b.verdictText = "the machine did not run the client on time: ...";
    b.cpuWaitSec = 1.2;
    b.cpuRunSec = 0.4;
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    JsonNode health = mergedSummary().path("health");
    // one client's machine disturbed the run: the merged run is disturbed, whatever the other says
    assertEquals("machine", health.at("/verdict/cause").asText(), health.toString());
    assertTrue(health.at("/verdict/machineBusy").asBoolean(), health.toString());
    assertEquals(Arrays.asList("b"), texts(health.at("/verdict/hostsByCause/machine")));
    assertEquals(Arrays.asList("a"), texts(health.at("/verdict/hostsByCause/database")));
    assertEquals(1.4, health.at("/causes/cpuWaitSec").asDouble(), 1e-9, "the waits add up");
    assertEquals(2_100_000, health.at("/causes/longestCallUs").asLong(), "the longest call of any client");
    // and each client keeps its own verdict and measures
    JsonNode perClient = health.path("perClient");
    assertEquals("a", perClient.get(0).path("host").asText());
    assertEquals("database", perClient.get(0).at("/verdict/cause").asText());
    assertEquals(a.verdictText, perClient.get(0).at("/verdict/text").asText());
    assertEquals(0.2, perClient.get(0).at("/causes/cpuWaitSec").asDouble(), 1e-9);
    assertEquals("machine", perClient.get(1).at("/verdict/cause").asText());
    assertEquals(1.2, perClient.get(1).at("/causes/cpuWaitSec").asDouble(), 1e-9);
  }

  @Test
  void should_leave_the_summed_cpu_wait_out_when_a_client_could_not_measure_it() throws Exception {
    ResultDirFixture a = client("a", T0).interval("READ", 1);
    a.cause = "none";
    a.cpuWaitSec = 0.5;
    a.cpuRunSec = 1.0;
    a.write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("READ", 1);
    b.cause = "none";
    b.write(tmp.resolve("b"));
    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));
    JsonNode causes = mergedSummary().at("/health/causes");
    assertFalse(causes.path("cpuWaitMeasured").asBoolean(), causes.toString());
    assertTrue(causes.path("cpuWaitSec").isNull(), "a sum over some clients would understate it: " + causes);
    assertEquals("none", mergedSummary().at("/health/verdict/cause").asText());
  }

  @Test
  void should_take_the_schedule_lag_p99_from_the_merged_histogram_not_the_largest_client_p99() throws Exception {
    // a: 9,900 operations 100 us late; b: 100 operations 50 ms late. b's own p99 is 50 ms, the union's is 100 us.
    long[] onTime = new long[9_900];
    java.util.Arrays.fill(onTime, 100);
    long[] late = new long[100];
    java.util.Arrays.fill(late, 50_000);
    ResultDirFixture a = client("a", T0).interval("READ", 1);
    a.scheduleLags = onTime;
    a.write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("READ", 1);
    b.scheduleLags = late;
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()), stderr());

    Histogram union = ResultDirFixture.histogram(LongStream.concat(LongStream.of(onTime), LongStream.of(late))
        .toArray());
    JsonNode health = mergedSummary().path("health");
    assertEquals(union.getValueAtPercentile(99), health.path("scheduleLagP99Us").asLong());
    assertTrue(health.path("scheduleLagP99Us").asLong() < 200, health.toString());
    assertEquals(union.getMaxValue(), health.path("scheduleLagMaxUs").asLong());
    // the merged log is written, so that merged directories merge again
    Histogram merged = HdrLog.readTotal(tmp.resolve("merged").resolve(RecordFiles.SCHEDULE_LAG));
    assertEquals(10_000, merged.getTotalCount());
    assertEquals(union.getValueAtPercentile(99), merged.getValueAtPercentile(99));
  }

  @Test
  void should_sum_latencies_above_an_hour_and_print_them_when_clients_clamped_some() throws Exception {
    for (String host : new String[] {"a", "b"}) {
      client(host, T0).interval("READ", 1, 2, 3).write(tmp.resolve(host));
      Path summary = tmp.resolve(host).resolve("summary.json");
      com.fasterxml.jackson.databind.node.ObjectNode s = (com.fasterxml.jackson.databind.node.ObjectNode) Json.read(
          summary);
      ((com.fasterxml.jackson.databind.node.ObjectNode) s.path("measurements").path("READ"))
          .put("clampedAbove1h", "a".equals(host) ? 2 : 3);
      Json.write(summary, s);
    }
    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()), stderr());
    assertEquals(5, mergedSummary().path("measurements").path("READ").path("clampedAbove1h").asLong());
    String text = new String(Files.readAllBytes(tmp.resolve("merged/output.txt")), StandardCharsets.UTF_8);
    assertTrue(text.contains("[READ], LatenciesAbove1h(recordedAs1h), 5\n"), text);
  }

  @Test
  void should_warn_and_carry_the_exit_status_when_a_client_did_not_complete() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("READ", 1);
    b.exitCode = 1;
    b.exitReason = "thread-failure";
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    assertTrue(stderr().contains("merge: WARNING: b did not complete: exit code 1 (thread-failure)"), stderr());
    JsonNode s = mergedSummary();
    assertEquals(1, s.path("exitCode").asInt());
    assertEquals("a: completed; b: thread-failure", s.path("exitReason").asText());
  }

  @Test
  void should_mark_the_merged_run_interrupted_when_a_client_was_interrupted() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    ResultDirFixture b = client("b", T0).interval("READ", 1);
    b.exitCode = 130;
    b.exitReason = "interrupted by SIGINT";
    b.interruptedBy = "SIGINT";
    b.unfinishedOps = 3;
    b.lostOps = 2;
    b.write(tmp.resolve("b"));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    assertTrue(stderr().contains("merge: WARNING: b did not complete: exit code 130"), stderr());
    JsonNode s = mergedSummary();
    assertTrue(s.path("interrupted").asBoolean(), s.toString());
    assertEquals("SIGINT", s.path("interruptedBy").asText());
    assertEquals(130, s.path("exitCode").asInt());
    assertEquals(3, s.path("unfinishedOperations").asLong(), s.toString());
    assertEquals(2, s.path("lostOperations").asLong(), s.toString());
  }

  @Test
  void should_not_mark_the_merged_run_interrupted_when_every_client_completed() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    client("b", T0).interval("READ", 1).write(tmp.resolve("b"));
    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));
    JsonNode s = mergedSummary();
    assertFalse(s.path("interrupted").asBoolean(true), s.toString());
    assertTrue(s.get("interruptedBy").isNull(), s.toString());
  }

  @Test
  void should_list_every_original_client_when_merged_directories_are_merged_again() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    client("b", T0).interval("READ", 2).write(tmp.resolve("b"));
    client("c", T0).interval("READ", 3).write(tmp.resolve("c"));
    assertEquals(0, merge("-o", tmp.resolve("ab").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString()));

    assertEquals(0, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("ab").toString(),
        tmp.resolve("c").toString()), stderr());

    JsonNode s = mergedSummary();
    assertEquals(Arrays.asList("a", "b", "c"), texts(s.path("clients")));
    assertEquals(3, s.at("/measurements/READ/operations").asLong());
    assertEquals(3, s.at("/measurements/READ/maxUs").asLong());
  }

  @Test
  void should_fail_with_one_line_when_a_directory_is_not_a_result_directory() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    Files.createDirectories(tmp.resolve("empty"));

    assertEquals(2, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString(),
        tmp.resolve("empty").toString()));

    assertEquals("merge: not a result directory (no summary.json): " + tmp.resolve("empty"), stderr().trim());
  }

  @Test
  void should_refuse_when_the_output_directory_is_not_empty() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    Files.createDirectories(tmp.resolve("merged"));
    Files.write(tmp.resolve("merged/keep.txt"), new byte[] {1});

    assertEquals(2, merge("-o", tmp.resolve("merged").toString(), tmp.resolve("a").toString()));
    assertTrue(stderr().contains("is not empty"), stderr());
  }

  @Test
  void should_refuse_and_write_nothing_when_the_output_directory_is_inside_an_input() throws Exception {
    client("a", T0).interval("READ", 1).write(tmp.resolve("a"));
    client("b", T0).interval("READ", 2).write(tmp.resolve("b"));
    for (String out : new String[] {"a/merged", "b/x/../merged", "a/hdr/merged"}) {
      assertEquals(2, merge("-o", tmp.resolve(out).toString(), tmp.resolve("a").toString(),
          tmp.resolve("b").toString()), stderr());
      assertTrue(stderr().contains("is inside the input"), stderr());
      assertFalse(Files.exists(tmp.resolve(out).normalize()), out + " was written");
    }
  }

  @Test
  void should_print_usage_and_exit_2_when_no_directory_is_given() {
    assertEquals(2, merge("-o", "x"));
    assertTrue(stderr().contains("usage: ycsb merge"), stderr());
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
