package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class UnixEpochTimestampGeneratorTest {

  @Test
  void should_step_by_the_interval_from_the_start_when_drawing() {
    UnixEpochTimestampGenerator gen = new UnixEpochTimestampGenerator(60, TimeUnit.SECONDS, 1_000_000);
    assertEquals(1_000_000L, gen.nextValue().longValue());
    assertEquals(1_000_060L, gen.nextValue().longValue());
    assertEquals(1_000_060L, gen.currentValue());
    assertEquals(1_000_000L, gen.lastValue().longValue(), "lastValue is the timestamp before the current one");
    assertEquals(120L, gen.getOffset(2));
  }

  @Test
  void should_start_near_now_when_no_start_is_given() {
    long before = System.currentTimeMillis() / 1000;
    UnixEpochTimestampGenerator gen = new UnixEpochTimestampGenerator();
    long first = gen.nextValue();
    long after = System.currentTimeMillis() / 1000;
    assertTrue(first >= before && first <= after, first + " not in [" + before + ", " + after + "]");
    long beforeMs = System.currentTimeMillis();
    long nanos = new UnixEpochTimestampGenerator(1, TimeUnit.NANOSECONDS).nextValue();
    assertTrue(Math.abs(nanos / 1_000_000 - beforeMs) < 5_000, "nanoseconds must count from the epoch: " + nanos);
  }

  @Test
  void should_restart_at_the_offset_when_initialised_again() {
    UnixEpochTimestampGenerator gen = new UnixEpochTimestampGenerator(10, TimeUnit.MILLISECONDS, 0);
    gen.nextValue();
    long before = System.currentTimeMillis();
    gen.initalizeTimestamp(3);
    long v = gen.nextValue();
    assertTrue(v >= before + 30 && v <= System.currentTimeMillis() + 30, "unexpected restart value " + v);
  }

  @Test
  void should_return_every_timestamp_once_when_random_discrete() {
    RandomDiscreteTimestampGenerator gen = new RandomDiscreteTimestampGenerator(5, TimeUnit.SECONDS, 100, 50);
    Set<Long> seen = new HashSet<>();
    boolean shuffled = false;
    long previous = Long.MIN_VALUE;
    for (int i = 0; i < 50; i++) {
      long v = gen.nextValue();
      assertTrue(v >= 100 && v <= 100 + 49 * 5 && (v - 100) % 5 == 0, "unexpected " + v);
      assertTrue(seen.add(v), "repeated " + v);
      assertEquals(v, gen.currentValue());
      shuffled |= v < previous;
      previous = v;
    }
    assertTrue(shuffled, "50 timestamps came out in increasing order");
    assertThrows(IllegalStateException.class, gen::nextValue);
  }

  @Test
  void should_reject_the_arguments_when_they_make_no_sense() {
    assertThrows(IllegalArgumentException.class, () -> new UnixEpochTimestampGenerator(0, TimeUnit.SECONDS));
    assertThrows(IllegalArgumentException.class, () -> new UnixEpochTimestampGenerator(1, null, 0));
    assertThrows(IllegalArgumentException.class,
        () -> new RandomDiscreteTimestampGenerator(1, TimeUnit.SECONDS, 0,
            RandomDiscreteTimestampGenerator.MAX_INTERVALS + 1));
  }
}
