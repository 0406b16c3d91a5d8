package site.ycsb.fleet.findmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The thread ramp, the follow-up runs at shares of the maximum, and their options (no engine). */
class FindmaxRampTest {
  private static final List<FindmaxSla> P99_10MS = Collections.singletonList(FindmaxSla.parse("p99<10ms"));

  /** Closed loop against a database of {@code capacity} ops/s, each thread doing at most {@code perThread}. */
  private static FindmaxRamp.Stepper closedLoop(double capacity, double perThread, long p99Us) {
    return (index, threads) -> {
      FindmaxStep s = new FindmaxStep(0, Math.min(capacity, threads * perThread), false, 0);
      s.intended.put("READ", Collections.singletonMap("p99", threads * perThread > capacity ? p99Us * 10 : p99Us));
      return s;
    };
  }

  @Test
  void should_stop_when_the_throughput_stops_rising_over_the_window() throws Exception {
    FindmaxSearch.Outcome o = new FindmaxRamp(Collections.emptyList(), 0.05, 2).ramp(Arrays.asList(1, 2, 4, 8, 16,
        32, 64), closedLoop(200, 50, 1_000));
    // 50, 100, 200, 200, 200: after 16 threads the last two steps added nothing to the 200 reached at 4
    assertEquals(5, o.steps.size(), o.ending);
    assertEquals(200, o.maximum, 1e-9);
    assertFalse(o.lowerBound);
    assertTrue(o.ending.startsWith("the throughput rose less than 5% over the last 2 steps"), o.ending);
    assertEquals("threads", o.mode);
    assertEquals(16, o.steps.get(4).threads);
  }

  @Test
  void should_call_the_result_a_lower_bound_when_the_thread_counts_run_out_while_it_still_rises() throws Exception {
    FindmaxSearch.Outcome o = new FindmaxRamp(Collections.emptyList(), 0.05, 1).ramp(Arrays.asList(1, 2, 4),
        closedLoop(1e9, 50, 1_000));
    assertEquals(200, o.maximum, 1e-9);
    assertTrue(o.lowerBound, o.ending);
    assertTrue(o.ending.contains("still rising at 4 threads"), o.ending);
  }

  @Test
  void should_report_the_best_passing_step_when_more_threads_break_the_sla() throws Exception {
    // throughput keeps rising a little past 200 but the latency bound breaks there
    FindmaxRamp.Stepper stepper = (index, threads) -> {
      FindmaxStep s = new FindmaxStep(0, threads <= 4 ? threads * 50 : 200 + threads, false, 0);
      s.intended.put("READ", Collections.singletonMap("p99", threads <= 4 ? 2_000L : 40_000L));
      return s;
    };
    FindmaxSearch.Outcome o = new FindmaxRamp(P99_10MS, 0.05, 2).ramp(Arrays.asList(1, 2, 4, 8, 16), stepper);
    assertEquals(200, o.maximum, 1e-9);
    assertTrue(o.steps.get(3).reason.contains("p99 40.0 ms"), o.steps.get(3).reason);
  }

  @Test
  void should_run_follow_ups_at_shares_of_the_maximum_and_judge_them() throws Exception {
    FindmaxSearch search = new FindmaxSearch(P99_10MS, 0.05, 30);
    FindmaxSearch.Outcome o = new FindmaxSearch.Outcome();
    o.maximum = 2000;
    List<String> kinds = new ArrayList<>();
    search.followUps(o, Arrays.asList(0.6, 0.8), new FindmaxSearch.Stepper() {
      @Override
      public FindmaxStep run(int index, double rate) {
        throw new AssertionError("follow-ups name their kind");
      }

      @Override
      public FindmaxStep run(int index, double rate, String kind) {
        kinds.add(index + " " + kind + " " + rate);
        FindmaxStep s = new FindmaxStep(rate, rate, false, 0);
        s.intended.put("READ", Collections.singletonMap("p99", rate > 1500 ? 20_000L : 1_000L));
        s.kind = kind;
        return s;
      }
    });
    assertEquals(Arrays.asList("1 at 60% 1200.0", "2 at 80% 1600.0"), kinds);
    assertTrue(o.steps.get(0).passed);
    assertFalse(o.steps.get(1).passed, "a follow-up is judged like any step");
    assertEquals(2000, o.maximum, 1e-9);
  }

  @Test
  void should_run_no_follow_up_when_no_maximum_was_found() throws Exception {
    FindmaxSearch.Outcome o = new FindmaxSearch.Outcome();
    new FindmaxSearch(P99_10MS, 0.05, 30).followUps(o, Arrays.asList(0.5), (index, rate) -> {
      throw new AssertionError("nothing to follow");
    });
    assertTrue(o.steps.isEmpty());
  }

  @Test
  void should_exit_2_before_any_step_when_the_command_line_or_the_ycsb_directory_is_wrong(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
    assertEquals(2, Findmax.run(new String[] {"basic"}), "no --sla");
    assertEquals(2, Findmax.run(new String[] {"basic", "--sla", "p99<1ms", "--bogus", "1"}));
    assertEquals(2, Findmax.run(new String[] {"basic", "--sla", "p99<1ms", "--ycsb-home", tmp.toString()}),
        "no bin/ycsb there");
    assertEquals(0, Findmax.run(new String[] {"--help"}));
  }

  @Test
  void should_parse_ramp_and_follow_up_options_and_refuse_bad_ones_with_one_line() {
    Findmax.Options o = Findmax.Options.parse(new String[] {"basic", "--threads", "8,16,32", "--ramp-gain", "10%",
        "--ramp-window", "1"});
    assertEquals(Arrays.asList(8, 16, 32), o.rampThreads);
    assertEquals(0.10, o.rampGain, 1e-9);
    Findmax.Options at = Findmax.Options.parse(new String[] {"basic", "--sla", "p99<1ms", "--at", "60%,80"});
    assertEquals(Arrays.asList(0.6, 0.8), at.at);
    String[][] bad = {
        {"basic", "--threads", "8,4"},
        {"basic", "--threads", "8,,16"},
        {"basic", "--threads", "0,8"},
        {"basic", "--threads", "eight"},
        {"basic", "--threads", "8,16", "--ramp-window", "2"},
        {"basic", "--threads", "8,16,32", "-threads", "4"},
        {"basic", "--threads", "8,16,32", "--start", "100"},
        {"basic", "--threads", "8,16,32", "--at", "50%"},
        {"basic", "--sla", "p99<1ms", "--at", "120%"},
        {"basic", "--sla", "p99<1ms", "--at", "-5%"},
        {"basic", "--sla", "p99<1ms", "--at", "50%,"},
        {"basic", "--sla", "p99<1ms", "--ramp-window", "x"},
        {"basic", "--sla", "p99<1ms", "--max-steps", "2.5"},
        {"basic", "--sla", "p99<1ms", "--resolution", "150%"},
        {"basic", "--sla", "p99<1ms", "--resolution", "0%"},
        {"basic", "--sla", "p99<1ms", "--step-time", "0s"},
        {"basic", "--sla", "p99<1ms", "--warmup", "-1s"},
    };
    for (String[] args : bad) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Findmax.Options.parse(args),
          String.join(" ", args));
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
      if (e.getMessage().contains("got '")) {
        // a value that is not of the right form: quoted as typed (the whole list, for a list)
        String value = args[args.length - 1];
        assertTrue(e.getMessage().contains("'" + value + "'"), "the value as typed: " + e.getMessage());
      }
    }
  }
}
