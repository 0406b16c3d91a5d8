package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The slow-node watch on probe answer times given by the test, checked at times the test chooses. */
class SlowNodeWatchTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  private final AnswerWatch<String> answers = new AnswerWatch<>(2000, k -> k + ":9042", k -> true, () -> 0L,
      (node, silent, source) -> { });
  private final SlowNodeWatch watch = new SlowNodeWatch(answers,
      (node, slow, source) -> events.add(node + (slow ? " slow: " : " fast: ") + source));
  private long second;

  /** One second of answers: {@code perNode} answers to each node, {@code slowShare} of node {@code slow}'s slow. */
  private void second(String[] nodes, int perNode, String slow, double slowShare, long slowMs, long fastMs) {
    for (String key : nodes) {
      AnswerWatch.Node node = answers.node(key);
      int slowOnes = key.equals(slow) ? (int) Math.round(perNode * slowShare) : 0;
      for (int i = 0; i < perNode; i++) {
        watch.record(node, (i < slowOnes ? slowMs : fastMs) * MS);
      }
    }
    second++;
    watch.check(second * TimeUnit.SECONDS.toNanos(1));
  }

  private static final String[] THREE = {"a", "b", "c"};

  @Test
  void should_name_a_node_slow_once_when_its_p90_is_four_times_the_others_and_over_the_floor() {
    for (int s = 0; s < 4; s++) {
      second(THREE, 100, "c", 0.3, 300, 2);
    }
    assertTrue(events.isEmpty(), "not before a whole window: " + events);
    for (int s = 0; s < 10; s++) {
      second(THREE, 100, "c", 0.3, 300, 2);
    }
    assertEquals(Collections.singletonList("c:9042 slow: its answers' p90 over the last 5 s 295 ms, the other nodes' "
        + "1.9 ms"), events);
    assertTrue(watch.isSlow(answers.node("c")));
    assertEquals(1, watch.slowCount());
  }

  @Test
  void should_say_the_node_is_fast_again_once_when_its_answers_come_back_to_the_others_speed() {
    for (int s = 0; s < 8; s++) {
      second(THREE, 100, "c", 0.3, 300, 2);
    }
    for (int s = 0; s < 3; s++) {
      second(THREE, 100, null, 0, 0, 2);
    }
    assertEquals(1, events.size(), "still slow while over a tenth of the window's answers are slow: " + events);
    second(THREE, 100, null, 0, 0, 2); // now 30 of the window's 500 answers are slow: its p90 is fast
    for (int s = 0; s < 6; s++) {
      second(THREE, 100, null, 0, 0, 2);
    }
    assertEquals(2, events.size(), events.toString());
    assertEquals("c:9042 fast: its answers' p90 over the last 5 s 1.9 ms, the other nodes' 1.9 ms", events.get(1));
    assertEquals(0, watch.slowCount());
  }

  @Test
  void should_not_name_a_node_when_its_answers_are_slower_but_under_the_floor() {
    for (int s = 0; s < 15; s++) {
      second(THREE, 100, "c", 0.5, 40, 1); // forty times slower, but 40 ms is no stall worth a name
    }
    assertEquals(Collections.emptyList(), events);
  }

  @Test
  void should_not_name_a_node_when_it_is_less_than_four_times_slower_than_the_others() {
    for (int s = 0; s < 15; s++) {
      second(THREE, 100, "c", 0.5, 200, 60); // the whole cluster is slow: about three times, not a node apart
    }
    assertEquals(Collections.emptyList(), events);
  }

  @Test
  void should_not_name_a_node_when_a_pause_holds_a_few_percent_of_its_answers() {
    for (int s = 0; s < 15; s++) {
      second(THREE, 100, "c", s % 5 == 0 ? 0.15 : 0, 300, 2); // a 300 ms pause every 5 s: 3% of a window's answers
    }
    assertEquals(Collections.emptyList(), events);
  }

  @Test
  void should_name_nothing_when_a_node_has_no_peer_to_compare_with_or_too_few_answers() {
    for (int s = 0; s < 15; s++) {
      second(new String[] {"alone"}, 100, "alone", 0.5, 5000, 1);
    }
    for (int s = 0; s < 15; s++) {
      second(THREE, 2, "c", 1.0, 5000, 1); // 10 answers in a window: too few to judge
    }
    assertEquals(Collections.emptyList(), events);
  }

  @Test
  void should_compare_with_the_higher_middle_node_when_two_of_four_nodes_are_slow() {
    String[] four = {"a", "b", "c", "d"};
    for (int s = 0; s < 15; s++) {
      for (String key : four) {
        AnswerWatch.Node node = answers.node(key);
        for (int i = 0; i < 100; i++) {
          watch.record(node, (key.equals("c") || key.equals("d")) && i < 30 ? 300 * MS : 2 * MS);
        }
      }
      second++;
      watch.check(second * TimeUnit.SECONDS.toNanos(1));
    }
    // For c, the others are a, b (2 ms) and d (300 ms): their higher middle is 2 ms, so c is slow; d likewise.
    assertEquals(2, events.size(), events.toString());
  }

  @Test
  void should_place_every_time_in_a_bucket_whose_value_is_within_a_fifth_of_it() {
    for (long us = 4; us < TimeUnit.SECONDS.toMicros(100); us = us * 11 / 10 + 1) {
      long v = SlowNodeWatch.value(SlowNodeWatch.bucket(us));
      assertTrue(Math.abs(v - us) <= us / 5.0, us + " µs read back as " + v);
    }
    assertEquals(0, SlowNodeWatch.bucket(-5), "a negative time (a clock step) goes to the first bucket");
  }
}
