package site.ycsb.engine.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The cause named live, over one interval: each rule, and the rules before it that must not fire. */
class LiveVerdictTest {
  /** One second of a throttled run 30 s in, 50 ms behind now, 8 threads of which 2 in operations, on 4 quiet cores. */
  private static LiveVerdict.Interval behind() {
    LiveVerdict.Interval i = new LiveVerdict.Interval();
    i.seconds = 1;
    i.behindUs = 50_000;
    i.sinceStartSec = 30;
    i.cores = 4;
    i.threads = 8;
    i.inFlight = 2;
    i.cpuNs = 400_000_000L; // 10% of 4 cores
    i.waitNs = 10_000_000L;
    i.runNs = 400_000_000L;
    i.callsEnded = 900;
    i.longestCallUs = 4_000;
    return i;
  }

  @Test
  void should_name_none_when_the_schedule_is_at_most_10_ms_behind_whatever_else_is_measured() {
    for (long behindUs : new long[] {0, 9_999, 10_000}) {
      LiveVerdict.Interval i = behind();
      i.behindUs = behindUs;
      i.nodeOut = true;
      i.inFlight = 8;
      assertEquals(LagVerdict.Cause.NONE, LiveVerdict.cause(i), "behind by " + behindUs + " us");
    }
  }

  @Test
  void should_name_the_start_up_when_the_schedule_is_behind_in_its_first_two_seconds() {
    LiveVerdict.Interval i = behind();
    i.sinceStartSec = 1.5;
    i.nodeOut = true;
    assertEquals(LagVerdict.Cause.STARTUP, LiveVerdict.cause(i));
    i.sinceStartSec = 2.5;
    assertEquals(LagVerdict.Cause.DATABASE, LiveVerdict.cause(i));
  }

  @Test
  void should_name_the_database_when_a_node_is_down_or_silent_now_even_with_a_saturated_client() {
    LiveVerdict.Interval i = behind();
    i.nodeOut = true;
    i.cpuNs = 4_000_000_000L;
    assertEquals(LagVerdict.Cause.DATABASE, LiveVerdict.cause(i));
  }

  @Test
  void should_name_the_client_when_its_cpu_used_90_percent_of_all_cores_over_the_interval() {
    LiveVerdict.Interval i = behind();
    i.cpuNs = 3_600_000_000L;
    assertEquals(LagVerdict.Cause.CLIENT, LiveVerdict.cause(i));
    i.cpuNs = 3_500_000_000L;
    assertEquals(LagVerdict.Cause.UNEXPLAINED, LiveVerdict.cause(i));
  }

  @Test
  void should_not_name_the_client_when_its_cpu_was_not_measured() {
    LiveVerdict.Interval i = behind();
    i.cpuNs = -1;
    assertEquals(LagVerdict.Cause.UNEXPLAINED, LiveVerdict.cause(i));
  }

  @Test
  void should_name_the_database_when_every_thread_is_in_an_operation_and_no_call_ended() {
    LiveVerdict.Interval i = behind();
    i.inFlight = 8;
    i.callsEnded = 0;
    i.longestCallUs = 0;
    assertEquals(LagVerdict.Cause.DATABASE, LiveVerdict.cause(i));
  }

  @Test
  void should_name_the_database_when_every_thread_is_taken_and_the_longest_call_explains_half_the_lateness() {
    LiveVerdict.Interval i = behind();
    i.inFlight = 9; // a thread between two operations counts too
    i.longestCallUs = 25_000;
    assertEquals(LagVerdict.Cause.DATABASE, LiveVerdict.cause(i));
  }

  @Test
  void should_name_the_client_when_every_thread_is_taken_by_calls_too_short_to_explain_the_lateness() {
    LiveVerdict.Interval i = behind();
    i.inFlight = 8;
    i.longestCallUs = 24_000;
    assertEquals(LagVerdict.Cause.CLIENT, LiveVerdict.cause(i));
  }

  @Test
  void should_name_the_machine_when_the_threads_waited_for_a_cpu_as_long_as_they_ran() {
    LiveVerdict.Interval i = behind();
    i.waitNs = 400_000_000L;
    assertEquals(LagVerdict.Cause.MACHINE, LiveVerdict.cause(i));
    i.waitNs = 399_999_999L;
    assertEquals(LagVerdict.Cause.UNEXPLAINED, LiveVerdict.cause(i));
  }

  @Test
  void should_name_no_machine_when_the_cpu_wait_was_not_measured() {
    LiveVerdict.Interval i = behind();
    i.waitNs = -1;
    i.runNs = -1;
    assertEquals(LagVerdict.Cause.UNEXPLAINED, LiveVerdict.cause(i));
  }

  @Test
  void should_not_count_a_full_pool_when_the_operations_in_flight_are_not_known() {
    LiveVerdict.Interval i = behind();
    i.inFlight = -1;
    i.callsEnded = 0;
    assertEquals(LagVerdict.Cause.UNEXPLAINED, LiveVerdict.cause(i));
  }
}
