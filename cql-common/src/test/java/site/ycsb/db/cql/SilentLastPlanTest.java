package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The query plan with silent nodes last: the order it hands out, and what it records. */
class SilentLastPlanTest {
  private final Set<String> silent = new HashSet<>();
  private final List<String> handedOut = new ArrayList<>();

  private List<String> drain(List<String> childPlan) {
    Iterator<String> plan = new SilentLastPlan<>(childPlan.iterator(), silent::contains, handedOut::add);
    List<String> out = new ArrayList<>();
    while (plan.hasNext()) {
      out.add(plan.next());
    }
    assertThrows(NoSuchElementException.class, plan::next);
    return out;
  }

  @Test
  void should_hand_out_the_child_plan_unchanged_and_record_each_node_when_no_node_is_silent() {
    List<String> child = Arrays.asList("n2", "n3", "n1", "n4");
    assertEquals(child, drain(child));
    assertEquals(child, handedOut);
  }

  @Test
  void should_put_silent_nodes_last_and_keep_the_order_of_the_others_when_some_are_silent() {
    silent.add("n2");
    silent.add("n1");
    assertEquals(Arrays.asList("n3", "n4", "n5", "n2", "n1"), drain(Arrays.asList("n2", "n3", "n1", "n4", "n5")));
  }

  @Test
  void should_still_hand_out_every_node_when_all_are_silent() {
    silent.addAll(Arrays.asList("n1", "n2", "n3", "n4", "n5", "n6"));
    assertEquals(Arrays.asList("n3", "n1", "n2", "n6", "n5", "n4"),
        drain(Arrays.asList("n3", "n1", "n2", "n6", "n5", "n4")));
  }

  @Test
  void should_record_only_the_nodes_handed_out_when_the_driver_stops_after_the_first() {
    Iterator<String> plan = new SilentLastPlan<>(Arrays.asList("n1", "n2").iterator(), silent::contains,
        handedOut::add);
    assertEquals("n1", plan.next());
    assertEquals(Collections.singletonList("n1"), handedOut);
    assertFalse(drain(Collections.emptyList()).iterator().hasNext());
  }
}
