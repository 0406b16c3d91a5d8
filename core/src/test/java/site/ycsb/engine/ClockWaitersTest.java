package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import site.ycsb.NoOpWorkload;
import site.ycsb.Workload;

/** The clock's waiters: how many threads wait for slots, and when an idle thread is called in. */
class ClockWaitersTest {
  /** Generous bounds on a busy machine: liveness, not speed. */
  private static final long PATIENCE_S = 20;
  /** What counts as a slow operation in these tests, ns. */
  private static final long SLOW = 1_000_000;
  /** The calling waiter had to wait for its slot's time. */
  private static final boolean ON_TIME = true;
  /** The calling waiter was late for its slot (a backlog). */
  private static final boolean LATE = false;
  /** An idle thread's re-check period that never comes within a test: only a call can wake it. */
  private static final long NEVER_NS = TimeUnit.HOURS.toNanos(1);
  /** A short re-check period, for what only the re-check can see (a stop, waiters that ran out). */
  private static final long SOON_NS = TimeUnit.MILLISECONDS.toNanos(10);

  private static Workload workload() {
    return new NoOpWorkload();
  }

  /** An idle thread parked in awaitCall; its result lands in {@link #results}. */
  private static final class IdleThread extends Thread {
    final BlockingQueue<Boolean> results = new LinkedBlockingQueue<>();
    private final ClockWaiters waiters;
    private final Workload stop;
    volatile boolean parked;

    IdleThread(ClockWaiters waiters, Workload stop) {
      this.waiters = waiters;
      this.stop = stop;
      setDaemon(true);
    }

    @Override
    public void run() {
      ClockWaiters.Idle me = new ClockWaiters.Idle();
      parked = true;
      results.add(waiters.awaitCall(me, stop));
    }

    Boolean result() throws InterruptedException {
      return results.poll(PATIENCE_S, TimeUnit.SECONDS);
    }
  }

  /** Starts idle threads one after the other, each on the stack before the next (the stack's order is theirs). */
  private static IdleThread[] parkIdle(ClockWaiters w, Workload stop, int n) throws InterruptedException {
    IdleThread[] threads = new IdleThread[n];
    for (int i = 0; i < n; i++) {
      int before = w.idle();
      threads[i] = new IdleThread(w, stop);
      threads[i].start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_S);
      while (w.idle() == before && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      assertEquals(before + 1, w.idle(), "idle thread " + i + " is on the stack");
    }
    return threads;
  }

  @Test
  void should_let_threads_claim_until_max_are_waiting_when_the_clock_is_covered() {
    ClockWaiters w = new ClockWaiters(3, SLOW, NEVER_NS);
    for (int i = 0; i < 3; i++) {
      assertTrue(w.shouldClaim(), "waiter " + i);
      w.startWaiting();
    }
    assertFalse(w.shouldClaim(), "three wait: a fourth goes idle");
    w.endWaiting(SLOW, LATE);
    assertTrue(w.shouldClaim());
  }

  @Test
  void should_size_the_waiters_by_rate_with_a_floor_when_built_for_a_target() {
    assertEquals(ClockWaiters.MIN_WAITERS, ClockWaiters.forRate(1).max());
    assertEquals(ClockWaiters.MIN_WAITERS, ClockWaiters.forRate(10_000).max());
    assertEquals(ClockWaiters.MIN_WAITERS, ClockWaiters.forRate(200_000).max());
    assertEquals(10, ClockWaiters.forRate(500_000).max());
    assertEquals(20, ClockWaiters.forRate(1_000_000).max());
    assertEquals(1 << 20, ClockWaiters.forRate(1e30).max(), "capped, never overflowed");
    assertThrows(IllegalArgumentException.class, () -> new ClockWaiters(0, SLOW, NEVER_NS));
  }

  @Test
  void should_take_an_operation_as_slow_when_it_outlasts_the_span_the_waiters_cover() {
    assertEquals(4_000_000L, ClockWaiters.forRate(1000).slowOpNs(), "4 waiters at 1,000 ops/s cover 4 ms");
    assertEquals(20_000L, ClockWaiters.forRate(200_000).slowOpNs(), "4 waiters at 200,000 ops/s cover 20 us");
    assertTrue(ClockWaiters.forRate(1e-12).slowOpNs() > 0, "a very slow schedule does not overflow");
  }

