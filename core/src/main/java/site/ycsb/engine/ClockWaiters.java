package site.ycsb.engine;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import site.ycsb.Workload;

/**
 * Keeps only a few client threads waiting on the schedule's clock (each holding a claimed slot until its time);
 * the other free threads wait, without a timer, on a last-in-first-out stack until a waiter calls one in.
 *
 * <p>Why: when every free thread claims a slot and parks until it, the threads take the slots in turn, so with
 * 256 threads each operation wakes a thread whose stack and objects were last touched 255 operations earlier and
 * have left the CPU's caches; the client's CPU per operation then grows with the thread count (measured in
 * {@code bench/core-overhead/findings-threads.md}). With a few waiters the same threads run again and again, and a
 * waiter that wakes late runs the slots that have come due back to back instead of parking once per slot. The
 * schedule itself is unchanged: slot {@code n} is still due at its planned time, whichever thread runs it, and a
 * slot that starts late is measured late.
 *
 * <p>When operations take long (a slow database), waiters are used up faster than finishing threads come back;
 * a waiter whose last operation was slow and that leaves fewer than {@code refillBelow} behind calls one idle
 * thread in before it runs its operation, so every thread can still be in an operation at once, as {@code -threads}
 * promises.
 *
 * <p>Thread-safe. Idle threads re-check every {@value #RECHECK_NS} ns, so a stop request or a lost call costs
 * at most that.
 */
final class ClockWaiters {
  /** How often an idle thread looks at the run's state again (a stop, the end, or waiters that ran out). */
  static final long RECHECK_NS = 50_000_000L;
  /** The fewest waiters kept, whatever the rate. */
  static final int MIN_WAITERS = 4;
  /**
   * The span of the schedule the waiters cover: at {@code target} ops/s, {@code target * COVER_NS / 1e9} waiters
   * (at least {@link #MIN_WAITERS}): 4 up to 200,000 ops/s, 20 at 1,000,000. More waiters cost CPU per operation
   * (each wakes for a slot of its own instead of running due slots back to back) without starting slots sooner.
   */
  static final long COVER_NS = 20_000L;

  private final int max;
  private final int refillBelow;
  private final long slowOpNs;
  private final long recheckNs;
  private final AtomicInteger waiting = new AtomicInteger();
  /** Idle threads, most recently idle first; guarded by itself. */
  private final ArrayDeque<Idle> idle = new ArrayDeque<>();
  private volatile boolean closed;

  /** One thread's place on the idle stack; create it on the thread that will wait with it. */
  static final class Idle {
    private final Thread thread = Thread.currentThread();
    private volatile boolean called;
  }

  /**
   * @param max threads waiting on the clock beyond which a free thread goes idle instead (at least 1)
   * @param slowOpNs an operation at least this long is slow: its thread calls an idle thread in when too few
   *     waiters are left (see {@link #endWaiting})
   * @param recheckNs how often an idle thread looks at the run's state again ({@link #RECHECK_NS})
   */
  ClockWaiters(int max, long slowOpNs, long recheckNs) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, got " + max);
    }
    this.max = max;
    this.refillBelow = Math.max(1, max / 2);
    this.slowOpNs = slowOpNs;
    this.recheckNs = recheckNs;
  }

  /**
   * Waiters for a schedule of {@code targetOpsPerSec} (see {@link #COVER_NS}); an operation is slow when it lasts
   * longer than the span of schedule the waiters cover.
   */
  static ClockWaiters forRate(double targetOpsPerSec) {
    double cover = Math.ceil(targetOpsPerSec * COVER_NS / 1e9);
    int max = (int) Math.max(MIN_WAITERS, Math.min(cover, 1 << 20));
    return new ClockWaiters(max, (long) Math.min(Long.MAX_VALUE / 2, max * 1e9 / targetOpsPerSec), RECHECK_NS);
  }

  /** The number of waiters beyond which free threads go idle. */
  int max() {
    return max;
  }

  /** How long an operation must take to count as slow, ns. */
  long slowOpNs() {
    return slowOpNs;
  }

  /** Threads on the idle stack now. */
  int idle() {
    synchronized (idle) {
      return idle.size();
    }
  }

  /** Threads that claimed a slot and wait for its time now. */
  int waiting() {
    return waiting.get();
  }

  /** Whether a free thread should claim a slot and wait for it, rather than go idle ({@link #awaitCall}). */
  boolean shouldClaim() {
    return waiting.get() < max;
  }

  /** Called by a thread that claimed a slot, before it waits for the slot's time. */
  void startWaiting() {
    waiting.incrementAndGet();
  }

  /**
   * Called when the slot's time came, before its operation runs: calls an idle thread in if too few waiters are
   * left and either this thread was on time for its slot or its last operation was slow, so that the next slots
   * are covered while this one runs.
   *
   * <p>On time, a waiter that leaves too few behind always calls one in: it cannot know that its operation will be
   * quick, and if the database stalls just then (a server pause while operations were quick) every waiter would be
   * held inside a call while the next slots come due, and those slots would start late by the client's doing,
   * up to {@link #RECHECK_NS}, which the intended latency would then wrongly charge to the run. On schedule with
   * quick operations the waiters hold slots ahead of the clock, so this is rare.
   *
   * <p>Late for its slot (a backlog: the waiters run the slots that are due back to back), a thread whose
   * operations are quick calls no one in: without that condition every operation of a backlog woke an idle thread
   * that soon went idle again, a wake-up and a park per operation just when the client was behind.
   *
   * @param lastOpNs how long the calling thread's last operation took ({@code Long.MAX_VALUE} before its first)
   * @param onTime whether the calling thread waited for its slot's time (it was not late for it)
   */
  void endWaiting(long lastOpNs, boolean onTime) {
    if (waiting.decrementAndGet() < refillBelow && (onTime || lastOpNs >= slowOpNs)) {
      callOne();
    }
  }

  private void callOne() {
    Idle i;
    synchronized (idle) {
      i = idle.pollFirst();
      if (i == null) {
        return;
      }
      i.called = true;
    }
    LockSupport.unpark(i.thread);
  }

  /**
   * Parks the calling thread on the idle stack until a waiter calls it in (true: claim a slot), or until the
   * schedule is {@link #close closed} or {@code stop} is requested (false: end the thread's loop).
   *
   * @param me the calling thread's place (reused from call to call)
   */
  boolean awaitCall(Idle me, Workload stop) {
    me.called = false;
    synchronized (idle) {
      idle.addFirst(me);
    }
    // The waiters may all have woken between shouldClaim() and the push above, each finding no one to call.
    if (waiting.get() < refillBelow) {
      callOne();
    }
    while (!me.called) {
      if (closed || stop.isStopRequested()) {
        leave(me);
        return false;
      }
      LockSupport.parkNanos(recheckNs);
      if (!me.called && waiting.get() < refillBelow && leave(me)) {
        return true; // a call was missed: the clock needs a waiter
      }
    }
    return true;
  }

  /** Takes {@code me} off the stack; false when a waiter took it off first (and so called it). */
  private boolean leave(Idle me) {
    synchronized (idle) {
      return me.called || idle.remove(me);
    }
  }

  /** No slot is left: every idle thread is woken to end its loop. */
  void close() {
    closed = true;
    synchronized (idle) {
      for (Idle i : idle) {
        LockSupport.unpark(i.thread);
      }
    }
  }
}
