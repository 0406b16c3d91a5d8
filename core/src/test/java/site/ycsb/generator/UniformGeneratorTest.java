package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class UniformGeneratorTest {

  @Test
  void should_pick_every_value_equally_when_drawing() {
    List<String> values = Arrays.asList("a", "b", "c", "d", "e");
    UniformGenerator gen = new UniformGenerator(values);
    long[] counts = new long[values.size()];
    for (int i = 0; i < 300_000; i++) {
      String v = gen.nextValue();
      assertEquals(v, gen.lastValue());
      counts[values.indexOf(v)]++;
    }
    Stats.assertFits("uniform strings", counts, Stats.uniform(values.size()));
  }

  @Test
  void should_draw_a_value_when_last_value_is_asked_first() {
    UniformGenerator gen = new UniformGenerator(Collections.singletonList("only"));
    assertEquals("only", gen.lastValue());
    assertEquals("only", gen.nextString());
  }

  @Test
  void should_not_see_later_changes_when_the_collection_is_modified() {
    List<String> values = new java.util.ArrayList<>(Arrays.asList("x", "y"));
    UniformGenerator gen = new UniformGenerator(values);
    values.clear();
    assertTrue(gen.nextValue().matches("[xy]"));
  }

  @Test
  void should_reject_the_collection_when_it_is_empty() {
    assertThrows(IllegalArgumentException.class, () -> new UniformGenerator(Collections.emptyList()));
  }
}
