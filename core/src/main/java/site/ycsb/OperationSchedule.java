package site.ycsb;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The shared, open-loop schedule of operations: slot {@code n} is intended to start at
 * {@code start + n / target} seconds, whichever thread takes it. Threads claim the next free slot, wait for its
 * time, and run it, so a thread that is slow or descheduled never holds back the others' schedule (YCSB 0.17.0
 * kept a separate schedule per thread, whose backlog could not be absorbed by idle threads).
 *
 * <p>Without a target, slots have no time and are only counted. Thread-safe: one atomic increment per claim.
 */
final class OperationSchedule {
  /** A claim result meaning that no slot is left. */
  public static final long NONE = -1;
  private static final long MAX_PARK_NS = 50_000_000L;

  private final AtomicLong nextSlot = new AtomicLong();
  private final long limit;
  private final double nsPerOp;
  private final boolean spin;
  private volatile long startNs;
  private volatile long deadlineNs = Long.MAX_VALUE;

  /**
   * @param limit the number of slots (operations), or {@link Long#MAX_VALUE} for no limit
   * @param targetOpsPerSec total operations per second across all threads; 0 for unthrottled
   * @param spin busy-wait instead of parking until a slot's time ({@code spin.sleep})
   */
  public OperationSchedule(long limit, double targetOpsPerSec, boolean spin) {
    this.limit = limit;
    this.nsPerOp = targetOpsPerSec > 0 ? 1e9 / targetOpsPerSec : 0;
    this.spin = spin;
  }

  /** Anchors slot 0 at {@code nanoTime}; call once before any thread claims. */
  public void start(long nanoTime) {
    startNs = nanoTime;
  }

  /**
   * Ends the schedule at {@code nanoTime} ({@code maxexecutiontime}): no slot intended to start after it is handed
   * out, so a time-limited run never runs late slots, however late the thread that enforces the limit wakes up.
   */
  public void setDeadline(long nanoTime) {
    deadlineNs = nanoTime;
  }

  public long startNs() {
    return startNs;
  }

  public boolean isThrottled() {
    return nsPerOp > 0;
  }

  public long limit() {
    return limit;
  }

  /** Claims the next slot, or returns {@link #NONE} when all are taken. */
  public long claim() {
    long slot = nextSlot.getAndIncrement();
    if (slot >= limit) {
      return NONE;
    }
    if (deadlineNs != Long.MAX_VALUE && (nsPerOp > 0 ? intendedStartNs(slot) : System.nanoTime()) > deadlineNs) {
      return NONE;
    }
    return slot;
  }

  /**
   * Claims {@code n} consecutive slots (unthrottled runs), returning the first, or {@link #NONE} when all are
   * taken; the block ends at {@code min(first + n, limit())}.
   */
  public long claimBlock(int n) {
    long first = nextSlot.getAndAdd(n);
    return first < limit ? first : NONE;
  }

  /** Whether a deadline was set. */
  public boolean hasDeadline() {
    return deadlineNs != Long.MAX_VALUE;
  }

  /** Whether {@code nanoTime} is past the deadline set by {@link #setDeadline}. */
  public boolean isPastDeadline(long nanoTime) {
    return nanoTime > deadlineNs;
  }

  /** The intended start of {@code slot} in {@link System#nanoTime()} terms (only when throttled). */
  public long intendedStartNs(long slot) {
    return startNs + (long) (slot * nsPerOp);
  }

  /**
   * Waits until {@code deadlineNs}, returning early if {@code stop} is requested. Parking is done in bounded
   * steps so that a stop request is seen within 50 ms even at very low rates.
   */
  public void awaitTime(long deadlineNs, Workload stop) {
    long left;
    while ((left = deadlineNs - System.nanoTime()) > 0) {
      if (stop.isStopRequested()) {
        return;
      }
      if (spin) {
        Thread.yield();
      } else {
        LockSupport.parkNanos(Math.min(left, MAX_PARK_NS));
      }
    }
  }
}
