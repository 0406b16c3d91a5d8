package site.ycsb.fleet.findmax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The search against model databases of known capacity (no engine): what it finds, and how it ends. */
class FindmaxSearchTest {
  private static final List<FindmaxSla> P99_10MS = Collections.singletonList(FindmaxSla.parse("p99<10ms"));

  /** A database that serves at most {@code capacity} ops/s: beyond it the queue, and the intended p99, explode. */
  private static FindmaxSearch.Stepper capacity(double capacity, double clientLimit) {
    return (index, rate) -> {
      boolean clientLimited = rate > clientLimit;
      double achieved = Math.min(rate, Math.min(capacity, clientLimit));
      FindmaxStep s = new FindmaxStep(rate, achieved, clientLimited, 0);
      long p99 = rate <= capacity ? 2_000 : 5_000_000;
      s.intended.put("READ", new java.util.HashMap<>(java.util.Collections.singletonMap("p99", p99)));
      s.intended.get("READ").put("avg", p99 / 2);
      // Service time: fine while the database keeps up; beyond its capacity its own queue shows in it too, unless
      // the client was the limit (then the database answered fast and the wait was in the client).
      long service = rate <= capacity || clientLimited ? 1_500 : 3_000_000;
      s.service.put("READ", new java.util.HashMap<>(java.util.Collections.singletonMap("p99", service)));
      return s;
    };
  }

