package site.ycsb.fleet.ssh;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The clock check against real processes: a local {@code sh} answers the head's lines as a client's shell would
 * over ssh, with its own clock shifted, a wrong answer, a failure or silence.
 */
class ClockCheckTest {
  private static final long WARN = 50;
  private static final long REFUSE = 1000;

  /** A client whose clock is {@code shiftMs} ahead of this machine's (negative: behind). */
  private static List<String> clientShiftedBy(long shiftMs) {
    return Arrays.asList("sh", "-c", "while read -r _; do echo $(( $(date +%s%N) + " + shiftMs * 1_000_000L
        + " )); done");
  }

  private static List<String> client(String script) {
    return Arrays.asList("sh", "-c", script);
  }

  @Test
  void should_measure_a_small_offset_and_pass_when_the_client_runs_the_real_loop_on_an_aligned_clock()
      throws Exception {
    ClockCheck.Reading r = ClockCheck.measure(client(ClockCheck.REMOTE_LOOP), 10_000);
    assertTrue(r.known(), r.describe());
    // same clock: the offset lies within the uncertainty (plus rounding)
    assertTrue(Math.abs(r.offsetMs) <= r.uncertaintyMs + 1, r.describe());
    assertEquals(ClockCheck.Verdict.OK, ClockCheck.judge(r, WARN, REFUSE), r.describe());
  }

  @Test
  void should_warn_when_the_client_clock_is_ahead_or_behind_beyond_the_warning_bound() throws Exception {
    for (long shift : new long[] {300, -300}) {
      ClockCheck.Reading r = ClockCheck.measure(clientShiftedBy(shift), 10_000);
      assertTrue(r.known(), r.describe());
      assertEquals(shift, r.offsetMs, r.uncertaintyMs + 5, r.describe());
      assertEquals(ClockCheck.Verdict.WARNING, ClockCheck.judge(r, WARN, REFUSE), r.describe());
    }
  }

  @Test
  void should_refuse_when_the_client_clock_is_ahead_or_behind_beyond_the_refusal_bound() throws Exception {
    for (long shift : new long[] {5000, -5000, 3_600_000}) {
      ClockCheck.Reading r = ClockCheck.measure(clientShiftedBy(shift), 10_000);
      assertEquals(shift, r.offsetMs, r.uncertaintyMs + 5, r.describe());
      assertEquals(ClockCheck.Verdict.REFUSED, ClockCheck.judge(r, WARN, REFUSE), r.describe());
      assertTrue(r.describe().startsWith(shift > 0 ? "+" : "-"), r.describe());
    }
  }

  @Test
  void should_say_what_came_back_and_not_judge_when_the_answer_is_not_a_time() throws Exception {
    // words; an empty line; BusyBox without %N (seconds and a literal N); seconds only; a negative number
    for (String answer : new String[] {"hello", "", "1732870000N", "1732870000", "-1732870000000000000"}) {
      ClockCheck.Reading r = ClockCheck.measure(client("while read -r _; do echo '" + answer + "'; done"), 10_000);
      assertFalse(r.known(), answer + ": " + r.describe());
      assertTrue(r.problem.contains("'" + answer + "'") && r.problem.contains("not a time"), r.problem);
      assertEquals(ClockCheck.Verdict.UNKNOWN, ClockCheck.judge(r, WARN, REFUSE));
    }
  }

  @Test
  void should_give_the_exit_code_and_message_when_the_remote_command_fails() throws Exception {
    ClockCheck.Reading silent = ClockCheck.measure(client("exit 3"), 10_000);
    assertFalse(silent.known());
    assertTrue(silent.problem.contains("exit code 3"), silent.problem);
    // what ssh prints when it cannot connect, then its exit code 255
    ClockCheck.Reading refused = ClockCheck.measure(client("echo 'ssh: connect to host 127.0.0.9 port 22: "
        + "Connection refused' >&2; exit 255"), 10_000);
    assertTrue(refused.problem.contains("exit code 255") && refused.problem.contains("Connection refused"),
        refused.problem);
    assertTrue(SshGate.refusedSetup(255, refused.problem), "a refused set-up is tried again: " + refused.problem);
    ClockCheck.Reading missing = ClockCheck.measure(Arrays.asList("/nonexistent/ssh", "x"), 10_000);
    assertTrue(missing.problem.startsWith("cannot start /nonexistent/ssh"), missing.problem);
  }

  @Test
  void should_stop_at_the_deadline_and_say_so_when_the_client_does_not_answer() throws Exception {
    long t0 = System.nanoTime();
    ClockCheck.Reading r = ClockCheck.measure(client("sleep 60"), 700);
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    assertFalse(r.known());
    assertEquals("no answer within 0.7 s", r.problem);
    assertTrue(tookMs < 30_000, "the probe waited " + tookMs + " ms for a silent client");
    // answers once, then falls silent
    ClockCheck.Reading once = ClockCheck.measure(client("read -r _; date +%s%N; sleep 60"), 700);
    assertEquals("no answer within 0.7 s", once.problem);
  }

  @Test
  void should_judge_the_offset_beyond_its_uncertainty_when_the_round_trip_is_long() {
    // 400 ms off with a 600 ms round trip (± 300 ms): certainly off by 100 ms only
    ClockCheck.Reading slow = ClockCheck.Reading.measured(400, 300);
    assertEquals(100, slow.beyondUncertaintyMs());
    assertEquals(ClockCheck.Verdict.WARNING, ClockCheck.judge(slow, WARN, REFUSE));
    assertEquals(ClockCheck.Verdict.OK, ClockCheck.judge(ClockCheck.Reading.measured(-250, 300), WARN, REFUSE));
    assertEquals(ClockCheck.Verdict.OK, ClockCheck.judge(ClockCheck.Reading.measured(50, 0), WARN, REFUSE),
        "at the bound is within it");
    assertEquals(ClockCheck.Verdict.WARNING, ClockCheck.judge(ClockCheck.Reading.measured(-51, 0), WARN, REFUSE));
    assertEquals(ClockCheck.Verdict.REFUSED, ClockCheck.judge(ClockCheck.Reading.measured(1302, 301), WARN,
        REFUSE));
    assertEquals(ClockCheck.Verdict.WARNING, ClockCheck.judge(ClockCheck.Reading.measured(1300, 301), WARN,
        REFUSE));
  }
}
