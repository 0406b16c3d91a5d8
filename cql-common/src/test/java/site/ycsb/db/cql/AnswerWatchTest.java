package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The per-node answer watch on an injected clock: when a node is silent, when it answers again, what is reported. */
class AnswerWatchTest {
  static final long THRESHOLD_MS = 2000;
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  /** The reports, one line each: "node silent|answering: source". */
  static final class Events implements AnswerWatch.Reports {
    final List<String> lines = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void silence(String node, boolean silent, String source) {
      lines.add(node + (silent ? " silent: " : " answering: ") + source);
    }

    List<String> copy() {
      synchronized (lines) {
        return new ArrayList<>(lines);
      }
    }
  }

  private final AtomicLong clock = new AtomicLong(1_000_000_000L);
  private final Events events = new Events();
  private final AnswerWatch<String> watch = new AnswerWatch<>(THRESHOLD_MS, key -> key + ":9042", key -> true,
      clock::get, events);

  private long at(long millisFromStart) {
    return 1_000_000_000L + millisFromStart * MS;
  }

  private void now(long millisFromStart) {
    clock.set(at(millisFromStart));
  }

  @Test
  void should_find_a_node_silent_at_the_threshold_and_not_before_when_an_attempt_waits_on_it_unanswered() {
    AnswerWatch.Node node = watch.node("127.0.0.3");
    watch.answered(node);
    now(100);
    long sent = clock.get();
    assertFalse(watch.silent(node, sent, at(100 + THRESHOLD_MS - 1)), "one millisecond before the threshold");
    assertTrue(events.copy().isEmpty());
    assertEquals(at(100 + THRESHOLD_MS), watch.nextCheckNs(node, sent, at(100 + THRESHOLD_MS - 500)),
        "the next look is when the threshold is reached");
    assertTrue(watch.silent(node, sent, at(100 + THRESHOLD_MS)));
    assertTrue(watch.isSilent("127.0.0.3") && watch.anySilent());
    assertEquals(Collections.singletonList("127.0.0.3"), watch.silentKeys());
    assertEquals(Collections.singletonList(
        "127.0.0.3:9042 silent: no answer for 2.0 s to any request, while one waited on it"), events.copy());
  }

  @Test
  void should_keep_the_earlier_time_when_answers_come_within_a_millisecond_and_the_later_one_when_a_millisecond_apart() {
    AnswerWatch.Node stream = watch.node("127.0.0.4");
    now(100);
    watch.answered(stream);
    clock.set(at(100) + MS / 2);
    watch.answered(stream); // half a millisecond later: not written, the node's time stays at 100 ms
    assertTrue(watch.silent(stream, at(99), at(100 + THRESHOLD_MS)), "quiet measured from the answer at 100 ms");

    AnswerWatch.Node apart = watch.node("127.0.0.5");
    now(100);
    watch.answered(apart);
    now(101);
    watch.answered(apart); // a millisecond later: written
    assertFalse(watch.silent(apart, at(99), at(100 + THRESHOLD_MS)), "quiet measured from the answer at 101 ms");
    assertTrue(watch.silent(apart, at(99), at(101 + THRESHOLD_MS)));
  }

  @Test
  void should_not_find_a_node_silent_when_it_answers_other_requests_while_one_request_waits_long() {
    AnswerWatch.Node node = watch.node("127.0.0.1");
    long sent = clock.get();
    for (long t = 500; t <= 10_000; t += 500) {
      now(t);
      watch.answered(node); // other requests to the node are answered all along
      assertFalse(watch.silent(node, sent, clock.get()), "at +" + t + " ms");
      assertTrue(watch.nextCheckNs(node, sent, clock.get()) - clock.get() >= THRESHOLD_MS * MS,
          "looks again a threshold after the node's last answer");
    }
    assertFalse(watch.anySilent());
    assertTrue(events.copy().isEmpty(), events.copy().toString());
  }

  @Test
  void should_count_only_the_time_since_the_attempt_was_sent_when_the_node_was_idle_before() {
    AnswerWatch.Node node = watch.node("127.0.0.2");
    watch.answered(node);
    now(60_000); // a minute without a request to it: nothing waited, nothing is wrong
    long sent = clock.get();
    assertFalse(watch.silent(node, sent, sent), "idle time is no silence");
    assertFalse(watch.silent(node, sent, sent + (THRESHOLD_MS - 1) * MS));
    assertEquals(0, events.copy().size());
    assertFalse(watch.isSilent("127.0.0.2"));
    assertFalse(watch.isSilent("a node the watch never heard of"));
  }

