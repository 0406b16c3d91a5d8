package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** errors.giveup's rule over instants and counts given to it (no waiting). */
class GiveUpWatchTest {
  private static final long S = TimeUnit.SECONDS.toNanos(1);

  private static Map<String, Map<String, Long>> counts(long readOk, long readUnavailable, long updateError,
      long readNotFound) {
    Map<String, Map<String, Long>> c = new TreeMap<>();
    Map<String, Long> read = new TreeMap<>();
    read.put("OK", readOk);
    read.put("UNAVAILABLE", readUnavailable);
    read.put("NOT_FOUND", readNotFound);
    c.put("READ", read);
    Map<String, Long> update = new TreeMap<>();
    update.put("ERROR", updateError);
    c.put("UPDATE", update);
    // the intended measurement and the data-integrity checks are no operations of their own
    Map<String, Long> verify = new TreeMap<>();
    verify.put("UNEXPECTED_STATE", 99L);
    c.put("VERIFY", verify);
    return c;
  }

  @Test
  void should_end_the_run_naming_the_failures_when_everything_fails_from_the_start_for_the_window() {
    GiveUpWatch w = new GiveUpWatch(60 * S);
    assertNull(w.observe(0, counts(0, 0, 0, 0)));
    assertNull(w.observe(30 * S, counts(0, 50, 10, 0)));
    assertNull(w.observe(60 * S - 1, counts(0, 100, 20, 0)), "not before the window is over");
    String verdict = w.observe(60 * S, counts(0, 100, 20, 0));
    assertEquals("ended early: for 60s every operation failed and none was answered (120 failed: READ UNAVAILABLE=100,"
        + " UPDATE ERROR=20; errors.giveup=60s): the database cannot serve this run as configured; see the binding's "
        + "messages above", verdict);
  }

  @Test
  void should_count_the_window_from_the_last_answer_and_name_only_its_failures_when_successes_came_first() {
    GiveUpWatch w = new GiveUpWatch(10 * S);
    assertNull(w.observe(0, counts(0, 0, 0, 0)));
    assertNull(w.observe(5 * S, counts(500, 3, 0, 0)));
    // the last answer at 5 s: the window runs from there
    assertNull(w.observe(14 * S, counts(500, 40, 0, 0)));
    String verdict = w.observe(15 * S, counts(500, 43, 7, 0));
    assertTrue(verdict != null && verdict.contains("(47 failed: READ UNAVAILABLE=40, UPDATE ERROR=7;"), verdict);
  }

  @Test
  void should_go_on_when_an_outage_heals_within_the_window() {
    GiveUpWatch w = new GiveUpWatch(10 * S);
    assertNull(w.observe(0, counts(100, 0, 0, 0)));
    assertNull(w.observe(9 * S, counts(100, 900, 0, 0)));
    assertNull(w.observe(10 * S, counts(101, 1000, 0, 0)), "one answer: the database is back");
    assertNull(w.observe(19 * S, counts(101, 1900, 0, 0)));
    assertTrue(w.observe(20 * S, counts(101, 2000, 0, 0)) != null, "a new window of failures ends it");
  }

  @Test
  void should_take_not_found_as_an_answer_and_a_window_without_failures_as_no_reason() {
    GiveUpWatch w = new GiveUpWatch(10 * S);
    assertNull(w.observe(0, counts(0, 0, 0, 0)));
    assertNull(w.observe(11 * S, counts(0, 0, 0, 0)), "nothing ended (a stall) is not this rule's to judge");
    assertNull(w.observe(12 * S, counts(0, 5, 0, 30)), "NOT_FOUND answered");
    assertNull(w.observe(21 * S, counts(0, 10, 0, 30)));
    assertTrue(w.observe(22 * S, counts(0, 11, 0, 30)) != null);
  }

  @Test
  void should_never_end_the_run_when_switched_off() {
    GiveUpWatch w = new GiveUpWatch(0);
    assertNull(w.observe(0, counts(0, 0, 0, 0)));
    assertNull(w.observe(3600 * S, counts(0, 1_000_000, 0, 0)));
  }
}
