package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class SequentialGeneratorTest {

  @Test
  void should_cycle_through_the_range_when_drawing() {
    SequentialGenerator gen = new SequentialGenerator(5, 7);
    assertEquals(4L, gen.lastValue().longValue());
    long[] expected = {5, 6, 7, 5, 6, 7, 5};
    for (long e : expected) {
      assertEquals(e, gen.nextValue().longValue());
      assertEquals(e, gen.lastValue().longValue(), "lastValue must be the value just returned");
    }
    assertEquals(6.0, gen.mean());
  }

  @Test
  void should_hand_out_each_value_equally_often_when_threads_share_it() throws Exception {
    int range = 1000;
    SequentialGenerator gen = new SequentialGenerator(3_000_000_000L, 3_000_000_000L + range - 1);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<long[]>> futures = new ArrayList<>();
    try {
      for (int t = 0; t < 8; t++) {
        futures.add(pool.submit(() -> {
          long[] counts = new long[range];
          for (int i = 0; i < 25_000; i++) {
            counts[(int) (gen.nextLong() - 3_000_000_000L)]++;
          }
          return counts;
        }));
      }
      long[] total = new long[range];
      for (Future<long[]> f : futures) {
        long[] c = f.get();
        for (int i = 0; i < range; i++) {
          total[i] += c[i];
        }
      }
      for (int i = 0; i < range; i++) {
        assertEquals(200, total[i], "value " + i + " was not handed out exactly 200 times");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void should_reject_the_range_when_end_is_before_start() {
    assertThrows(IllegalArgumentException.class, () -> new SequentialGenerator(2, 1));
  }
}
