package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

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
    Workload w = new Workload() {
      @Override
      public boolean doInsert(DB db, Object threadstate) {
        return false;
      }

      @Override
      public boolean doTransaction(DB db, Object threadstate) {
        return false;
      }
    };
    w.requestStop();
    long st = System.nanoTime();
    s.awaitTime(System.nanoTime() + 60_000_000_000L, w);
    assertTrue(System.nanoTime() - st < 30_000_000_000L);
  }
}