  @ParameterizedTest
  @ValueSource(doubles = {2000, 7300, 450})
  void should_find_the_capacity_within_the_resolution_when_the_database_saturates(double capacity)
      throws Exception {
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 30).search(1000, capacity(capacity, 1e12));
    assertTrue(o.maximum <= capacity && o.maximum >= capacity * 0.95 / 1.05,
        "found " + o.maximum + " for capacity " + capacity + ": " + o.ending);
    assertFalse(o.lowerBound);
    assertTrue(o.ending.startsWith("resolved"), o.ending);
    for (FindmaxStep s : o.steps) {
      assertEquals(s.target <= capacity, s.passed, s.target + ": " + s.reason);
    }
  }

  /** As {@link #capacity}, but the first step fails whatever its rate: a cold server after the load. */
  private static FindmaxSearch.Stepper coldFirstStep(double capacity) {
    FindmaxSearch.Stepper warm = capacity(capacity, 1e12);
    FindmaxSearch.Stepper saturated = capacity(0.5, 1e12);
    return (index, rate) -> (index == 1 ? saturated : warm).run(index, rate);
  }

  @Test
  void should_repeat_a_failed_first_step_and_search_on_upwards_when_the_repeat_passes() throws Exception {
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 30).search(1000, coldFirstStep(2000));
    assertFalse(o.steps.get(0).passed);
    long repeats = o.steps.stream().filter(s -> s.kind.equals("repeat of step 1")).count();
    assertEquals(1, repeats, "one repeat");
    assertTrue(o.maximum <= 2000 && o.maximum >= 2000 * 0.95 / 1.05, "found " + o.maximum + ": " + o.ending);
    assertTrue(o.ending.startsWith("resolved"), o.ending);
  }

  @Test
  void should_repeat_a_failed_first_step_once_and_keep_the_maximum_below_it_when_the_repeat_fails()
      throws Exception {
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 30).search(1000, capacity(980, 1e12));
    List<String> kinds = new java.util.ArrayList<>();
    o.steps.forEach(s -> kinds.add(s.kind + "@" + Math.round(s.target)));
    assertEquals("repeat of step 1@1000", kinds.get(kinds.size() - 1), kinds.toString());
    assertEquals(1, kinds.stream().filter(k -> k.startsWith("repeat")).count(), kinds.toString());
    assertTrue(o.maximum < 1000 && o.maximum >= 950, "found " + o.maximum + ": " + o.ending);
    assertTrue(o.ending.startsWith("resolved"), o.ending);
  }

  @Test
  void should_stop_and_call_the_result_a_lower_bound_when_the_client_limits_a_step() throws Exception {
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 30).search(1000, capacity(50_000, 3000));
    assertTrue(o.lowerBound);
    assertEquals(2000, o.maximum, 0.1);
    assertTrue(o.ending.contains("the client limited the step at 4000 ops/s"), o.ending);
    assertTrue(o.steps.get(o.steps.size() - 1).reason.contains("client-limited"));
  }

  @Test
  void should_stop_at_once_when_a_step_could_not_run() throws Exception {
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 30).search(1000, (index, rate) -> {
      FindmaxStep none = new FindmaxStep(rate, 0, false, 0);
      none.reason = "no result written (see the step's log)";
      return none;
    });
    assertEquals(1, o.steps.size());
    assertEquals(0, o.maximum, 0);
    assertTrue(o.ending.startsWith("step 1 could not run"), o.ending);
  }

  @Test
  void should_not_call_a_saturated_database_client_limited_when_its_own_service_time_misses_the_sla()
      throws Exception {
    // All client threads end up waiting on a saturated database, so the engine's verdict flags the run; but the
    // database's answers themselves were too slow: the search goes on bisecting instead of stopping.
    FindmaxSearch.Stepper saturating = (index, rate) -> {
      FindmaxStep s = new FindmaxStep(rate, Math.min(rate, 800), rate > 800, 0);
      s.intended.put("READ", java.util.Collections.singletonMap("p99", rate <= 800 ? 2_000L : 4_000_000L));
      s.service.put("READ", java.util.Collections.singletonMap("p99", rate <= 800 ? 1_500L : 3_000_000L));
      return s;
    };
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 30).search(250, saturating);
    assertFalse(o.lowerBound, o.ending);
    assertTrue(o.maximum > 760 && o.maximum <= 800, o.maximum + ": " + o.ending);
  }

  @Test
  void should_not_call_a_database_at_its_capacity_client_limited_when_its_service_time_grew_within_the_sla()
      throws Exception {
    // At its capacity the database queues inside itself: every client thread waits on it (the engine's flag), the
    // service time grows from 0.8 ms to 30 ms — still under the 50 ms bound — and the intended p99 passes the bound.
    FindmaxSearch.Stepper queueing = (index, rate) -> {
      boolean full = rate >= 2000;
      FindmaxStep s = new FindmaxStep(rate, full ? rate * 0.98 : rate, full, 0);
      s.intended.put("READ", Collections.singletonMap("p99", full ? 58_000L : 5_000L));
      java.util.Map<String, Long> service = new java.util.HashMap<>();
      service.put("p99", full ? 32_000L : 2_000L);
      service.put("avg", full ? 31_000L : 800L);
      s.service.put("READ", service);
      return s;
    };
    FindmaxSearch.Outcome o = new FindmaxSearch(Collections.singletonList(FindmaxSla.parse("p99<50ms")), 0.05, 30)
        .search(250, queueing);
    assertFalse(o.lowerBound, o.ending);
    assertTrue(o.maximum >= 1900 && o.maximum < 2000, o.maximum + ": " + o.ending);
    assertTrue(o.steps.get(3).reason.contains("all client threads were waiting on the database"),
        o.steps.get(3).reason);
  }

  @Test
  void should_judge_queueing_against_the_fastest_passing_step_when_a_step_at_the_capacity_passed_slowly()
      throws Exception {
    // 2000 ops/s passes with the database already queueing (service 18 ms); above it the engine flags every step
    // and the service time (31 ms) is still within the bound: against the unloaded 0.8 ms that is queueing
    FindmaxSearch.Stepper stepper = (index, rate) -> {
      boolean over = rate > 2000;
      FindmaxStep s = new FindmaxStep(rate, over ? 1700 : rate, over, 0);
      s.intended.put("READ", Collections.singletonMap("p99", over ? 4_000_000L : rate == 2000 ? 18_500L : 1_500L));
      java.util.Map<String, Long> service = new java.util.HashMap<>();
      service.put("p99", over ? 32_000L : rate == 2000 ? 18_500L : 1_500L);
      service.put("avg", over ? 31_000L : rate == 2000 ? 18_000L : 800L);
      s.service.put("READ", service);
      return s;
    };
    FindmaxSearch.Outcome o = new FindmaxSearch(Collections.singletonList(FindmaxSla.parse("p99<50ms")), 0.05, 30)
        .search(250, stepper);
    assertFalse(o.lowerBound, o.ending);
    assertEquals(2000, o.maximum, 0.1, o.ending);
  }

  @Test
  void should_fail_a_step_that_misses_its_target_or_has_errors_even_within_the_sla() {
    FindmaxSearch search = new FindmaxSearch(P99_10MS, 0.05, 30);
    FindmaxStep slow = new FindmaxStep(1000, 980, false, 0);
    slow.intended.put("READ", Collections.singletonMap("p99", 100L));
    search.judge(slow);
    assertFalse(slow.passed);
    assertTrue(slow.reason.contains("achieved 980 of 1000"), slow.reason);
    FindmaxStep failing = new FindmaxStep(1000, 1000, false, 12);
    failing.intended.put("READ", Collections.singletonMap("p99", 100L));
    search.judge(failing);
    assertTrue(failing.reason.startsWith("12 operations failed"), failing.reason);
  }

  /** A step at {@code rate} that achieved it with intended p99 {@code p99Us}, whose engine blamed {@code cause}. */
  private static FindmaxStep step(double rate, long p99Us, String cause) {
    FindmaxStep s = new FindmaxStep(rate, rate, "client".equals(cause), 0);
    s.cause = cause;
    s.machineBusy = "machine".equals(cause);
    s.intended.put("READ", Collections.singletonMap("p99", p99Us));
    s.service.put("READ", Collections.singletonMap("p99", 1_000L));
    return s;
  }

  @Test
  void should_pass_a_step_that_met_its_bounds_whatever_the_engines_verdict_on_its_lateness() {
    // the issue's step 1: 200 of 200 ops/s, intended p99 61 ms under the 100 ms bound, flagged by the engine
    FindmaxSearch search = new FindmaxSearch(Collections.singletonList(FindmaxSla.parse("p99<100ms")), 0.05, 30);
    for (String cause : new String[] {"client", "machine", "database", "unexplained"}) {
      FindmaxStep s = step(200, 61_000, cause);
      search.judge(s);
      assertTrue(s.passed, cause + ": " + s.reason);
      assertFalse(s.inconclusive, cause);
      assertEquals("pass", s.reason);
    }
  }

  @Test
  void should_call_a_step_the_machine_disturbed_inconclusive_not_failed() {
    FindmaxSearch search = new FindmaxSearch(P99_10MS, 0.05, 30);
    FindmaxStep s = step(1000, 80_000, "machine");
    search.judge(s);
    assertFalse(s.passed);
    assertTrue(s.inconclusive);
    assertTrue(s.reason.startsWith("inconclusive: the machine did not run the client on time (p99 80.0 ms"),
        s.reason);
    FindmaxStep db = step(1000, 80_000, "database");
    search.judge(db);
    assertFalse(db.passed || db.inconclusive, "the database's own slowness fails the step: " + db.reason);
  }

  /** The database passes up to {@code capacity}; from {@code disturbedFrom} on the machine disturbs every step. */
  private static FindmaxSearch.Stepper busyMachineAbove(double capacity, double disturbedFrom, List<String> kinds) {
    return new FindmaxSearch.Stepper() {
      @Override
      public FindmaxStep run(int index, double rate) {
        return run(index, rate, "search");
      }

      @Override
      public FindmaxStep run(int index, double rate, String kind) {
        kinds.add(kind + "@" + Math.round(rate));
        FindmaxStep s = rate >= disturbedFrom ? step(rate, 900_000, "machine")
            : rate <= capacity ? step(rate, 2_000, "none") : step(rate, 5_000_000, "database");
        s.kind = kind;
        return s;
      }
    };
  }

  @Test
  void should_repeat_a_disturbed_step_once_and_end_with_the_highest_pass_as_a_lower_bound_when_it_stays_disturbed()
      throws Exception {
    List<String> kinds = new java.util.ArrayList<>();
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 30).search(1000, busyMachineAbove(50_000, 4000,
        kinds));
    assertEquals(Arrays.asList("search@1000", "search@2000", "search@4000", FindmaxSearch.MACHINE_REPEAT + "@4000"),
        kinds);
    assertEquals(2000, o.maximum, 0.1, "the highest pass, never 0 when a step passed");
    assertTrue(o.lowerBound);
    assertTrue(o.ending.startsWith("inconclusive at 4000 ops/s: the machine did not run the client on time"),
        o.ending);
    for (FindmaxStep s : o.steps.subList(2, 4)) {
      assertTrue(s.inconclusive && !s.passed, s.reason);
    }
    assertTrue(o.machineNote().startsWith("the machine was busy during steps 3, 4"), o.machineNote());
    String line = Findmax.resultLine(o, java.nio.file.Paths.get("findmax.md"));
    assertTrue(line.startsWith("findmax: highest passing rate 2000 ops/s (lower bound: the machine was busy)"), line);
    assertTrue(line.contains("the machine was busy during steps 3, 4"), line);
  }

  @Test
  void should_go_on_searching_when_the_repeat_of_a_disturbed_step_is_judged() throws Exception {
    // the machine disturbs only the first try at 4000 ops/s; its repeat fails on the database's own latency
    List<String> kinds = new java.util.ArrayList<>();
    FindmaxSearch.Stepper once = new FindmaxSearch.Stepper() {
      private boolean disturbed;

      @Override
      public FindmaxStep run(int index, double rate) {
        return run(index, rate, "search");
      }

      @Override
      public FindmaxStep run(int index, double rate, String kind) {
        kinds.add(kind + "@" + Math.round(rate));
        boolean now = rate == 4000 && !disturbed;
        disturbed |= now;
        FindmaxStep s = now ? step(rate, 900_000, "machine") : rate <= 3000 ? step(rate, 2_000, "none")
            : step(rate, 5_000_000, "database");
        s.kind = kind;
        return s;
      }
    };
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 30).search(1000, once);
    assertEquals(FindmaxSearch.MACHINE_REPEAT + "@4000", kinds.get(3), kinds.toString());
    assertFalse(o.lowerBound, o.ending);
    assertTrue(o.ending.startsWith("resolved"), o.ending);
    assertTrue(o.maximum <= 3000 && o.maximum >= 3000 * 0.95 / 1.05, o.maximum + ": " + o.ending);
  }

  @Test
  void should_try_half_the_rate_when_the_machine_disturbed_the_first_step_and_its_repeat() throws Exception {
    List<String> kinds = new java.util.ArrayList<>();
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 30).search(1000, busyMachineAbove(50_000, 1000,
        kinds));
    // 500 passes; doubling would reach the disturbed 1000 again: the search ends with 500 as a lower bound
    assertEquals(Arrays.asList("search@1000", FindmaxSearch.MACHINE_REPEAT + "@1000", "search@500"), kinds);
    assertEquals(500, o.maximum, 0.1);
    assertTrue(o.lowerBound);
    assertTrue(o.ending.startsWith("inconclusive at 1000 ops/s"), o.ending);
  }

  @Test
  void should_say_no_step_passed_rather_than_a_maximum_of_0_when_none_did() throws Exception {
    FindmaxSearch.Outcome o = new FindmaxSearch(P99_10MS, 0.05, 3).search(1000, busyMachineAbove(50_000, 1,
        new java.util.ArrayList<>()));
    assertEquals(0, o.maximum, 0);
    String line = Findmax.resultLine(o, java.nio.file.Paths.get("findmax.md"));
    assertTrue(line.startsWith("findmax: no step passed ("), line);
    assertFalse(line.contains("0 ops/s"), line);
  }

  @Test
  void should_pass_failures_within_the_error_budget_and_fail_those_beyond_it() {
    FindmaxSearch search = new FindmaxSearch(P99_10MS, 0.05, 30).errorBudget(0.001);
    FindmaxStep within = step(1000, 2_000, "none");
    within.operations = 10_000;
    FindmaxStep beyond = new FindmaxStep(1000, 1000, false, 10);
    beyond.operations = 10_000;
    beyond.intended.putAll(within.intended);
    FindmaxStep withinFailed = new FindmaxStep(1000, 1000, false, 9);
    withinFailed.operations = 10_000;
    withinFailed.intended.putAll(within.intended);
    search.judge(withinFailed);
    assertTrue(withinFailed.passed, withinFailed.reason);
    search.judge(beyond);
    assertFalse(beyond.passed);
    assertTrue(beyond.reason.startsWith("10 operations failed (0.100% of 10000; budget errors<0.1%)"), beyond.reason);
    FindmaxStep one = new FindmaxStep(1000, 1000, false, 1);
    one.operations = 10_000;
    one.intended.putAll(within.intended);
    new FindmaxSearch(P99_10MS, 0.05, 30).judge(one);
    assertFalse(one.passed, "without a budget no operation may fail");
  }

  @Test
  void should_read_the_error_budget_from_the_sla_and_refuse_a_bad_one() {
    Findmax.Options o = Findmax.Options.parse(new String[] {"basic", "--sla", "p99<10ms", "--sla", "errors < 0.5%"});
    assertEquals(0.005, o.errorBudget, 1e-12);
    assertEquals(1, o.slas.size());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Findmax.Options.parse(new String[] {"basic",
        "--sla", "errors<0%"})).getMessage().contains("above 0% and at most 100%"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Findmax.Options.parse(new String[] {"basic",
        "--sla", "errors<5"})).getMessage().contains("or an error budget errors<N%"));
  }

  @Test
  void should_judge_every_operation_type_against_every_sla() {
    FindmaxSearch search = new FindmaxSearch(Arrays.asList(FindmaxSla.parse("p99<10ms"),
        FindmaxSla.parse("p999 < 50 ms")), 0.05, 30);
    FindmaxStep s = new FindmaxStep(1000, 1000, false, 0);
    java.util.Map<String, Long> read = new java.util.HashMap<>();
    read.put("p99", 3_000L);
    read.put("p999", 8_000L);
    java.util.Map<String, Long> update = new java.util.HashMap<>();
    update.put("p99", 4_000L);
    update.put("p999", 60_000L);
    s.intended.put("READ", read);
    s.intended.put("UPDATE", update);
    search.judge(s);
    assertFalse(s.passed);
    assertTrue(s.reason.contains("p999 60.0 ms (bound p999<50ms)"), s.reason);
  }

  @Test
  void should_parse_slas_in_every_unit_and_refuse_other_forms() {
    assertEquals(10_000, FindmaxSla.parse("p99<10ms").limitUs);
    assertEquals(500, FindmaxSla.parse("P95 < 500us").limitUs);
    assertEquals(1_500_000, FindmaxSla.parse("avg<1.5s").limitUs);
    assertEquals("99.9PercentileLatency(us)", FindmaxSla.parse("p999<1s").outputField());
    for (String bad : new String[] {"p98<10ms", "p99>10ms", "p99<10", "p99<0ms", "latency<10ms", ""}) {
      assertThrows(IllegalArgumentException.class, () -> FindmaxSla.parse(bad), bad);
    }
  }

  @Test
  void should_refuse_missing_or_conflicting_options_with_one_line() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Findmax.Options.parse(new String[] {"basic"}))
        .getMessage().startsWith("at least one --sla is required"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Findmax.Options.parse(new String[] {"basic",
        "--sla", "p99<1ms", "-target", "500"})).getMessage().startsWith("-target is findmax's to choose"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Findmax.Options.parse(new String[] {"basic",
        "--sla", "p99<1ms", "--bogus", "1"})).getMessage().startsWith("unknown option --bogus"));
    Findmax.Options o = Findmax.Options.parse(new String[] {"basic", "-P", "workloads/workloada", "--sla",
        "p99<1ms", "--resolution=2%", "--step-time", "10s", "-threads", "8"});
    assertEquals(0.02, o.resolution, 1e-9);
    assertEquals(10, o.stepSeconds, 1e-9);
    assertEquals(Arrays.asList("-P", "workloads/workloada", "-threads", "8"), o.clientArgs);
  }

  /**
   * A signal during step {@code at}: the shutdown hook writes the record while that step runs, and the stopped step
   * ends the search. findmax.md, .csv and .json hold exactly the steps completed before it, the maximum so far
   * marked a lower bound; the search's own end then writes nothing over it.
   */
  @ParameterizedTest(name = "interrupted in step {0}")
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7})
  void should_write_the_record_of_the_completed_steps_when_interrupted(int at, @org.junit.jupiter.api.io.TempDir
      java.nio.file.Path out) throws Exception {
    FindmaxProgress progress = new FindmaxProgress();
    FindmaxSearch.Stepper model = capacity(2000, 1e12);
    java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
    FindmaxSearch.Stepper interrupted = (index, rate) -> {
      if (index == at) {
        progress.writeInterrupted(out, P99_10MS, 0, new java.io.PrintStream(log, true));
        throw new InterruptedException("stopped by a signal");
      }
      return model.run(index, rate);
    };
    org.junit.jupiter.api.Assertions.assertThrows(InterruptedException.class,
        () -> new FindmaxSearch(P99_10MS, 0.05, 30).search(1000, interrupted, progress.outcome()));
    assertFalse(progress.claim(), "the search's end must not write over the interrupted record");
    String json = new String(java.nio.file.Files.readAllBytes(out.resolve("findmax.json")),
        java.nio.charset.StandardCharsets.UTF_8);
    com.fasterxml.jackson.databind.JsonNode root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
    assertEquals(at - 1, root.get("steps").size(), json);
    assertTrue(root.get("lowerBound").asBoolean(), json);
    double best = 0;
    for (com.fasterxml.jackson.databind.JsonNode step : root.get("steps")) {
      if (step.get("passed").asBoolean()) {
        best = Math.max(best, step.get("target").asDouble());
      }
    }
    assertEquals(best, root.get("maximum").asDouble(), 0.0, json);
    String md = new String(java.nio.file.Files.readAllBytes(out.resolve("findmax.md")),
        java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(md.contains("interrupted after " + (at - 1) + " completed step"), md);
    assertEquals(at, java.nio.file.Files.readAllLines(out.resolve("findmax.csv")).size(), "header + one per step");
  }
}
