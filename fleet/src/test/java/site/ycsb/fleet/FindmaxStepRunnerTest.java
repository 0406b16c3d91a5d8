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
    Files.write(dir.resolve("output.txt"), Arrays.asList(
        "[OVERALL], RunTime(ms), 10000",
        "[OVERALL], Throughput(ops/sec), 99.5",
        "[INSERT], Operations, 600",
        "[INSERT], AverageLatency(us), 700.0",
        "[INSERT], 99thPercentileLatency(us), 2000",
        "[INSERT], Return=BATCHED_OK, 590",
        "[INSERT], Return=OK, 10",
        "[READ], Operations, 395",
        "[READ], 99thPercentileLatency(us), 1500",
        "[READ], Return=OK, 390",
        "[READ], Return=NOT_FOUND, 3",
        "[READ], Return=ERROR, 2",
        "[Intended-READ], 99thPercentileLatency(us), 3000",
        "[Intended-READ], Return=ERROR, 2"), StandardCharsets.UTF_8);
    FindmaxStep s = FindmaxStepRunner.read(100, dir);
    // a batched insert is a success (Status.isOk), NOT_FOUND an answer; only the two ERRORs failed
    assertEquals(2, s.failedOps);
    assertEquals(99.5, s.achieved, 1e-9);
    assertEquals(3000L, s.worst("p99"));
    assertEquals(2000L, FindmaxStep.worst(s.service, "p99"));
  }
}
