package site.ycsb.engine;

import java.util.Locale;

import site.ycsb.cli.Durations;
import site.ycsb.cli.UsageException;

/**
 * The warm-up period ({@code warmup} property) whose operations run but are not measured: either a duration
 * ({@code 30s}, {@code 2m}, {@code 500ms}) from the start of the schedule, or a number of operations
 * ({@code 10000ops}). Measured run time starts when the warm-up ends.
 *
 * <p>Immutable and thread-safe: every client thread asks it which operations are measured.
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
    if (v.isEmpty()) {
      // typically an unset shell variable (-p warmup=$WARMUP): a run measured from its cold start by mistake
      throw new UsageException("warmup is given empty: give a duration (" + Durations.EXAMPLES + "), a number of "
          + "operations (10000ops) or 0, or leave warmup out");
    }
    if (v.equals("0")) {
      return NONE;
    }
    if (v.endsWith("ops")) {
      String count = v.substring(0, v.length() - 3).trim();
      if (site.ycsb.support.TypedProperties.isWholeNumber(count) && !count.startsWith("-")) {
        try {
          return new Warmup(0, Long.parseLong(count));
        } catch (NumberFormatException e) {
          // too large: refused below
        }
      }
    } else {
      long ns = Durations.nanos(v);
      if (ns >= 0) {
        return new Warmup(ns, 0);
      }
    }
    throw new UsageException("warmup=" + value + " is not valid: give a duration (" + Durations.EXAMPLES + ") or a "
        + "number of operations (10000ops)");
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
