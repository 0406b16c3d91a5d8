package site.ycsb.fleet.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.fleet.EngineRecord;

/**
 * The suite's readers of a phase's record (the throughput table, the clients' verdicts, the fleet phase's start
 * times, the database nodes' table) on a record the real engine wrote: each finds the figure the engine's writer
 * wrote. The expected figures are read from summary.json by the names its format documents.
 */
class EngineRecordReadersTest {
  @TempDir
  static Path tmp;
  /** {@code <out>/<repeat>/<phase>}, as the suite lays out its phases. */
  private static Path phase;
  private static JsonNode written;

  @BeforeAll
  static void run() throws Exception {
    phase = EngineRecord.write(tmp.resolve("1").resolve("run"));
    written = new ObjectMapper().readTree(phase.resolve("summary.json").toFile());
  }

  @Test
  void should_read_the_engines_throughput_when_the_suite_tabulates_a_phase() {
    double throughput = written.path("throughput").asDouble();
    assertTrue(throughput > 0, written.toString());
    assertEquals(throughput, SuiteTable.throughput(phase), 0.0);
    SuiteTable table = SuiteTable.read(Collections.singletonList(phase));
    assertEquals(throughput, table.median("run"), 0.0);
  }

  @Test
  void should_read_the_engines_verdict_and_measures_when_the_suite_lists_the_clients_verdicts() {
    List<ClientVerdicts.Verdict> verdicts = ClientVerdicts.of(phase);
    assertEquals(1, verdicts.size(), verdicts.toString());
    ClientVerdicts.Verdict v = verdicts.get(0);
    assertEquals(written.path("host").asText(), v.host);
    String cause = written.path("health").path("verdict").path("cause").asText();
    assertFalse(cause.isEmpty(), written.toString());
    assertEquals(cause, v.cause);
    JsonNode causes = written.path("health").path("causes");
    assertTrue(causes.path("loadAverage").isNumber() || causes.path("cpuWaitSec").isNumber()
        || causes.has("cpuWaitMeasured"), causes.toString());
    assertFalse(v.measures.isEmpty(), "measures read from " + causes);
    String table = SuiteTable.read(Collections.singletonList(phase)).verdictsMarkdown();
    assertTrue(table.contains("| run | 1 | " + v.host + " | "), table);
  }

  @Test
  void should_take_the_schedules_opening_from_the_engines_warm_up_when_a_fleet_phase_records_a_client()
      throws Exception {
    long start = written.path("startEpochMs").asLong();
    long warmup = written.path("warmup").path("durationMs").asLong();
    assertTrue(start > 0 && warmup > 0, written.toString());
    FleetPhaseRecord record = new FleetPhaseRecord("run", 1, 100, 1000);
    record.completed("c1", phase);
    Path dir = Files.createDirectories(tmp.resolve("fleet-phase"));
    record.write(dir);
    JsonNode client = FleetPhaseRecord.read(dir).path("clients").path("c1");
    assertTrue(client.path("completed").asBoolean(), client.toString());
    assertEquals(start, client.path("measurementStartEpochMs").asLong(), client.toString());
    assertEquals(start - warmup, client.path("scheduleOpenedEpochMs").asLong(), client.toString());
    assertEquals(Long.valueOf(0), record.startSkewMs());
  }

  @Test
  void should_show_the_sampled_nodes_figures_when_the_suite_tabulates_the_database_nodes() {
    Assumptions.assumeTrue(EngineRecord.canSampleNodes(), "the engine samples nodes on Linux only");
    JsonNode node = written.path("databaseNodes").path("nodes").path(0);
    assertEquals("127.0.0.1", node.path("node").asText(), written.toString());
    assertTrue(node.path("cpuMeanPct").isNumber(), node.toString());
    String md = DatabaseNodeTable.markdown(Collections.singletonList(phase));
    assertTrue(md.matches("(?s).*\\| run \\| 1 \\| 127\\.0\\.0\\.1 \\| [0-9]+\\.[0-9] \\| [0-9]+\\.[0-9] \\|.*"), md);
  }
}
