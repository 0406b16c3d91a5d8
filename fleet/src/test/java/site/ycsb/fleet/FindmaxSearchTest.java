package site.ycsb.fleet;

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
        progress.writeInterrupted(out, P99_10MS, new java.io.PrintStream(log, true));
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
