package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database nodes in merged and reported results: merge keeps each node once (clients of a phase sample the same
 * nodes: nothing is added up), a node sampled by the tools is attached to a phase, and the report shows a table, the
 * CPU chart after the throughput chart, the verdicts, and the nodes' CPU in the by-threads table.
 */
class DatabaseNodesTest {
  private static ResultDirFixture client(String host) {
    ResultDirFixture f = new ResultDirFixture();
    f.host = host;
    f.intervalSec = 1;
    for (int i = 0; i < 10; i++) {
      f.interval("READ", 100, 200, 300);
    }
    return f;
  }

  private static JsonNode node(JsonNode summary, String name) {
    for (JsonNode n : summary.path("databaseNodes").path("nodes")) {
      if (n.path("node").asText().equals(name)) {
        return n;
      }
    }
    return null;
  }

  private static int merge(Path out, Path... dirs) {
    String[] args = new String[dirs.length + 2];
    args[0] = "-o";
    args[1] = out.toString();
    for (int i = 0; i < dirs.length; i++) {
      args[i + 2] = dirs[i].toString();
    }
    return Merge.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream()));
  }

  @Test
  void should_keep_each_node_once_and_not_add_up_the_clients_when_merging(@TempDir Path tmp) throws Exception {
    Path c1 = tmp.resolve("c1");
    Path c2 = tmp.resolve("c2");
    client("client-1").write(c1);
    client("client-2").write(c2);
    NodeFixture.add(c1, "127.0.0.1", true, 5, NodeFixture.times(50, 10));
    NodeFixture.add(c2, "127.0.0.1", true, 5, NodeFixture.times(90, 5));
    NodeFixture.add(c2, "127.0.0.2", false, 5, NodeFixture.times(20, 10));
    Path merged = tmp.resolve("merged");
    assertEquals(0, merge(merged, c1, c2));
    JsonNode s = ResultDir.load(merged).summary();
    assertEquals(2, s.path("databaseNodes").path("nodes").size(), s.path("databaseNodes").toString());
    JsonNode n1 = node(s, "127.0.0.1");
    assertEquals(10, n1.path("samples").asInt(), "the client that sampled it longest");
    assertEquals(50.0, n1.path("cpuMeanPct").asDouble(), 1e-9, "one client's view, not a sum of two");
    assertEquals(20.0, node(s, "127.0.0.2").path("cpuMeanPct").asDouble(), 1e-9);
    assertEquals(Files.readAllLines(c1.resolve("server-127.0.0.1.csv")),
        Files.readAllLines(merged.resolve("server-127.0.0.1.csv")));
    assertTrue(Files.isRegularFile(merged.resolve("server-127.0.0.2.csv")));
    Path plain = tmp.resolve("plain");
    assertEquals(0, merge(plain, tmp.resolve("c3"), tmp.resolve("c4")) == 0 ? 1 : 0, "no inputs, no merge");
  }

  @Test
  void should_let_the_attached_nodes_win_and_name_a_saturated_node(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("phase");
    client("client-1").write(dir);
    NodeFixture.add(dir, "127.0.0.1", true, 5, NodeFixture.times(30, 10));
    NodeFixture.add(dir, "127.0.0.1", false, 5, NodeFixture.times(60, 10));
    NodeFixture.add(dir, "127.0.0.9", false, 100, 98, 98, 98, 98, 98, 98, 98, 98, 40, 40);
    JsonNode s = ResultDir.load(dir).summary();
    assertEquals(2, s.path("databaseNodes").path("nodes").size());
    assertEquals(60.0, node(s, "127.0.0.1").path("cpuMeanPct").asDouble(), 1e-9);
    assertFalse(node(s, "127.0.0.1").path("local").asBoolean());
    List<String> verdicts = new java.util.ArrayList<>();
    s.path("databaseNodes").path("verdicts").forEach(v -> verdicts.add(v.asText()));
    assertEquals(2, verdicts.size(), verdicts.toString());
    assertTrue(verdicts.get(0).startsWith("database node 127.0.0.9 at 98% CPU (at least 90%) for 80% of the phase"),
        verdicts.get(0));
    assertTrue(verdicts.get(1).startsWith("database node 127.0.0.9: disk busy 100% (at least 90%) for 100% of the "
        + "phase"), verdicts.get(1));
  }

  @Test
  void should_report_a_table_the_cpu_chart_after_the_throughput_chart_and_the_verdicts(@TempDir Path tmp)
      throws Exception {
    Path dir = tmp.resolve("cfg/workloada");
    client("client-1").write(dir);
    NodeFixture.add(dir, "127.0.0.2", false, 5, 95, 95, 95, 95, 95, 95, 95, 95, 95, 95);
    NodeFixture.add(dir, "127.0.0.3", false, 5, NodeFixture.times(40, 10));
    Path out = tmp.resolve("report");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertEquals(0, Report.run(new String[] {"-o", out.toString(), tmp.resolve("cfg").toString()},
        new PrintStream(new ByteArrayOutputStream()), new PrintStream(err)));
    List<String> csv = Files.readAllLines(out.resolve("database-nodes.csv"), StandardCharsets.UTF_8);
    assertEquals(3, csv.size(), csv.toString());
    assertTrue(csv.get(1).startsWith("A,cfg,127.0.0.2,10,95.0,95.0,0.5,2.0,1.0,5.0,3.0,4.0,4000.0"), csv.get(1));
    assertTrue(Files.isRegularFile(out.resolve("charts/nodes-cpu-A.svg")));
    String md = new String(Files.readAllBytes(out.resolve("report.md")), StandardCharsets.UTF_8);
    int throughput = md.indexOf("charts/throughput-A.png");
    int cpu = md.indexOf("charts/nodes-cpu-A.png");
    int latency = md.indexOf("charts/latency-A.png");
    assertTrue(throughput > 0 && cpu > throughput && (latency < 0 || latency > cpu), md);
    String warnings = new String(err.toByteArray(), StandardCharsets.UTF_8);
    assertTrue(warnings.contains("cfg / A: database node 127.0.0.2 at 95% CPU (at least 90%) for 100% of the phase"),
        warnings);
    assertFalse(warnings.contains("127.0.0.3 at"), warnings);

    Path threads = tmp.resolve("threads");
    assertEquals(0, Report.run(new String[] {"--by-threads", "--format", "csv", "-o", threads.toString(),
        tmp.resolve("cfg").toString()}, new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(new ByteArrayOutputStream())));
    List<String> table = Files.readAllLines(threads.resolve("by-threads.csv"), StandardCharsets.UTF_8);
    assertTrue(table.get(0).endsWith("Run RP999,Server CPU %"), table.get(0));
    assertTrue(table.get(1).endsWith(",67.5"), "mean of 95 and 40: " + table.get(1));
  }
}
