package site.ycsb.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a step is read back from its result directory (no engine). */
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
  void should_read_no_result_when_the_step_wrote_no_summary(@TempDir Path dir) {
    FindmaxStep s = FindmaxStepRunner.read(100, dir);
    assertEquals(0, s.achieved, 0);
    assertEquals("no result written (see the step's log)", s.reason);
  }
}
