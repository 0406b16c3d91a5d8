package site.ycsb.fleet.findmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.fleet.EngineRecord;

/** How a step is read back from its result directory (hand-made, and one the real engine wrote). */
class FindmaxStepRunnerTest {
  @Test
  void should_count_only_failed_statuses_as_failed_operations_when_inserts_were_batched(@TempDir Path dir)
      throws Exception {
    // summary.json as the engine writes it (ResultsWriter): the figures of output.txt, by measurement
    Files.write(dir.resolve("summary.json"), Arrays.asList("{",
        "  \"format\": \"ycsb-result/1\", \"phase\": \"run\", \"startEpochMs\": 1000, \"endEpochMs\": 11000,",
        "  \"runtimeMs\": 10000, \"operations\": 995, \"throughput\": 99.5,",
        "  \"health\": {\"clientLimited\": false},",
        "  \"measurements\": {",
        "    \"INSERT\": {\"kind\": \"service\", \"operations\": 600, \"averageUs\": 700.0,",
        "      \"percentilesUs\": {\"99\": 2000}, \"returns\": {\"BATCHED_OK\": 590, \"OK\": 10}},",
        "    \"READ\": {\"kind\": \"service\", \"operations\": 395, \"percentilesUs\": {\"99\": 1500},",
        "      \"returns\": {\"OK\": 390, \"NOT_FOUND\": 3, \"ERROR\": 2}},",
        "    \"Intended-READ\": {\"kind\": \"intended\", \"percentilesUs\": {\"99\": 3000},",
        "      \"returns\": {\"ERROR\": 2}}",
        "  }",
        "}"), StandardCharsets.UTF_8);
    FindmaxStep s = FindmaxStepRunner.read(100, dir);
    // a batched insert is a success (Status.isOk), NOT_FOUND an answer; only the two ERRORs failed
    assertEquals(2, s.failedOps);
    assertEquals(99.5, s.achieved, 1e-9);
    assertEquals(3000L, s.worst("p99"));
    assertEquals(2000L, FindmaxStep.worst(s.service, "p99"));
    assertEquals(false, s.clientLimited);
  }

  @Test
  void should_read_the_engines_verdict_and_measures_when_the_summary_has_them(@TempDir Path dir) throws Exception {
    Files.write(dir.resolve("summary.json"), Arrays.asList("{",
        "  \"format\": \"ycsb-result/1\", \"phase\": \"run\", \"startEpochMs\": 1000, \"endEpochMs\": 5000,",
        "  \"runtimeMs\": 4000, \"operations\": 800, \"throughput\": 200.0,",
        "  \"health\": {\"clientLimited\": false,",
        "    \"verdict\": {\"cause\": \"machine\", \"text\": \"the machine did not run the client on time: x\",",
        "      \"machineBusy\": true},",
        "    \"causes\": {\"cpuWaitMeasured\": true, \"cpuWaitSec\": 1.2, \"cpuRunSec\": 0.4, \"loadAverage\": 9.0,",
        "      \"cpuCores\": 2, \"threadsBusyInCalls\": 0.058, \"longestCallUs\": 25000, \"processPauseMaxUs\": 28000}},",
        "  \"measurements\": {\"READ\": {\"kind\": \"service\", \"operations\": 800, \"returns\": {\"OK\": 800}}}",
        "}"), StandardCharsets.UTF_8);
    FindmaxStep s = FindmaxStepRunner.read(200, dir);
    assertEquals("machine", s.cause);
    assertEquals(true, s.machineBusy);
    assertEquals(800, s.operations);
    assertEquals("the machine did not run the client on time: x", s.verdict);
    assertEquals("CPU wait 1.20 s (ran 0.40 s), load 9.0 on 2 cores, threads busy 6%, longest call 25.0 ms, longest "
        + "pause 28.0 ms", s.measures);
  }

  @Test
  void should_read_each_clients_verdict_and_the_merged_cause_when_the_step_ran_on_a_fleet(@TempDir Path dir)
      throws Exception {
    Files.write(dir.resolve("summary.json"), Arrays.asList("{",
        "  \"format\": \"ycsb-result/1\", \"phase\": \"run\", \"startEpochMs\": 1000, \"endEpochMs\": 5000,",
        "  \"runtimeMs\": 4000, \"operations\": 800, \"throughput\": 200.0,",
        "  \"health\": {\"clientLimited\": false, \"verdict\": {\"cause\": \"machine\", \"text\": null,",
        "      \"machineBusy\": true},",
        "    \"perClient\": [",
        "      {\"host\": \"a\", \"verdict\": {\"cause\": \"none\", \"text\": null}, \"causes\": {\"cpuWaitSec\": 0.1,",
        "        \"cpuRunSec\": 0.5}},",
        "      {\"host\": \"b\", \"verdict\": {\"cause\": \"machine\", \"text\": \"the machine did not run it\"},",
        "        \"causes\": {\"cpuWaitMeasured\": false, \"cpuWaitSec\": null}}]},",
        "  \"measurements\": {}",
        "}"), StandardCharsets.UTF_8);
    FindmaxStep s = FindmaxStepRunner.read(200, dir);
    assertEquals("machine", s.cause);
    assertEquals("b: the machine did not run it", s.verdict);
    assertEquals("a: CPU wait 0.10 s (ran 0.50 s); b: CPU wait not measured", s.measures);
  }

