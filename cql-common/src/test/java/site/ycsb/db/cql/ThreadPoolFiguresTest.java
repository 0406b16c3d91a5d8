package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A node's thread pools as figures: counts as they are, completed tasks as a rate between two readings. */
class ThreadPoolFiguresTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void should_give_active_pending_and_blocked_but_no_rate_when_it_is_the_first_reading() {
    Map<String, Double> f = new ThreadPoolFigures().figures(Arrays.asList(
        new ThreadPoolFigures.Pool("ReadStage", 3, 17, 0L, 1000L),
        new ThreadPoolFigures.Pool("Native-Transport-Requests", 1, 0, 5L, 10L)), 0);
    assertEquals(Arrays.asList("ReadStage active", "ReadStage pending", "ReadStage blocked",
        "Native-Transport-Requests active", "Native-Transport-Requests pending", "Native-Transport-Requests blocked"),
        Arrays.asList(f.keySet().toArray()));
    assertEquals(17.0, f.get("ReadStage pending"));
    assertEquals(5.0, f.get("Native-Transport-Requests blocked"));
    assertEquals(3.0, f.get("ReadStage active"));
  }

  @Test
  void should_not_count_its_own_query_among_the_active_requests_when_it_reads_the_request_pool() {
    ThreadPoolFigures t = new ThreadPoolFigures();
    assertEquals(0.0, t.figures(Collections.singletonList(
        new ThreadPoolFigures.Pool("Native-Transport-Requests", 1, 0, 0L, 5L)), 0).get(
        "Native-Transport-Requests active"), "an idle node answers 1: the query itself");
    assertEquals(6.0, t.figures(Collections.singletonList(
        new ThreadPoolFigures.Pool("Native-Transport-Requests", 7, 0, 0L, 9L)), SECOND).get(
        "Native-Transport-Requests active"));
    assertEquals(0.0, t.figures(Collections.singletonList(
        new ThreadPoolFigures.Pool("Native-Transport-Requests", 0, 0, 0L, 9L)), 2 * SECOND).get(
        "Native-Transport-Requests active"), "never below 0");
  }

  @Test
  void should_give_completed_tasks_per_second_of_the_time_between_two_readings() {
    ThreadPoolFigures t = new ThreadPoolFigures();
    t.figures(Collections.singletonList(new ThreadPoolFigures.Pool("ReadStage", 0, 0, 0L, 1000L)), 5 * SECOND);
    Map<String, Double> f = t.figures(Collections.singletonList(
        new ThreadPoolFigures.Pool("ReadStage", 0, 0, 0L, 4000L)), 7 * SECOND);
    assertEquals(1500.0, f.get("ReadStage completed/s"), 1e-9);
  }

  @Test
  void should_give_no_rate_when_the_count_went_down_or_the_pool_is_new_or_no_time_passed() {
    ThreadPoolFigures t = new ThreadPoolFigures();
    t.figures(Arrays.asList(new ThreadPoolFigures.Pool("ReadStage", 0, 0, 0L, 1000L),
        new ThreadPoolFigures.Pool("MutationStage", 0, 0, 0L, 50L)), SECOND);
    Map<String, Double> f = t.figures(Arrays.asList(new ThreadPoolFigures.Pool("ReadStage", 0, 0, 0L, 10L),
        new ThreadPoolFigures.Pool("MutationStage", 0, 0, 0L, 60L),
        new ThreadPoolFigures.Pool("ViewBuildExecutor", 0, 0, 0L, 7L)), 2 * SECOND);
    assertFalse(f.containsKey("ReadStage completed/s"), "a restarted node's counter: " + f);
    assertFalse(f.containsKey("ViewBuildExecutor completed/s"), f.toString());
    assertEquals(10.0, f.get("MutationStage completed/s"), 1e-9);
    Map<String, Double> same = t.figures(Collections.singletonList(
        new ThreadPoolFigures.Pool("MutationStage", 0, 0, 0L, 70L)), 2 * SECOND);
    assertFalse(same.containsKey("MutationStage completed/s"), same.toString());
  }

  @Test
  void should_read_missing_numbers_as_zero_and_skip_a_pool_without_a_name_when_a_server_version_lacks_columns() {
    Map<String, Double> f = new ThreadPoolFigures().figures(Arrays.asList(
        new ThreadPoolFigures.Pool("ReadStage", null, 4, null, null),
        new ThreadPoolFigures.Pool(null, 1, 1, 1L, 1L), new ThreadPoolFigures.Pool("", 1, 1, 1L, 1L)), 0);
    assertEquals(3, f.size(), f.toString());
    assertEquals(0.0, f.get("ReadStage active"));
    assertEquals(4.0, f.get("ReadStage pending"));
  }
}
