package site.ycsb.fleet;

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
  void should_warm_up_for_a_tenth_of_the_operations_at_the_target_rate() {
    // 20000 operations at 2000 ops/s: a 10 s phase, 1 s of it warm-up
    assertEquals("1000ms", PhaseWarmup.choose(props(), 20_000, 2000, 0));
  }

  @Test
  void should_cap_the_warm_up_at_ten_seconds_and_at_a_tenth_of_maxexecutiontime() {
    assertEquals("10000ms", PhaseWarmup.choose(props(), 10_000_000, 1000, 0));
    assertEquals("3000ms", PhaseWarmup.choose(props(), 10_000_000, 1000, 30));
    assertEquals("3000ms", PhaseWarmup.choose(props(), 0, 1000, 30), "unlimited operations, time-bounded run");
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
  }

  @Test
  void should_put_the_default_warm_up_on_the_engine_command_of_a_local_phase() throws Exception {
    java.nio.file.Path home = java.nio.file.Paths.get("..").toAbsolutePath().normalize();
    LocalPhaseRunner runner = new LocalPhaseRunner(home, "basic", java.util.Arrays.asList("-p",
        "operationcount=5000", "-target", "500"));
    Phase run = Phase.parseList("a", null).get(0);
    java.util.List<String> cmd = runner.command(run, java.nio.file.Paths.get("out"));
    assertTrue(cmd.contains("warmup=1000ms"), cmd.toString());
    LocalPhaseRunner off = new LocalPhaseRunner(home, "basic", java.util.Arrays.asList("-p", "operationcount=5000",
        "-p", "warmup=0"));
    assertTrue(off.command(run, java.nio.file.Paths.get("out")).stream().noneMatch(a -> a.equals("warmup=1000ms")));
  }
}
