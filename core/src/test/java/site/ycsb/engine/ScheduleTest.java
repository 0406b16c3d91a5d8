package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import site.ycsb.NoOpWorkload;
import site.ycsb.Workload;
import site.ycsb.cli.UsageException;

/** The open-loop schedule: intended start times, slot hand-out, deadlines and stops. */
class ScheduleTest {
  @Test
  void should_place_slot_n_at_n_over_target_seconds_when_throttled() {
    OperationSchedule s = new OperationSchedule(1000, 4000, false);
    s.start(1_000_000_000L);
    assertEquals(1_000_000_000L, s.intendedStartNs(0));
    assertEquals(1_000_250_000L, s.intendedStartNs(1));
    assertEquals(1_250_000_000L, s.intendedStartNs(1000));
    assertTrue(s.isThrottled());
  }

  @Test
  void should_not_drift_when_the_slot_number_is_large() {
    OperationSchedule s = new OperationSchedule(Long.MAX_VALUE, 3, false);
    s.start(0);
    assertEquals(1_000_000_000_000_000L, s.intendedStartNs(3_000_000L), "a million seconds later, to the ns");
  }

  @Test
  void should_place_a_slot_beyond_the_clock_at_never_when_the_schedule_is_long_and_slow() {
    OperationSchedule s = new OperationSchedule(Long.MAX_VALUE, 1e-8, false);
    s.start(System.nanoTime());
    assertTrue(s.intendedStartNs(1) > s.startNs(), "ten years on, still in the future");
    assertEquals(Long.MAX_VALUE, s.intendedStartNs(1L << 40), "not wrapped round into the past");
    assertEquals(Long.MAX_VALUE, s.intendedStartNs(Long.MAX_VALUE - 1));
    s.setDeadline(s.startNs() + 1_000_000_000L);
    assertEquals(0, s.claim());
    assertEquals(OperationSchedule.NONE, s.claim(), "slot 1 lies after the deadline");
  }

  @Test
  void should_saturate_and_never_wrap_when_an_offset_passes_the_end_of_the_clock() {
    assertEquals(Long.MAX_VALUE, OperationSchedule.offset(Long.MAX_VALUE - 10, 11));
    assertEquals(Long.MAX_VALUE - 1, OperationSchedule.offset(Long.MAX_VALUE - 10, 9));
    assertEquals(Long.MAX_VALUE, OperationSchedule.offset(-5, 1e300));
    assertEquals(Long.MAX_VALUE, OperationSchedule.offset(0, Double.POSITIVE_INFINITY));
    assertEquals(95, OperationSchedule.offset(-5, 100));
  }

  @Test
  void should_start_the_measured_slots_when_the_first_is_claimed_when_the_warmup_fell_behind() {
    OperationSchedule s = new OperationSchedule(1000, 1000, false);
    AtomicLong told = new AtomicLong();
    long planned = System.nanoTime() - 50_000_000L;
    s.start(planned - 10_000_000L); // slot 10, the first measured, was due 50 ms ago
    s.measureFrom(10, told::set);
    for (int i = 0; i < 10; i++) {
      assertEquals(i, s.claim());
      assertEquals(s.startNs() + i * 1_000_000L, s.intendedStartNs(i), "warm-up slots keep their planned times");
    }
    long before = System.nanoTime();
    assertEquals(10, s.claim());
    long measuredStart = s.intendedStartNs(10);
    assertTrue(measuredStart >= before, "the measured schedule starts when its first slot is claimed");
    assertEquals(measuredStart, told.get());
    assertEquals(measuredStart + 5_000_000L, s.intendedStartNs(15), "and keeps the rate from there");
    assertEquals(measuredStart - planned, s.measuredStartDelayNs());
    assertTrue(s.measuredStartDelayNs() >= 50_000_000L, "the backlog: " + s.measuredStartDelayNs());
  }

  @Test
  void should_keep_the_planned_times_when_the_warmup_kept_the_schedule() {
    OperationSchedule s = new OperationSchedule(1000, 1000, false);
    s.start(System.nanoTime() + 60_000_000_000L);
    s.measureFrom(10, t -> { });
    for (int i = 0; i <= 20; i++) {
      s.claim();
    }
    assertEquals(s.startNs() + 10_000_000L, s.intendedStartNs(10));
    assertEquals(s.startNs() + 20_000_000L, s.intendedStartNs(20));
    assertEquals(0, s.measuredStartDelayNs());
  }

  @Test
  void should_convert_a_warmup_duration_to_the_first_slot_planned_at_or_after_it_when_throttled()
      throws UsageException {
    OperationSchedule thirds = new OperationSchedule(Long.MAX_VALUE, 3, false);
    assertEquals(3, thirds.firstSlotAtOrAfter(1_000_000_000L));
    assertEquals(4, thirds.firstSlotAtOrAfter(1_000_000_001L));
    assertEquals(0, thirds.firstSlotAtOrAfter(0));
    OperationSchedule fast = new OperationSchedule(Long.MAX_VALUE, 2000, false);
    assertEquals(2000, Warmup.parse("1s").inSlotsOf(fast).operations());
    assertEquals(500, Warmup.parse("500ops").inSlotsOf(fast).operations());
    OperationSchedule unthrottled = new OperationSchedule(Long.MAX_VALUE, 0, false);
    assertEquals(1_000_000_000L, Warmup.parse("1s").inSlotsOf(unthrottled).durationNs());
  }

  @Test
  void should_hand_out_no_slot_past_the_deadline_when_time_limited() {
    OperationSchedule s = new OperationSchedule(Long.MAX_VALUE, 1000, false);
    s.start(0);
    s.setDeadline(1_000_000_000L);
    long claimed = 0;
    while (s.claim() != OperationSchedule.NONE) {
      claimed++;
    }
    assertEquals(1001, claimed, "slots at 0, 1 ms, ..., 1000 ms");
  }

  @Test
  void should_hand_out_each_slot_exactly_once_when_threads_race() throws InterruptedException {
    OperationSchedule s = new OperationSchedule(200_000, 0, false);
    ConcurrentHashMap<Long, Boolean> seen = new ConcurrentHashMap<>();
    AtomicLong duplicates = new AtomicLong();
    Thread[] threads = new Thread[8];
    for (int i = 0; i < threads.length; i++) {
      threads[i] = new Thread(() -> {
        long slot;
        while ((slot = s.claim()) != OperationSchedule.NONE) {
          if (seen.put(slot, Boolean.TRUE) != null) {
            duplicates.incrementAndGet();
          }
        }
      });
      threads[i].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(0, duplicates.get());
    assertEquals(200_000, seen.size());
  }

  @Test
  void should_return_early_when_a_stop_is_requested_while_waiting() {
    OperationSchedule s = new OperationSchedule(10, 0.001, false);
    Workload w = new NoOpWorkload();
    w.requestStop();
    long st = System.nanoTime();
    s.awaitTime(System.nanoTime() + 60_000_000_000L, w);
    assertTrue(System.nanoTime() - st < 30_000_000_000L);
  }
}
