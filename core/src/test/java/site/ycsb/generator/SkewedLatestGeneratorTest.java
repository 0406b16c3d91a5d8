package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class SkewedLatestGeneratorTest {

  private static double[] reversedZipf(int n) {
    double[] p = new GrayZipfian(n, 0.99).probabilities();
    double[] reversed = new double[n];
    for (int k = 0; k < n; k++) {
      reversed[n - 1 - k] = p[k];
    }
    return reversed;
  }

  @Test
  void should_favour_the_latest_value_when_drawing() {
    CounterGenerator basis = new CounterGenerator(300); // lastValue 299: values 0..299
    SkewedLatestGenerator gen = new SkewedLatestGenerator(basis);
    long[] counts = new long[300];
    for (int i = 0; i < 600_000; i++) {
      long v = gen.nextValue();
      assertEquals(v, gen.lastValue().longValue());
      counts[(int) v]++;
    }
    Stats.assertFits("latest(300)", counts, reversedZipf(300));
  }

  @Test
  void should_follow_the_basis_when_it_grows() {
    CounterGenerator basis = new CounterGenerator(100);
    SkewedLatestGenerator gen = new SkewedLatestGenerator(basis);
    gen.nextValue();
    for (int i = 0; i < 400; i++) {
      basis.nextValue(); // lastValue becomes 499
    }
    long[] counts = new long[500];
    for (int i = 0; i < 600_000; i++) {
      counts[gen.nextValue().intValue()]++;
    }
    Stats.assertFits("latest grown to 500", counts, reversedZipf(500));
  }

  @Test
  void should_never_pass_the_acknowledged_limit_when_threads_insert_and_read() throws Exception {
    AcknowledgedCounterGenerator keys = new AcknowledgedCounterGenerator(1000);
    for (long k = 0; k < 1000; k++) {
      keys.acknowledge(k);
    }
    SkewedLatestGenerator gen = new SkewedLatestGenerator(keys);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<?>> futures = new ArrayList<>();
    try {
      for (int t = 0; t < 8; t++) {
        futures.add(pool.submit(() -> {
          for (int i = 0; i < 50_000; i++) {
            if (i % 4 == 0) {
              keys.acknowledge(keys.nextValue());
            }
            long v = gen.nextValue();
            long limit = keys.lastValue();
            assertTrue(v >= 0 && v <= limit, v + " beyond the acknowledged limit " + limit);
          }
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1000 + 8 * 12_500 - 1, keys.lastValue().longValue());
  }

  @Test
  void should_fail_clearly_when_nothing_is_available_yet() {
    SkewedLatestGenerator gen = new SkewedLatestGenerator(new AcknowledgedCounterGenerator(0));
    IllegalStateException e = assertThrows(IllegalStateException.class, gen::nextValue);
    assertTrue(e.getMessage().contains("no value"), e.getMessage());
  }
}
