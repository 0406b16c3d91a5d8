package site.ycsb.fleet.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

/** The default warm-up of suite and fleet phases. */
class PhaseWarmupTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void should_warm_up_for_a_tenth_of_a_long_phase_at_the_target_rate() {
    // 200000 operations at 2000 ops/s: a 100 s phase, its first 10 s warm-up
    assertEquals("10000ms", PhaseWarmup.choose(props(), 200_000, 2000, 0));
    assertEquals("7500ms", PhaseWarmup.choose(props(), 150_000, 2000, 0));
  }

  @Test
  void should_warm_up_for_at_least_five_seconds_when_a_tenth_is_shorter() {
    // 60000 operations at 2000 ops/s: a 30 s phase; its tenth (3 s) is shorter than a fresh client's start-up
    assertEquals("5000ms", PhaseWarmup.choose(props(), 60_000, 2000, 0));
    assertEquals("5000ms", PhaseWarmup.choose(props(), 20_000, 2000, 0), "10 s phase: half of it");
  }

  @Test
  void should_never_warm_up_for_more_than_half_of_a_short_phase() {
    assertEquals("2000ms", PhaseWarmup.choose(props(), 8_000, 2000, 0), "4 s phase");
    assertEquals("250ms", PhaseWarmup.choose(props(), 1_000, 2000, 0), "0.5 s phase");
    assertNull(PhaseWarmup.choose(props(), 1, 2000, 0), "one operation: nothing to spare");
  }

  @Test
  void should_cap_the_warm_up_at_ten_seconds_and_take_the_share_of_maxexecutiontime_when_shorter() {
    assertEquals("10000ms", PhaseWarmup.choose(props(), 10_000_000, 1000, 0));
    assertEquals("10000ms", PhaseWarmup.choose(props(), 10_000_000, 1000, 600), "a 600 s limit: capped");
    assertEquals("5000ms", PhaseWarmup.choose(props(), 10_000_000, 1000, 30), "a 30 s limit: the floor");
    assertEquals("4000ms", PhaseWarmup.choose(props(), 10_000_000, 1000, 8), "an 8 s limit: half of it");
    assertEquals("5000ms", PhaseWarmup.choose(props(), 0, 1000, 30), "unlimited operations, time-bounded run");
    assertEquals("5000ms", PhaseWarmup.choose(props(), 0, 0, 30), "unthrottled and time-bounded");
    assertEquals("2000ms", PhaseWarmup.choose(props(), 4_000, 1000, 600), "operations end the phase first");
  }

  @Test
  void should_count_operations_when_the_phase_is_unthrottled() {
    assertEquals("2000ops", PhaseWarmup.choose(props(), 20_000, 0, 0));
    assertEquals("100000ops", PhaseWarmup.choose(props(), 50_000_000, 0, 0));
  }

  @Test
  void should_leave_the_warm_up_to_the_user_when_any_warmup_is_set() {
    assertNull(PhaseWarmup.choose(props("warmup", "0"), 20_000, 2000, 0));
    assertNull(PhaseWarmup.choose(props("warmup", "5s"), 20_000, 2000, 0));
    assertNull(PhaseWarmup.choose(props("warmup", ""), 20_000, 2000, 0));
  }

  @Test
  void should_not_warm_up_when_there_is_nothing_to_spare() {
    assertNull(PhaseWarmup.choose(props(), 5, 0, 0), "10% of 5 operations is none");
    assertNull(PhaseWarmup.choose(props(), 0, 0, 0), "unknown length");
    assertNull(PhaseWarmup.choose(props(), 0, 2000, 0), "a rate but no number of operations and no time limit");
  }

  @Test
  void should_put_the_default_warm_up_on_the_engine_command_of_a_local_phase() throws Exception {
    java.nio.file.Path home = java.nio.file.Paths.get("..").toAbsolutePath().normalize();
    LocalPhaseRunner runner = new LocalPhaseRunner(home, "basic", java.util.Arrays.asList("-p",
        "operationcount=5000", "-target", "500"));
    Phase run = Phase.parseList("a", null).get(0);
    java.util.List<String> cmd = runner.command(run, java.nio.file.Paths.get("out"));
    assertTrue(cmd.contains("warmup=5000ms"), cmd.toString());
    LocalPhaseRunner off = new LocalPhaseRunner(home, "basic", java.util.Arrays.asList("-p", "operationcount=5000",
        "-p", "warmup=0"));
    assertTrue(off.command(run, java.nio.file.Paths.get("out")).stream()
        .noneMatch(a -> a.startsWith("warmup=") && !a.equals("warmup=0")), "no default warm-up beside warmup=0");
  }
}
