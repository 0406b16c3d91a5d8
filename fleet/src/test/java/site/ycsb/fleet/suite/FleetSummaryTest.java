package site.ycsb.fleet.suite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import site.ycsb.fleet.ssh.ClockCheck;

/**
 * The fleet's clock readings and start skew in the suite's summaries (suite-summary.md and suite-summary.json),
 * with a phase runner double that writes what a fleet phase writes beside its merged result.
 */
class FleetSummaryTest {
  @TempDir
  Path tmp;

  /** Writes each phase's throughput and a fleet record with the given clock readings. */
  private static final class RecordingRunner implements PhaseRunner {
    @Override
    public void prepare(List<Phase> phases) {
    }

    @Override
    public PhaseOutcome run(Phase phase, int repeat, Path dir) throws java.io.IOException {
      Files.write(dir.resolve("output.txt"), Arrays.asList("[OVERALL], RunTime(ms), 1000",
          "[OVERALL], Throughput(ops/sec), 100"));
      FleetPhaseRecord r = new FleetPhaseRecord(phase.name(), repeat, 50, 1000);
      r.clock("c1", ClockCheck.Reading.measured(3, 1), ClockCheck.Verdict.OK);
      r.clock("c2", ClockCheck.Reading.measured(-120, 2), ClockCheck.Verdict.WARNING);
      r.clock("c3", ClockCheck.Reading.unknown("no answer within 120 s"), ClockCheck.Verdict.UNKNOWN);
      r.write(dir);
      return PhaseOutcome.ok();
    }
  }

  @Test
  void should_record_every_client_clock_and_name_the_flagged_ones_when_a_fleet_suite_ends() throws Exception {
    PrintStream err = new PrintStream(new ByteArrayOutputStream(), true);
    int code = new SuiteRunner("fleet", Phase.parseList("load,c", null), 1, tmp, null, null, new RecordingRunner(),
        null, err).run();
    assertEquals(0, code);
    String md = new String(Files.readAllBytes(tmp.resolve("suite-summary.md")), StandardCharsets.UTF_8);
    assertTrue(md.contains("## Fleet: start skew and client clocks"), md);
    assertTrue(md.contains("| load | 1 | 0 | ? | ? | -120 ms (± 2 ms), c2 | c2 warning; c3 unknown |"), md);
    assertTrue(md.contains("| workloadc | 1 |"), md);
    JsonNode json = new ObjectMapper().readTree(tmp.resolve(SuiteSummaryJson.FILE).toFile());
    assertEquals(2, json.path("phases").size());
    JsonNode load = json.path("phases").get(0);
    assertEquals("load", load.path("phase").asText());
    assertEquals("1/load", load.path("dir").asText());
    assertTrue(load.path("throughput").isNull(), "the double writes no summary.json: " + load);
    JsonNode clients = load.path("fleet").path("clients");
    assertEquals(3, clients.path("c1").path("clock").path("offsetMs").asLong());
    assertEquals(-120, clients.path("c2").path("clock").path("offsetMs").asLong());
    assertEquals("warning", clients.path("c2").path("clock").path("verdict").asText());
    assertEquals("no answer within 120 s", clients.path("c3").path("clock").path("problem").asText());
    assertEquals(1000, load.path("fleet").path("clockBoundsMs").path("refuse").asLong());
  }

  @Test
  void should_write_no_fleet_section_but_the_json_summary_when_the_suite_runs_on_one_machine() throws Exception {
    PhaseRunner local = new PhaseRunner() {
      @Override
      public void prepare(List<Phase> phases) {
      }

      @Override
      public PhaseOutcome run(Phase phase, int repeat, Path dir) throws java.io.IOException {
        Files.write(dir.resolve("output.txt"), Arrays.asList("[OVERALL], Throughput(ops/sec), 7"));
        return PhaseOutcome.ok();
      }
    };
    PrintStream err = new PrintStream(new ByteArrayOutputStream(), true);
    assertEquals(0, new SuiteRunner("suite", Phase.parseList("a", null), 2, tmp, null, null, local, null, err).run());
    String md = new String(Files.readAllBytes(tmp.resolve("suite-summary.md")), StandardCharsets.UTF_8);
    assertFalse(md.contains("Fleet"), md);
    JsonNode json = new ObjectMapper().readTree(tmp.resolve(SuiteSummaryJson.FILE).toFile());
    assertEquals(2, json.path("phases").size());
    assertEquals(2, json.path("phases").get(1).path("repeat").asInt());
    assertTrue(json.path("phases").get(1).path("fleet").isMissingNode());
  }
}