  @Test
  void should_call_the_most_recently_idle_thread_when_too_few_waiters_are_left() throws InterruptedException {
    ClockWaiters w = fullyCovered(4, NEVER_NS); // calls one in below 2 waiters
    IdleThread[] idle = parkIdle(w, workload(), 2);
    w.endWaiting(SLOW, LATE); // 3 left
    w.endWaiting(SLOW, LATE); // 2 left
    assertEquals(2, w.idle(), "enough waiters: nobody called");
    w.endWaiting(SLOW, LATE); // 1 left: one is called, the last to go idle
    assertEquals(Boolean.TRUE, idle[1].result());
    assertEquals(1, w.idle());
    assertTrue(idle[0].results.isEmpty(), "the older idle thread stays parked");
    w.endWaiting(SLOW, LATE); // 0 left
    assertEquals(Boolean.TRUE, idle[0].result());
    assertEquals(0, w.idle());
  }

  @Test
  void should_call_no_one_in_when_late_and_the_last_operation_was_quick() throws InterruptedException {
    ClockWaiters w = fullyCovered(2, NEVER_NS); // calls one in below 1 waiter
    IdleThread[] idle = parkIdle(w, workload(), 1);
    w.endWaiting(SLOW - 1, LATE); // 1 left
    w.endWaiting(SLOW - 1, LATE); // 0 left, but this thread will be back before the next slots are due
    Thread.sleep(100);
    assertTrue(idle[0].results.isEmpty(), "not called in");
    assertEquals(1, w.idle());
    w.startWaiting();
    w.endWaiting(SLOW, LATE); // a slow operation: the idle thread is needed
    assertEquals(Boolean.TRUE, idle[0].result());
  }

  @Test
  void should_call_one_in_when_on_time_and_too_few_waiters_are_left_even_after_quick_operations()
      throws InterruptedException {
    ClockWaiters w = fullyCovered(2, NEVER_NS); // calls one in below 1 waiter
    IdleThread[] idle = parkIdle(w, workload(), 1);
    w.endWaiting(SLOW - 1, ON_TIME); // 1 left
    assertEquals(1, w.idle(), "enough waiters: nobody called");
    // the last waiter goes into its operation on time: should the database stall now, the next slots need a thread
    w.endWaiting(SLOW - 1, ON_TIME);
    assertEquals(Boolean.TRUE, idle[0].result());
    assertEquals(0, w.idle());
  }

  @Test
  void should_come_back_by_itself_when_the_waiters_ran_out_without_calling() throws InterruptedException {
    ClockWaiters w = fullyCovered(2, SOON_NS);
    IdleThread[] idle = parkIdle(w, workload(), 1);
    w.endWaiting(SLOW - 1, LATE);
    w.endWaiting(SLOW - 1, LATE); // nobody waits on the clock now, and nobody was called
    assertEquals(Boolean.TRUE, idle[0].result(), "back at its next re-check");
    assertEquals(0, w.idle());
  }

  @Test
  void should_not_park_when_the_waiters_ran_out_before_the_thread_went_idle() {
    ClockWaiters w = new ClockWaiters(4, SLOW, NEVER_NS);
    // nobody waits on the clock: going idle now would leave the schedule uncovered
    assertTrue(w.awaitCall(new ClockWaiters.Idle(), workload()));
    assertEquals(0, w.idle());
  }

  @Test
  void should_end_idle_threads_when_the_schedule_is_closed() throws InterruptedException {
    ClockWaiters w = fullyCovered(2, NEVER_NS);
    IdleThread[] idle = parkIdle(w, workload(), 3);
    w.close();
    for (IdleThread t : idle) {
      assertEquals(Boolean.FALSE, t.result(), "told to end its loop");
    }
    assertEquals(0, w.idle(), "nobody left on the stack");
  }

  @Test
  void should_end_an_idle_thread_when_a_stop_is_requested() throws InterruptedException {
    ClockWaiters w = fullyCovered(2, SOON_NS);
    Workload stop = workload();
    IdleThread[] idle = parkIdle(w, stop, 1);
    stop.requestStop();
    assertEquals(Boolean.FALSE, idle[0].result(), "seen at its next re-check");
    assertEquals(0, w.idle());
  }

  /** Waiters for at most {@code max} threads on the clock, all of them waiting. */
  private static ClockWaiters fullyCovered(int max, long recheckNs) {
    ClockWaiters w = new ClockWaiters(max, SLOW, recheckNs);
    for (int i = 0; i < max; i++) {
      w.startWaiting();
    }
    return w;
  }
}
