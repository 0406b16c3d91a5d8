package site.ycsb.db.griddb;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * Whether a cluster answers, shared by all client threads of a process that talk to it.
 *
 * <p>When an operation fails because the cluster could not be reached (the client gave up after
 * {@code griddb.failovertimeoutseconds}, or the connection broke), the cluster is marked down. While it is down,
 * operations fail at once with SERVICE_UNAVAILABLE instead of each waiting the failover timeout again, except one
 * probe per {@link #PROBE_INTERVAL_MS} that really calls the cluster; any success marks it up. So a killed server
 * turns into fast failures that the engine's {@code max_consecutive_errors} stops on, and a restarted one is noticed.
 * Each change is told to the record's {@link Listener} once, by the thread whose call made it.
 */
public final class ClusterHealth {
  /** Told of each change, on the thread that made it; must not block (operations wait for it). */
  interface Listener {
    /** The cluster is held unreachable from now, because of {@code outage}'s failure. */
    void began(Outage outage);

    /** An operation succeeded: {@code outage} is over, after {@code downMillis}. */
    void ended(Outage outage, long downMillis);
  }

  /** A listener that hears nothing (unit tests of the state alone). */
  static final Listener NOBODY = new Listener() {
    @Override
    public void began(Outage outage) {
    }

    @Override
    public void ended(Outage outage, long downMillis) {
    }
  };

  /** How often, while the cluster is down, one operation is let through to see whether it is back. */
  static final long PROBE_INTERVAL_MS = 1000;
  private static final Map<String, ClusterHealth> BY_TARGET = new ConcurrentHashMap<>();
  private static final LongSupplier SYSTEM_CLOCK_MS = () -> TimeUnit.NANOSECONDS.toMillis(System.nanoTime());
  /** The clock of the records {@link #of} makes: the system's, or a unit test's. */
  private static volatile LongSupplier clockOfNewRecords = SYSTEM_CLOCK_MS;

  private final LongSupplier clockMs;
  private final Listener listener;
  /** The outage going on, null while the cluster answers; swapped by compare-and-set so each change has one owner. */
  private final AtomicReference<Outage> outage = new AtomicReference<>();
  /** The latest outage, kept after its end so that a thread that failed fast just before always has a reason. */
  private volatile Outage latest;
  private final AtomicLong nextProbeMs = new AtomicLong();

  ClusterHealth(LongSupplier clockMs) {
    this(clockMs, NOBODY);
  }

  ClusterHealth(LongSupplier clockMs, Listener listener) {
    this.clockMs = clockMs;
    this.listener = listener;
  }

  /**
   * The health record of {@code config}'s cluster (by {@link GridDBConfig#describeTarget()}), shared within the
   * process; its changes are reported as node events ({@link NodeEvents}).
   */
  public static ClusterHealth of(GridDBConfig config) {
    return BY_TARGET.computeIfAbsent(config.describeTarget(),
        t -> new ClusterHealth(clockOfNewRecords, NodeEvents.of(config)));
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
    if (outage.get() == null) {
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
    Outage began = new Outage(Math.max(1, clockMs.getAsLong()), e);
    if (!outage.compareAndSet(null, began)) {
      return false;
    }
    latest = began;
    nextProbeMs.set(began.sinceMs() + PROBE_INTERVAL_MS);
    listener.began(began);
    return true;
  }

  /**
   * Records a success: the cluster answers. Returns how long it had been unreachable (ms) when this success ends an
   * outage (to exactly one caller), else -1.
   */
  public long succeeded() {
    Outage ended = outage.get();
    if (ended == null || !outage.compareAndSet(ended, null)) {
      return -1;
    }
    long downMillis = Math.max(0, clockMs.getAsLong() - ended.sinceMs());
    listener.ended(ended, downMillis);
    return downMillis;
  }

  public boolean isDown() {
    return outage.get() != null;
  }

  /** The failure that marked the cluster down most recently (one line), or null. */
  public String reason() {
    Outage o = outage.get();
    o = o != null ? o : latest;
    return o == null ? null : o.reason();
  }
}
