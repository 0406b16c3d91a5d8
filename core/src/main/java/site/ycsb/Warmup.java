package site.ycsb;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The warm-up period ({@code warmup} property) whose operations run but are not measured: either a duration
 * ({@code 30s}, {@code 2m}, {@code 500ms}) from the start of the schedule, or a number of operations
 * ({@code 10000ops}). Measured run time starts when the warm-up ends.
 */
final class Warmup {
  private static final Warmup NONE = new Warmup(0, 0);
  private final long durationNs;
  private final long operations;

  private Warmup(long durationNs, long operations) {
    this.durationNs = durationNs;
    this.operations = operations;
  }

  /** Parses the property value; empty or {@code 0} means no warm-up. */
  public static Warmup parse(String value) throws UsageException {
    if (value == null) {
      return NONE;
    }
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.isEmpty() || v.equals("0")) {
      return NONE;
    }
    try {
      if (v.endsWith("ops")) {
        return new Warmup(0, positive(whole(v.substring(0, v.length() - 3))));
      } else if (v.endsWith("ms")) {
        return new Warmup(TimeUnit.MILLISECONDS.toNanos(positive(whole(v.substring(0, v.length() - 2)))), 0);
      } else if (v.endsWith("s")) {
        return new Warmup((long) (positiveD(decimal(v.substring(0, v.length() - 1))) * 1e9), 0);
      } else if (v.endsWith("m")) {
        return new Warmup((long) (positiveD(decimal(v.substring(0, v.length() - 1))) * 60e9), 0);
      }
    } catch (NumberFormatException e) {
      // fall through to the usage error below
    }
    throw new UsageException("warmup=" + value + " is not valid: give a duration (30s, 2m, 500ms) or a number of "
        + "operations (10000ops)");
  }

  /** ASCII digits only: Java's parser would also take other scripts' digits. */
  private static long whole(String s) {
    String t = s.trim();
    if (!site.ycsb.support.TypedProperties.isWholeNumber(t)) {
      throw new NumberFormatException(t);
    }
    return Long.parseLong(t);
  }

  /** A decimal number as people write it (not Java's 5d or hex floats). */
  private static double decimal(String s) {
    String t = s.trim();
    if (!site.ycsb.support.TypedProperties.isDecimalNumber(t)) {
      throw new NumberFormatException(t);
    }
    return Double.parseDouble(t);
  }

  /** Ten years: a longer warm-up is a typo, and its nanoseconds would overflow. */
  private static final double MAX_SECONDS = 3650 * 86400.0;

  private static long positive(long v) {
    if (v < 0) {
      throw new NumberFormatException();
    }
    return v;
  }

  private static double positiveD(double v) {
    // in seconds (or minutes): anything near the nanosecond clock's range (1e400s is infinite) is a typo
    if (!(v >= 0) || v > MAX_SECONDS) {
      throw new NumberFormatException();
    }
    return v;
  }

  /**
   * This warm-up as a number of slots of {@code schedule} (anchored, throttled): on a schedule a warm-up ends at a
   * slot, whose own start may come later than planned ({@link OperationSchedule#measureFrom}).
   */
  Warmup inSlotsOf(OperationSchedule schedule) {
    if (durationNs == 0 || !schedule.isThrottled()) {
      return this;
    }
    return new Warmup(0, schedule.firstSlotAtOrAfter(durationNs));
  }

  public boolean isNone() {
    return durationNs == 0 && operations == 0;
  }

  public long durationNs() {
    return durationNs;
  }

  public long operations() {
    return operations;
  }

  /** Whether the operation in {@code slot}, starting (or intended to start) at {@code startNs}, is measured. */
  public boolean isMeasured(long slot, long opStartNs, long scheduleStartNs) {
    if (operations > 0) {
      return slot >= operations;
    }
    return durationNs == 0 || opStartNs - scheduleStartNs >= durationNs;
  }

  @Override
  public String toString() {
    if (operations > 0) {
      return operations + " operations";
    }
    return durationNs == 0 ? "none" : (durationNs / 1_000_000) + " ms";
  }
}
