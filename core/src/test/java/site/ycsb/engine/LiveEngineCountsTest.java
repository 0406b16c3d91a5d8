package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * What the live metrics read from counts the engine keeps anyway: how far the schedule is behind now, and the
 * operations in flight on either path.
 */
class LiveEngineCountsTest {
  @Test
  void should_say_how_long_ago_the_next_unclaimed_slot_was_due_when_the_schedule_is_behind() {
    OperationSchedule s = new OperationSchedule(1000, 1000, false);
    s.start(1_000_000_000L);
    assertEquals(0, s.behindNs(999_000_000L), "the first slot lies ahead");
    assertEquals(0, s.behindNs(1_000_000_000L));
    assertEquals(30_000_000L, s.behindNs(1_030_000_000L), "slot 0, due at the start, is unclaimed 30 ms on");
    s.claim();
    s.claim();
    assertEquals(28_000_000L, s.behindNs(1_030_000_000L), "slot 2 was due at +2 ms");
    assertEquals(0, s.behindNs(1_001_000_000L), "slot 2 lies ahead then");
  }

  @Test
  void should_be_behind_by_nothing_when_unthrottled_or_when_every_slot_is_taken() {
    OperationSchedule unthrottled = new OperationSchedule(1000, 0, false);
    unthrottled.start(0);
    assertEquals(0, unthrottled.behindNs(5_000_000_000L));
    OperationSchedule done = new OperationSchedule(2, 1000, false);
    done.start(0);
    done.claim();
    done.claim();
    assertEquals(0, done.behindNs(5_000_000_000L), "no slot left to start late");
  }

  @Test
  void should_measure_from_the_planned_start_when_the_first_measured_slot_is_not_yet_claimed() {
    OperationSchedule s = new OperationSchedule(1000, 1000, false);
    s.start(0);
    s.measureFrom(1, at -> { });
    s.claim();
    // slot 1's measured start is set only when a thread claims it; its planned start (+1 ms) is used until then
    assertEquals(9_000_000L, s.behindNs(10_000_000L));
  }

  /** A unit of the asynchronous path, or a blocking thread (-1), with a fixed count in flight. */
  private static Worker unit(long inFlight) {
    return new Worker() {
      public long operationsSoFar() {
        return 0;
      }

      public long measuredOps() {
        return 0;
      }

      public long busyNs() {
        return 0;
      }

      public long queuedNs() {
        return 0;
      }

      public long maxQueuedNs() {
        return 0;
      }

      public long firstMeasuredStartNs() {
        return Long.MAX_VALUE;
      }

      public long lastOpEndNs() {
        return Long.MIN_VALUE;
      }

      public long inFlightNow() {
        return inFlight;
      }
    };
  }

  @Test
  void should_add_up_the_dispatchers_places_taken_when_the_run_is_asynchronous() {
    RunState run = new RunState(3);
    run.register(unit(5));
    run.register(unit(0));
    run.register(unit(12));
    assertEquals(17, run.inFlightNow(null));
  }

  @Test
  void should_count_the_threads_in_their_loop_less_the_clocks_waiters_when_the_run_is_blocking() {
    RunState run = new RunState(4);
    for (int i = 0; i < 4; i++) {
      run.register(unit(-1));
    }
    assertEquals(4, run.inFlightNow(null), "unthrottled: every thread in its loop is in an operation");
    ClockWaiters waiters = new ClockWaiters(4, 1_000_000L, ClockWaiters.RECHECK_NS);
    waiters.startWaiting();
    assertEquals(3, run.inFlightNow(waiters), "one waits for its slot's time");
    run.opsDone.countDown();
    run.opsDone.countDown();
    assertEquals(1, run.inFlightNow(waiters), "two threads left their loop");
    run.opsDone.countDown();
    run.opsDone.countDown();
    assertEquals(0, run.inFlightNow(waiters), "never below zero");
  }
}