  @Test
  void should_judge_a_step_whose_engine_exited_4_on_its_record_and_not_as_an_engine_failure(@TempDir Path out)
      throws Exception {
    FindmaxStepRunner.Engine overBudget = (index, options, dir, log) -> {
      Files.createDirectories(dir);
      Files.write(log, Arrays.asList("WARNING: 5 of 100 operations failed (5%: READ ERROR=5), over errors.budget=0.1%"),
          StandardCharsets.UTF_8);
      Files.write(dir.resolve("summary.json"), Arrays.asList("{",
          "  \"format\": \"ycsb-result/1\", \"phase\": \"run\", \"startEpochMs\": 1000, \"endEpochMs\": 2000,",
          "  \"runtimeMs\": 1000, \"operations\": 100, \"throughput\": 100.0, \"exitCode\": 4,",
          "  \"health\": {\"clientLimited\": false},",
          "  \"measurements\": {\"READ\": {\"kind\": \"service\", \"operations\": 95, \"percentilesUs\": {\"99\": 1500},",
          "      \"returns\": {\"OK\": 90, \"NOT_APPLIED\": 5, \"ERROR\": 5}}}",
          "}"), StandardCharsets.UTF_8);
      return 4;
    };
    FindmaxStep s = new FindmaxStepRunner(out, "basic", java.util.Collections.emptyList(), out, 1, 0,
        java.util.Collections.emptyList(), overBudget).run(1, 100, "search");
    assertEquals(4, s.exitCode);
    assertEquals(5, s.failedOps, "NOT_APPLIED is an answer; the five ERRORs failed");
    assertEquals("", s.engineMessage, "exit 4 is a completed step, not an engine failure");
    org.junit.jupiter.api.Assertions.assertFalse(s.reason.startsWith("engine exit code"), s.reason);
  }

  @Test
  void should_record_which_step_a_result_directory_is_when_the_step_wrote_one_and_nothing_when_it_did_not(
      @TempDir Path out) throws Exception {
    FindmaxStepRunner.Engine engine = (index, options, dir, log) -> {
      if (index == 2) {
        Files.createDirectories(dir);
        Files.write(dir.resolve("summary.json"), Arrays.asList("{\"format\": \"ycsb-result/1\", \"phase\": \"run\","
            + " \"operations\": 10, \"throughput\": 10.0}"), StandardCharsets.UTF_8);
      }
      return index == 2 ? 0 : 1;
    };
    FindmaxStepRunner runner = new FindmaxStepRunner(out, "basic", java.util.Collections.emptyList(), out, 1, 0,
        java.util.Collections.emptyList(), engine);
    long before = System.currentTimeMillis();
    runner.run(1, 500, "search");
    runner.run(2, 2000, "search");
    runner.runThreads(3, 16);
    long after = System.currentTimeMillis();

    java.util.List<Path> recorded = new java.util.ArrayList<>();
    try (java.util.stream.Stream<Path> s = Files.walk(out)) {
      s.filter(p -> p.getFileName().toString().equals(site.ycsb.results.ToolEvents.NAME)).forEach(recorded::add);
    }
    assertEquals(1, recorded.size(), "only the step that wrote a directory: " + recorded);
    String[] line = Files.readAllLines(recorded.get(0)).get(0).split("\t");
    assertEquals("step-02-2000", recorded.get(0).getParent().getFileName().toString());
    assertEquals("step", line[2]);
    assertEquals("findmax step 2: target 2000 ops/s", line[4]);
    org.junit.jupiter.api.Assertions.assertTrue(before <= Long.parseLong(line[0])
        && Long.parseLong(line[0]) <= Long.parseLong(line[1]) && Long.parseLong(line[1]) <= after, line[0]);
  }

  @Test
  void should_read_the_engines_figures_when_the_step_is_a_record_the_engine_wrote(@TempDir Path tmp)
      throws Exception {
    Path dir = EngineRecord.write(tmp.resolve("step"));
    JsonNode written = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    FindmaxStep s = FindmaxStepRunner.read(300, dir);
    assertEquals(written.path("throughput").asDouble(), s.achieved, 0.0);
    assertTrue(s.achieved > 0, written.toString());
    assertEquals(written.path("operations").asLong(), s.operations);
    assertEquals(0, s.failedOps);
    assertEquals(written.path("health").path("clientLimited").asBoolean(), s.clientLimited);
    assertEquals(written.path("health").path("verdict").path("cause").asText(), s.cause);
    assertFalse(s.cause.isEmpty(), written.toString());
    assertFalse(s.measures.isEmpty(), written.toString());
    for (String op : new String[] {"READ", "UPDATE"}) {
      JsonNode m = written.path("measurements").path(op);
      assertEquals((long) m.path("averageUs").asDouble(), (long) s.service.get(op).get("avg"), op);
      assertEquals(m.path("percentilesUs").path("99").asLong(), (long) s.service.get(op).get("p99"), op);
      assertEquals(written.path("measurements").path("Intended-" + op).path("percentilesUs").path("99").asLong(),
          (long) s.intended.get(op).get("p99"), op);
    }
  }

  @Test
  void should_read_no_result_when_the_step_wrote_no_summary(@TempDir Path dir) {
    FindmaxStep s = FindmaxStepRunner.read(100, dir);
    assertEquals(0, s.achieved, 0);
    assertEquals("no result written (see the step's log)", s.reason);
  }
}