  @Test
  void should_report_each_change_once_and_answer_again_when_the_silent_node_answers_anything() {
    AnswerWatch.Node node = watch.node("127.0.0.3");
    long sent = clock.get();
    now(THRESHOLD_MS + 100);
    for (int i = 0; i < 5; i++) {
      assertTrue(watch.silent(node, sent, clock.get()), "check " + i);
      watch.gaveUp(node);
    }
    watch.timedOut(node); // the driver's own timeout of a request to it: already silent, nothing new
    assertEquals(1, events.copy().size(), events.copy().toString());
    assertTrue(events.copy().get(0).endsWith("no answer for 2.1 s to any request, while one waited on it"),
        events.copy().get(0));
    now(9_000);
    watch.answered(node);
    watch.answered(node);
    assertFalse(watch.isSilent(node));
    assertFalse(watch.anySilent());
    assertEquals(2, events.copy().size(), events.copy().toString());
    assertEquals("127.0.0.3:9042 answering: an answer after 9.0 s without one; 5 attempts waiting on it given up and "
        + "retried elsewhere", events.copy().get(1));
    // silent again later: a new change, reported again
    long again = clock.get();
    now(9_000 + THRESHOLD_MS);
    assertTrue(watch.silent(node, again, clock.get()));
    assertEquals(3, events.copy().size(), events.copy().toString());
  }

  @Test
  void should_find_silence_from_the_driver_timeouts_when_they_come_before_the_threshold() {
    AnswerWatch.Node node = watch.node("127.0.0.3");
    watch.answered(node);
    now(1000); // a request timeout of 1 s: the driver gives up each request before an attempt reaches the threshold
    watch.timedOut(node);
    assertFalse(watch.anySilent(), "answered 1 s ago");
    now(THRESHOLD_MS + 10);
    watch.timedOut(node);
    assertTrue(watch.isSilent(node));
    assertEquals(Collections.singletonList("127.0.0.3:9042 silent: a request timed out and no answer to any request "
        + "for 2.0 s"), events.copy());
  }

  @Test
  void should_see_another_node_to_go_to_only_when_one_is_known_usable_and_not_silent() {
    java.util.Set<String> down = new java.util.HashSet<>();
    AnswerWatch<String> w = new AnswerWatch<>(THRESHOLD_MS, k -> k, k -> !down.contains(k), clock::get, events);
    AnswerWatch.Node n3 = w.node("n3");
    assertFalse(w.answeringElsewhere(n3), "a single node: nowhere else");
    AnswerWatch.Node n1 = w.node("n1");
    assertTrue(w.answeringElsewhere(n3));
    down.add("n1");
    assertFalse(w.answeringElsewhere(n3), "the other node is down");
    down.clear();
    now(THRESHOLD_MS);
    assertTrue(w.silent(n1, at(0), clock.get()));
    assertFalse(w.answeringElsewhere(n3), "the other node is silent too");
    assertTrue(w.answeringElsewhere(n1) == !w.isSilent(n3));
  }

  @Test
  void should_refuse_a_threshold_that_is_not_positive() {
    assertThrows(IllegalArgumentException.class, () -> new AnswerWatch<String>(0, k -> k, k -> true, clock::get,
        events));
  }

  /**
   * Checks that find the node silent and answers race on two threads: whatever the interleaving, the reports alternate
   * (never two "silent" or two "answering" in a row, the first a "silent"), and the node ends in the state of the last
   * report.
   */
  @Test
  void should_alternate_its_reports_and_end_in_the_last_reported_state_when_answers_race_with_checks()
      throws Exception {
    AnswerWatch<String> real = new AnswerWatch<>(1, k -> k, k -> true, System::nanoTime, events);
    AnswerWatch.Node node = real.node("n");
    long sent = System.nanoTime() - TimeUnit.SECONDS.toNanos(10);
    CountDownLatch go = new CountDownLatch(1);
    Thread checker = new Thread(() -> {
      await(go);
      for (int i = 0; i < 200_000; i++) {
        // the node's last answer is at most a few microseconds old: only a check that reads the time first and an
        // answer that lands right after can both pass, which is the race under test
        real.silent(node, sent, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1));
      }
    });
    Thread answerer = new Thread(() -> {
      await(go);
      for (int i = 0; i < 200_000; i++) {
        real.answered(node);
      }
    });
    checker.start();
    answerer.start();
    go.countDown();
    checker.join(60_000);
    answerer.join(60_000);
    List<String> seen = events.copy();
    for (int i = 0; i < seen.size(); i++) {
      assertEquals(i % 2 == 0, seen.get(i).startsWith("n silent:"), "report " + i + " of " + seen.size() + ": "
          + seen.get(i));
    }
    assertEquals(seen.size() % 2 == 1, real.isSilent(node), "the state of the last report, after " + seen.size());
    assertEquals(real.isSilent(node), real.anySilent());
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
