package site.ycsb.fleet.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FLEET-STATUS's first line for each way a fleet run ends. */
class FleetStatusTest {
  private static String read(Path dir) throws Exception {
    return new String(Files.readAllBytes(dir.resolve(FleetStatus.FILE)), StandardCharsets.UTF_8);
  }

  @Test
  void should_stay_complete_and_say_the_budget_was_exceeded_when_phases_ended_with_exit_4(@TempDir Path dir)
      throws Exception {
    FleetStatus s = new FleetStatus(dir);
    s.phase("phase workloada (repeat 1): complete, 2 clients", Collections.emptyList());
    s.finishOverBudget();
    String text = read(dir);
    assertTrue(text.startsWith("status: complete; more operations failed than errors.budget allows in some phase "
        + "(exit 4"), text);
  }

  @Test
  void should_stay_incomplete_when_a_client_was_missing_whatever_the_budget_says(@TempDir Path dir) throws Exception {
    FleetStatus s = new FleetStatus(dir);
    s.phase("phase workloada (repeat 1): INCOMPLETE", Collections.singletonList("c2 (exit 1)"));
    s.finishOverBudget();
    assertTrue(read(dir).startsWith("status: incomplete"), read(dir));
  }
}
