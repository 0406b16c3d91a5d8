package site.ycsb.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The phase's figures of a node and the verdicts that name it when it was the limit. */
class NodeSummaryTest {
  private static List<NodeRates> rows(double[] cpu, double[] machine, double[] disk) {
    List<NodeRates> rows = new ArrayList<>();
    for (int i = 0; i < cpu.length; i++) {
      NodeRates r = new NodeRates();
      r.epochMs = 1000L * (i + 1);
      r.intervalSec = 1;
      r.cpuPct = cpu[i];
      r.machineCpuPct = machine[i];
      r.diskBusyPct = disk[i];
      r.iowaitPct = 1;
      r.stealPct = 0;
      rows.add(r);
    }
    return rows;
  }

  private static double[] times(double v, int n) {
    double[] a = new double[n];
    java.util.Arrays.fill(a, v);
    return a;
  }

  @Test
  void should_name_the_node_and_the_share_of_the_phase_when_its_cpu_was_saturated() {
    // 8 of 10 samples at 98%, 2 at 50%
    double[] cpu = {98, 98, 98, 98, 50, 98, 98, 98, 98, 50};
    NodeSummary s = NodeSummary.of(new NodeInfo("127.0.0.2", "ssh 127.0.0.2", false, 4),
        rows(cpu, cpu, times(10, 10)), 0, 10_000);
    assertEquals(10, s.samples);
    assertEquals(88.4, s.cpuMeanPct(), 1e-9);
    List<String> v = s.verdicts();
    assertEquals(1, v.size(), v.toString());
    assertTrue(v.get(0).startsWith("database node 127.0.0.2 at 98% CPU (at least 90%) for 80% of the phase"), v.get(0));
  }

  @Test
  void should_say_nothing_when_the_node_had_room() {
    double[] cpu = {95, 95, 95, 40, 40, 40, 40, 40, 40, 40};
    NodeSummary s = NodeSummary.of(new NodeInfo("db1", "ssh db1", false, 4), rows(cpu, cpu, times(30, 10)), 0,
        10_000);
    assertTrue(s.verdicts().isEmpty(), s.verdicts().toString());
  }

  @Test
  void should_name_a_busy_disk() {
    double[] cpu = times(20, 4);
    NodeSummary s = NodeSummary.of(new NodeInfo("db1", "ssh db1", false, 4), rows(cpu, cpu, times(100, 4)), 0,
        4000);
    assertEquals(1, s.verdicts().size());
    assertTrue(s.verdicts().get(0).startsWith("database node db1: disk busy 100% (at least 90%) for 100% of the "
        + "phase"), s.verdicts().get(0));
  }

  @Test
  void should_name_the_shared_machine_not_the_database_when_a_local_servers_machine_was_saturated() {
    NodeSummary s = NodeSummary.of(new NodeInfo("127.0.0.1", "local process 7", true, 2),
        rows(times(55, 6), times(97, 6), times(0, 6)), 0, 6000);
    List<String> v = s.verdicts();
    assertEquals(1, v.size(), v.toString());
    assertTrue(v.get(0).contains("local database node 127.0.0.1: its machine, shared with the client, was at 90% CPU"
        + " or more for 100% of the phase (mean 97%; the server's own process 55%)"), v.get(0));
  }

  @Test
  void should_take_only_the_samples_of_the_measured_window() {
    double[] cpu = {100, 100, 10, 10, 10, 100};
    // window 2.5 s .. 5.5 s: samples 3..6 (2-3 s .. 5-6 s), the first and last half in it, so weighted by half
    NodeSummary s = NodeSummary.of(new NodeInfo("n", "ssh n", false, 1), rows(cpu, cpu, times(0, 6)), 2500, 5500);
    assertEquals(4, s.samples);
    assertEquals((0.5 * 10 + 10 + 10 + 0.5 * 100) / 3, s.cpuMeanPct(), 1e-9);
    // less than half of a sample in the window: not taken (1.6 s .. 5.4 s: samples 3..5, not 2 and 6)
    assertEquals(3, NodeSummary.of(new NodeInfo("n", "ssh n", false, 1), rows(cpu, cpu, times(0, 6)), 1600, 5400)
        .samples);
    assertEquals(0, NodeSummary.of(new NodeInfo("n", "ssh n", false, 1), rows(cpu, cpu, times(0, 6)), 8000, 9000)
        .samples);
  }

  @Test
  void should_take_the_sample_that_covers_most_of_a_window_when_the_window_is_shorter_than_the_interval() {
    double[] cpu = {100, 100, 10, 20, 30, 100};
    // 2.9 s .. 3.3 s: 0.1 s of sample 3 (2-3 s), 0.3 s of sample 4 (3-4 s)
    NodeSummary s = NodeSummary.of(new NodeInfo("n", "ssh n", false, 1), rows(cpu, cpu, times(0, 6)), 2900, 3300);
    assertEquals(1, s.samples);
    assertEquals(20, s.cpuMeanPct(), 1e-9);
    // 2.8 s .. 3.2 s: as much of each
    NodeSummary both = NodeSummary.of(new NodeInfo("n", "ssh n", false, 1), rows(cpu, cpu, times(0, 6)), 2800, 3200);
    assertEquals(2, both.samples);
    assertEquals(15, both.cpuMeanPct(), 1e-9);
  }

  @Test
  void should_write_the_figures_and_problems_as_json() {
    NodeInfo info = new NodeInfo("127.0.0.2", "ssh x@127.0.0.2:22", false, 2);
    info.problem("127.0.0.2 stopped answering at 10:00:00 UTC");
    double[] cpu = {50, 70};
    String json = NodeSummary.of(info, rows(cpu, cpu, times(5, 2)), 0, 2000).json();
    assertTrue(json.contains("\"node\": \"127.0.0.2\""), json);
    assertTrue(json.contains("\"file\": \"server-127.0.0.2.csv\""), json);
    assertTrue(json.contains("\"cpuMeanPct\": 60.0") || json.contains("\"cpuMeanPct\": 60"), json);
    assertTrue(json.contains("\"cpuMaxPct\": 70"), json);
    assertTrue(json.contains("\"problems\": [\"127.0.0.2 stopped answering at 10:00:00 UTC\"]"), json);
  }
}
