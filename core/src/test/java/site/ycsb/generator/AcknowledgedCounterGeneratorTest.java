package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

class AcknowledgedCounterGeneratorTest {

  @Test
  void should_start_below_the_first_value_when_nothing_was_acknowledged() {
    AcknowledgedCounterGenerator gen = new AcknowledgedCounterGenerator(100);
    assertEquals(99L, gen.lastValue().longValue());
    assertEquals(100L, gen.nextValue().longValue());
    assertEquals(99L, gen.lastValue().longValue(), "handing out a value must not make it acknowledged");
  }

  @Test
  void should_advance_only_over_a_contiguous_run_when_acknowledged_out_of_order() {
    AcknowledgedCounterGenerator gen = new AcknowledgedCounterGenerator(10);
    gen.acknowledge(12);
    gen.acknowledge(11);
    assertEquals(9L, gen.lastValue().longValue());
    gen.acknowledge(10);
    assertEquals(12L, gen.lastValue().longValue());
    gen.acknowledge(14);
    assertEquals(12L, gen.lastValue().longValue());
    gen.acknowledge(13);
    assertEquals(14L, gen.lastValue().longValue());
  }

  @Test
  void should_ignore_a_repeated_acknowledgement_when_the_value_is_already_covered() {
    AcknowledgedCounterGenerator gen = new AcknowledgedCounterGenerator(0);
    gen.acknowledge(0);
    gen.acknowledge(0);
    gen.acknowledge(2);
    gen.acknowledge(2);
    assertEquals(0L, gen.lastValue().longValue());
    gen.acknowledge(1);
    assertEquals(2L, gen.lastValue().longValue());
  }

  @Test
  void should_not_fail_when_millions_of_values_are_outstanding() {
    // YCSB 0.17 throws "Too many unacknowledged insertion keys" beyond 2^20 outstanding values.
    long start = 5_000_000_000L;
    int outstanding = 3_000_000;
    AcknowledgedCounterGenerator gen = new AcknowledgedCounterGenerator(start);
    for (long v = start + outstanding; v > start; v--) {
      gen.acknowledge(v);
    }
    assertEquals(start - 1, gen.lastValue().longValue());
    gen.acknowledge(start);
    assertEquals(start + outstanding, gen.lastValue().longValue());
  }

  @Test
  void should_work_with_negative_values_when_started_below_zero() {
    AcknowledgedCounterGenerator gen = new AcknowledgedCounterGenerator(-70_000);
    for (long v = -1; v >= -70_000; v--) {
      gen.acknowledge(v);
    }
    assertEquals(-1L, gen.lastValue().longValue());
    gen.acknowledge(0);
    assertEquals(0L, gen.lastValue().longValue());
  }

  @Test
  void should_end_at_the_last_value_and_never_pass_a_gap_when_threads_acknowledge_out_of_order() throws Exception {
    int threads = 8;
    int perThread = 500_000;
    int batch = 5_000;
    long start = 1_000;
    long total = (long) threads * perThread;
    AcknowledgedCounterGenerator gen = new AcknowledgedCounterGenerator(start);
    AtomicLongArray acked = new AtomicLongArray((int) (total / 64 + 1));
    AtomicBoolean done = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
    try {
      // A watcher checks that the limit never covers a value that was not acknowledged yet.
      Future<Long> watcher = pool.submit(() -> {
        long previous = start - 1;
        long checks = 0;
        while (!done.get()) {
          long limit = gen.lastValue();
          assertTrue(limit >= previous, "the limit went backwards: " + previous + " -> " + limit);
          for (long v = previous + 1; v <= limit; v++) {
            int idx = (int) (v - start);
            assertTrue((acked.get(idx >>> 6) & (1L << (idx & 63))) != 0, "limit " + limit + " covers " + v
                + " which was not acknowledged");
          }
          previous = limit;
          checks++;
        }
        return checks;
      });
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        workers.add(pool.submit(() -> {
          ThreadLocalRandom rnd = ThreadLocalRandom.current();
          long[] mine = new long[batch];
          for (int done1 = 0; done1 < perThread; done1 += batch) {
            for (int i = 0; i < batch; i++) {
              mine[i] = gen.nextValue();
            }
            for (int i = batch - 1; i > 0; i--) {
              int j = rnd.nextInt(i + 1);
              long tmp = mine[i];
              mine[i] = mine[j];
              mine[j] = tmp;
            }
            for (long v : mine) {
              int idx = (int) (v - start);
              long bit = 1L << (idx & 63);
              long old;
              do {
                old = acked.get(idx >>> 6);
              } while (!acked.compareAndSet(idx >>> 6, old, old | bit));
              gen.acknowledge(v);
            }
          }
        }));
      }
      for (Future<?> f : workers) {
        f.get();
      }
      done.set(true);
      assertTrue(watcher.get() > 0);
    } finally {
      pool.shutdownNow();
    }
    assertEquals(start + total - 1, gen.lastValue().longValue(),
        "after every acknowledge returned, the limit must cover all values");
  }

  @Test
  void should_cover_every_value_when_concurrent_acknowledgements_of_one_round_have_returned() throws Exception {
    // Each round, the threads acknowledge adjacent values at the same moment; once all of them have returned, the
    // limit must include the whole round. This catches an acknowledgement lost while another thread slid the limit.
    int threads = 4;
    int rounds = 10_000;
    AcknowledgedCounterGenerator gen = new AcknowledgedCounterGenerator(0);
    AtomicInteger phase = new AtomicInteger();
    AtomicInteger arrived = new AtomicInteger();
    AtomicInteger lagging = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        final int me = t;
        workers.add(pool.submit(() -> {
          for (int r = 0; r < rounds; r++) {
            while (phase.get() != r) {
              Thread.yield();
            }
            gen.acknowledge((long) r * threads + (threads - 1 - me));
            if (arrived.incrementAndGet() == threads) {
              arrived.set(0);
              if (gen.lastValue() != (long) r * threads + threads - 1) {
                lagging.incrementAndGet();
              }
              phase.incrementAndGet();
            }
          }
        }));
      }
      for (Future<?> f : workers) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(0, lagging.get(), "rounds where the limit lagged after all acknowledgements returned");
    assertEquals((long) rounds * threads - 1, gen.lastValue().longValue());
  }

  @Test
  void should_include_a_value_when_it_was_acknowledged_while_another_thread_slid_the_limit() throws Exception {
    AcknowledgedCounterGenerator gen = new AcknowledgedCounterGenerator(0);
    AtomicBoolean injected = new AtomicBoolean();
    gen.whileSliding = () -> {
      if (injected.compareAndSet(false, true)) {
        // Another thread acknowledges the next value now: its tryLock fails, so it leaves the sliding to us.
        Thread other = new Thread(() -> gen.acknowledge(1));
        other.start();
        try {
          other.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        assertEquals(0L, gen.lastValue().longValue(), "the other thread must not have slid the limit itself");
      }
    };
    gen.acknowledge(0);
    assertTrue(injected.get());
    assertEquals(1L, gen.lastValue().longValue(), "the value acknowledged during the slide was lost");
  }
}
