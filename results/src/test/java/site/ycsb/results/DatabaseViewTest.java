package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database's own view of its nodes (summary.json's databaseView) in merged and reported results: merge keeps each
 * node once, from the client that sampled it most (never a sum over clients), and the report shows a table of it.
 */
class DatabaseViewTest {
  private static Path client(Path dir, String host, String verdict, Object... nodeSamplesPending) throws Exception {
    ResultDirFixture f = new ResultDirFixture();
    f.host = host;
    f.intervalSec = 1;
    for (int i = 0; i < 5; i++) {
      f.interval("READ", 100, 200, 300);
    }
    f.write(dir);
    Path file = dir.resolve(site.ycsb.output.RecordFiles.SUMMARY);
    ObjectNode summary = (ObjectNode) Json.MAPPER.readTree(file.toFile());
    ObjectNode view = summary.putObject(DatabaseViewSection.SECTION);
    ArrayNode nodes = view.putArray("nodes");
    for (int i = 0; i < nodeSamplesPending.length; i += 3) {
      ObjectNode n = nodes.addObject();
      n.put("node", (String) nodeSamplesPending[i]).put("binding", "cassandra")
          .put("source", "system_views.thread_pools").put("samples", (Integer) nodeSamplesPending[i + 1]);
      ObjectNode figures = n.putObject("figures");
      figures.putObject("ReadStage pending").put("mean", (Double) nodeSamplesPending[i + 2])
          .put("max", 2 * (Double) nodeSamplesPending[i + 2]);
      figures.putObject("ReadStage completed/s").put("mean", 1000.0).put("max", 1500.0);
    }
    ArrayNode verdicts = view.putArray("verdicts");
    if (verdict != null) {
      verdicts.add(verdict);
    }
    Json.write(file, summary);
    return dir;
  }

  private static JsonNode node(JsonNode summary, String name) {
    for (JsonNode n : summary.path(DatabaseViewSection.SECTION).path("nodes")) {
      if (n.path("node").asText().equals(name)) {
        return n;
      }
    }
    return null;
  }

  @Test
  void should_keep_each_node_once_from_the_client_that_sampled_it_most_when_merging(@TempDir Path tmp)
      throws Exception {
    Path c1 = client(tmp.resolve("c1"), "client-1", "held back on a", "a:9042", 10, 5.0, "b:9042", 3, 0.5);
    Path c2 = client(tmp.resolve("c2"), "client-2", "held back on b", "a:9042", 4, 99.0, "b:9042", 8, 7.0);
    Path c3 = client(tmp.resolve("c3"), "client-3", "never taken", "a:9042", 2, 1.0);
    Path merged = tmp.resolve("merged");
    assertEquals(0, Merge.run(new String[] {"-o", merged.toString(), c1.toString(), c2.toString(), c3.toString()},
        new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream())));
    JsonNode s = ResultDir.load(merged).summary();
    assertEquals(2, s.path(DatabaseViewSection.SECTION).path("nodes").size(), s.toString());
    JsonNode a = node(s, "a:9042");
    assertEquals(10, a.path("samples").asInt());
    assertEquals(5.0, a.path("figures").path("ReadStage pending").path("mean").asDouble(), 1e-9,
        "one client's view, not a sum");
    assertEquals(1000.0, a.path("figures").path("ReadStage completed/s").path("mean").asDouble(), 1e-9,
        "a node's rate is not added up over the clients that saw it");
    assertEquals(7.0, node(s, "b:9042").path("figures").path("ReadStage pending").path("mean").asDouble(), 1e-9);
    List<String> verdicts = new java.util.ArrayList<>();
    s.path(DatabaseViewSection.SECTION).path("verdicts").forEach(v -> verdicts.add(v.asText()));
    assertEquals(java.util.Arrays.asList("held back on a", "held back on b"), verdicts);
  }

  @Test
  void should_write_no_section_when_no_client_had_one(@TempDir Path tmp) throws Exception {
    ResultDirFixture f = new ResultDirFixture();
    f.interval("READ", 100, 200, 300);
    f.write(tmp.resolve("c1"));
    f.host = "client-2";
    f.write(tmp.resolve("c2"));
    Path merged = tmp.resolve("merged");
    assertEquals(0, Merge.run(new String[] {"-o", merged.toString(), tmp.resolve("c1").toString(),
        tmp.resolve("c2").toString()}, new PrintStream(new ByteArrayOutputStream()),
        new PrintStream(new ByteArrayOutputStream())));
    assertFalse(ResultDir.load(merged).summary().has(DatabaseViewSection.SECTION));
  }

  @Test
  void should_show_a_row_per_node_and_figure_when_reporting(@TempDir Path tmp) throws Exception {
    client(tmp.resolve("cfg/workloada"), "client-1", null, "127.0.0.2:9042", 10, 5.0, "127.0.0.3:9042", 9, 0.25);
    Path out = tmp.resolve("report");
    assertEquals(0, Report.run(new String[] {"-o", out.toString(), tmp.resolve("cfg").toString()},
        new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream())));
    List<String> csv = Files.readAllLines(out.resolve("database-view.csv"), StandardCharsets.UTF_8);
    assertEquals("Workload,Configuration,Node,Source,Samples,Figure,Mean,Max", csv.get(0));
    assertEquals(5, csv.size(), csv.toString());
    assertEquals("A,cfg,127.0.0.2:9042,\"cassandra, system_views.thread_pools\",10,ReadStage pending,5.0,10.0",
        csv.get(1));
    assertEquals("A,cfg,127.0.0.3:9042,\"cassandra, system_views.thread_pools\",9,ReadStage completed/s,1000.0,"
        + "1500.0", csv.get(4));
    String md = new String(Files.readAllBytes(out.resolve("report.md")), StandardCharsets.UTF_8);
    assertTrue(md.contains("The database's own view of its nodes"), md);
  }
}
