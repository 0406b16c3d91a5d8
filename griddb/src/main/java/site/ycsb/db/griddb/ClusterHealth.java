package site.ycsb.db.griddb;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Whether a cluster answers, shared by all client threads of a process that talk to it.
 *
 * <p>When an operation fails because the cluster could not be reached (the client gave up after
 * {@code griddb.failovertimeoutseconds}, or the connection broke), the cluster is marked down. While it is down,
 * operations fail at once with SERVICE_UNAVAILABLE instead of each waiting the failover timeout again, except one
 * probe per {@link #PROBE_INTERVAL_MS} that really calls the cluster; any success marks it up. So a killed server
 * turns into fast failures that the engine's {@code max_consecutive_errors} stops on, and a restarted one is noticed.
 */
public final class ClusterHealth {
  /** How often, while the cluster is down, one operation is let through to see whether it is back. */
  static final long PROBE_INTERVAL_MS = 1000;
  private static final Map<String, ClusterHealth> BY_TARGET = new ConcurrentHashMap<>();
  private static final LongSupplier SYSTEM_CLOCK_MS = () -> TimeUnit.NANOSECONDS.toMillis(System.nanoTime());
  /** The clock of the records {@link #of} makes: the system's, or a unit test's. */
  private static volatile LongSupplier clockOfNewRecords = SYSTEM_CLOCK_MS;

  private final LongSupplier clockMs;
  /** Time the cluster was seen down (ms), 0 while up. */
  private final AtomicLong downSinceMs = new AtomicLong();
  private final AtomicLong nextProbeMs = new AtomicLong();
  private volatile String reason;

  ClusterHealth(LongSupplier clockMs) {
    this.clockMs = clockMs;
  }

  /** The health record of a target (see {@link GridDBConfig#describeTarget()}), shared within the process. */
  public static ClusterHealth of(String target) {
    return BY_TARGET.computeIfAbsent(target, t -> new ClusterHealth(clockOfNewRecords));
  }

  /** Forgets every target's state (unit tests); records made from now on read the system clock. */
  static void reset() {
    reset(SYSTEM_CLOCK_MS);
  }

  /** Forgets every target's state; records made from now on read {@code clockMs} (unit tests that move time). */
  static void reset(LongSupplier clockMs) {
    BY_TARGET.clear();
    clockOfNewRecords = clockMs;
  }

  /**
   * True for failures that say the cluster cannot be reached, as opposed to a failed operation: the kinds
   * {@link ErrorKind#UNREACHABLE} and {@link ErrorKind#STALE_HANDLE} (a handle the client closed after a failed
   * failover).
   */
  public static boolean isUnreachable(StoreException e) {
    ErrorKind kind = e.kind();
    return kind == ErrorKind.UNREACHABLE || kind == ErrorKind.STALE_HANDLE;
  }

  /** Whether an operation should fail without calling the cluster (down, and not this operation's turn to probe). */
  public boolean failFast() {
    if (downSinceMs.get() == 0) {
      return false;
    }
    long now = clockMs.getAsLong();
    long next = nextProbeMs.get();
    return !(now >= next && nextProbeMs.compareAndSet(next, now + PROBE_INTERVAL_MS));
  }

  /** Records a failure; returns true if it marked the cluster down (the caller says so once). */
  public boolean failed(StoreException e) {
    if (!isUnreachable(e)) {
      return false;
    }
    long now = Math.max(1, clockMs.getAsLong());
    if (downSinceMs.get() == 0) {
      // Before the state changes, so that a thread failing fast always finds a reason to print.
      reason = e.oneLine();
    }
    if (downSinceMs.compareAndSet(0, now)) {
      nextProbeMs.set(now + PROBE_INTERVAL_MS);
      return true;
    }
    return false;
  }

  /**
   * Records a success: the cluster answers. Returns how long it had been unreachable (ms) when this success ends an
   * outage (to exactly one caller), else -1.
   */
  public long succeeded() {
    long since = downSinceMs.get();
    if (since == 0 || !downSinceMs.compareAndSet(since, 0)) {
      return -1;
    }
    return Math.max(0, clockMs.getAsLong() - since);
  }

  public boolean isDown() {
    return downSinceMs.get() != 0;
  }

  /** The failure that marked the cluster down (one line), or null. */
  public String reason() {
    return reason;
  }
}
