package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import site.ycsb.cli.ExitCode;

/** The hand-over from the handlers before the run to the run's own, in process (real signals: InterruptTest). */
class InterruptionTest {

  @Test
  void should_stop_the_schedule_instead_of_exiting_when_a_before_run_signal_is_handled_after_hand_over() {
    AtomicBoolean removed = new AtomicBoolean();
    AtomicBoolean stopped = new AtomicBoolean();
    Interruption before = Interruption.beforeRun(() -> removed.set(true));
    Interruption run = Interruption.install(() -> stopped.set(true));
    try {
      before.handOver(run);
      // As the JVM's signal thread would, had the signal reached the old handler just before the new one was installed.
      // Without the hand-over this call halts the JVM (the before-run handler exits) and the test run crashes.
      before.signalled("SIGTERM");
      assertTrue(stopped.get(), "the run's handler stopped the schedule");
      assertFalse(removed.get(), "the results.dir of a started run is kept");
      assertTrue(run.isInterrupted());
      assertEquals("SIGTERM", run.signal());
      assertEquals(143, run.exitCode());
    } finally {
      run.close();
      before.close();
    }
  }

  @Test
  void should_give_each_signal_the_shells_exit_code_when_it_stops_a_run() {
    Map<String, Integer> expected = new HashMap<>();
    expected.put("SIGINT", 128 + 2);
    expected.put("SIGTERM", 128 + 15);
    expected.put("SIGHUP", 128 + 1);
    for (String name : Interruption.SIGNALS) {
      String signal = "SIG" + name;
      assertEquals(expected.get(signal).intValue(), Interruption.exitCodeOf(signal), signal);
      assertEquals("interrupted by " + signal, ExitCode.describe(Interruption.exitCodeOf(signal)), signal);
    }
    assertEquals(expected.size(), Interruption.SIGNALS.length, "a signal without its expected code here");
  }
}
