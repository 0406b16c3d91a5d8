package site.ycsb.engine;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

import site.ycsb.Workload;

/**
 * The shared, open-loop schedule of operations: slot {@code n} is intended to start at
 * {@code start + n / target} seconds, whichever thread takes it. Threads claim the next free slot, wait for its
 * time, and run it, so a thread that is slow or descheduled never holds back the others' schedule (YCSB 0.17.0
 * kept a separate schedule per thread, whose backlog could not be absorbed by idle threads).
 *
 * <p>With a warm-up ({@link #measureFrom}) the measured slots form a schedule of their own: it starts when the first
 * measured slot is claimed, or at its planned time if that is later. A cold client or driver falls behind in its
 * first seconds; without this, the first measured operations would wait behind the warm-up's backlog and report
 * it, a start-up artefact, as intended latency. No operation is skipped, and every backlog that builds up after
 * the warm-up is measured.
 *
 * <p>Which free thread takes the next slot is up to {@link ClockWaiters}: a few wait on the clock, the others
 * wait to be called in, so that the threads' cost does not grow with their number.
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
  private final ClockWaiters waiters;
  private volatile long startNs;
  private volatile long deadlineNs = Long.MAX_VALUE;
  private volatile boolean endedByDeadline;
  private long measuredFromSlot = Long.MAX_VALUE;
  /** When the measured slots' schedule starts; {@link #UNSET} until the first of them is claimed. */
  private volatile long measuredStartNs = UNSET;
  private LongConsumer onMeasuredStart = t -> { };
  private static final long UNSET = Long.MIN_VALUE;

  /**
   * @param limit the number of slots (operations), or {@link Long#MAX_VALUE} for no limit
   * @param targetOpsPerSec total operations per second across all threads; 0 for unthrottled
   * @param spin busy-wait instead of parking until a slot's time ({@code spin.sleep})
   */
  public OperationSchedule(long limit, double targetOpsPerSec, boolean spin) {
    this.limit = limit;
    this.nsPerOp = targetOpsPerSec > 0 ? 1e9 / targetOpsPerSec : 0;
    this.spin = spin;
    this.waiters = nsPerOp > 0 ? ClockWaiters.forRate(targetOpsPerSec) : null;
  }

  /** The clock's waiters of a throttled schedule, null when unthrottled. */
  ClockWaiters waiters() {
    return waiters;
  }

  /** Anchors slot 0 at {@code nanoTime}; call once before any thread claims. */
  public void start(long nanoTime) {
    startNs = nanoTime;
  }

  /**
   * Makes slots from {@code slot} on (the measured ones, after a warm-up) a schedule of their own that starts when
   * {@code slot} is claimed, or at its planned time if that is later. Call before any slot is claimed; no effect
   * when unthrottled.
   *
   * @param onStart told, once, when the measured slots' schedule starts (nanoTime), on the claiming thread
   */
  public void measureFrom(long slot, LongConsumer onStart) {
    measuredFromSlot = slot;
    this.onMeasuredStart = onStart;
  }

  /** The first slot planned at or after {@code offsetNs} from the start (throttled schedules). */
  public long firstSlotAtOrAfter(long offsetNs) {
    long slot = (long) Math.ceil(offsetNs / nsPerOp);
    while (slot > 0 && plannedStartNs(slot - 1) - startNs >= offsetNs) {
      slot--;
    }
    while (plannedStartNs(slot) - startNs < offsetNs) {
      slot++;
    }
    return slot;
  }

  /**
   * How much later than planned the measured slots' schedule started (the warm-up's backlog), in ns; 0 when it
   * started on time, when there is no warm-up, or before the first measured slot was claimed.
   */
  public long measuredStartDelayNs() {
    long measured = measuredStartNs;
    return measured == UNSET ? 0 : measured - plannedStartNs(measuredFromSlot);
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

  /** The deadline set by {@link #setDeadline}, or {@link Long#MAX_VALUE}. */
  public long deadlineNs() {
    return deadlineNs;
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
    if (slot == measuredFromSlot && nsPerOp > 0) {
      long measuredStart = Math.max(plannedStartNs(slot), System.nanoTime());
      measuredStartNs = measuredStart;
      onMeasuredStart.accept(measuredStart);
    }
    if (deadlineNs != Long.MAX_VALUE && (nsPerOp > 0 ? intendedStartNs(slot) : System.nanoTime()) > deadlineNs) {
      endedByDeadline = true;
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

  /**
   * Whether a slot was refused because it lay after the deadline: the run's operations are over, but its schedule
   * lasts until the deadline (at a low target the last slot inside it may be long before).
   */
  public boolean endedByDeadline() {
    return endedByDeadline;
  }

  /** Whether a deadline was set. */
  public boolean hasDeadline() {
    return deadlineNs != Long.MAX_VALUE;
  }

  /** Whether {@code nanoTime} is past the deadline set by {@link #setDeadline}. */
  public boolean isPastDeadline(long nanoTime) {
    return nanoTime > deadlineNs;
  }

  /**
   * How far behind the schedule is at {@code nowNs}: how long ago the next unclaimed slot was due, ns; 0 when it lies
   * ahead, when every slot is taken or when the run is unthrottled. One read of the slot counter, for the live
   * verdict: a slot that came due and that no thread (in-flight place) has claimed is starting late now.
   */
  public long behindNs(long nowNs) {
    if (nsPerOp <= 0) {
      return 0;
    }
    long next = nextSlot.get();
    if (next >= limit) {
      return 0;
    }
    // before the first measured slot is claimed its start is not set: the planned one is the earliest it can be
    long due = next >= measuredFromSlot && measuredStartNs == UNSET ? plannedStartNs(next) : intendedStartNs(next);
    return Math.max(0, nowNs - due);
  }

  /** The intended start of {@code slot} in {@link System#nanoTime()} terms (only when throttled). */
  public long intendedStartNs(long slot) {
    if (slot < measuredFromSlot) {
      return plannedStartNs(slot);
    }
    long measured;
    // Slots are claimed in order, so the thread that claimed measuredFromSlot is setting it at this moment.
    while ((measured = measuredStartNs) == UNSET) {
      Thread.yield();
    }
    return offset(measured, (slot - measuredFromSlot) * nsPerOp);
  }

  private long plannedStartNs(long slot) {
    return offset(startNs, slot * nsPerOp);
  }

  /**
   * {@code base + offsetNs}, saturated at {@link Long#MAX_VALUE} ("never"): a slot of a long, slow schedule (a
   * huge operationcount at a low target) lies beyond the nanosecond clock's range, and must not wrap round into
   * the past, where it would run at once.
   */
  static long offset(long base, double offsetNs) {
    if (offsetNs >= (double) (Long.MAX_VALUE - Math.max(0, base))) {
      return Long.MAX_VALUE;
    }
    long sum = base + (long) offsetNs;
    return sum < base ? Long.MAX_VALUE : sum;
  }

  /**
   * Waits until {@code deadlineNs}, returning early if {@code stop} is requested. Parking is done in bounded
   * steps so that a stop request is seen within 50 ms even at very low rates.
   *
   * @return how late the caller came (ns past {@code deadlineNs} when it called, from the clock read it makes
   *     anyway), 0 when it came in time: a slot claimed after it fell due found no thread free to wait for it
   */
  public long awaitTime(long deadlineNs, Workload stop) {
    long left = deadlineNs - System.nanoTime();
    if (left <= 0) {
      return -left;
    }
    do {
      if (stop.isStopRequested()) {
        return 0;
      }
      if (spin) {
        Thread.yield();
      } else {
        LockSupport.parkNanos(Math.min(left, MAX_PARK_NS));
      }
    } while ((left = deadlineNs - System.nanoTime()) > 0);
    return 0;
  }
}
