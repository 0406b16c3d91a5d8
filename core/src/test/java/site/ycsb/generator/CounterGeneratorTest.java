package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class CounterGeneratorTest {

  @Test
  void should_count_up_from_the_start_when_drawing() {
    CounterGenerator gen = new CounterGenerator(5);
    assertEquals(4L, gen.lastValue().longValue());
    assertEquals(5L, gen.nextValue().longValue());
    assertEquals(6L, gen.nextValue().longValue());
    assertEquals(6L, gen.lastValue().longValue());
    assertEquals("7", gen.nextString());
    assertEquals("7", gen.lastString());
  }

  @Test
  void should_keep_counting_past_int_when_keys_exceed_two_to_the_31() {
    CounterGenerator gen = new CounterGenerator(Integer.MAX_VALUE);
    assertEquals((long) Integer.MAX_VALUE, gen.nextValue().longValue());
    assertEquals(Integer.MAX_VALUE + 1L, gen.nextValue().longValue());
  }

  @Test
  void should_hand_out_each_value_once_when_threads_share_it() throws Exception {
    CounterGenerator gen = new CounterGenerator(1000);
    int threads = 8;
    int perThread = 200_000;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<long[]>> futures = new ArrayList<>();
    try {
      for (int t = 0; t < threads; t++) {
        futures.add(pool.submit(() -> {
          long[] got = new long[perThread];
          for (int i = 0; i < perThread; i++) {
            got[i] = gen.nextValue();
          }
          return got;
        }));
      }
      BitSet seen = new BitSet();
      for (Future<long[]> f : futures) {
        for (long v : f.get()) {
          int idx = (int) (v - 1000);
          assertTrue(idx >= 0 && idx < threads * perThread, "out of range: " + v);
          assertTrue(!seen.get(idx), "handed out twice: " + v);
          seen.set(idx);
        }
      }
      assertEquals(threads * perThread, seen.cardinality());
      assertEquals(1000L + threads * perThread - 1, gen.lastValue().longValue());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void should_refuse_a_mean_when_asked() {
    assertThrows(UnsupportedOperationException.class, () -> new CounterGenerator(0).mean());
  }
}
