package site.ycsb.generator;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Returns each of {@code intervals} timestamps {@code start, start + interval, ...} exactly once, in random order;
 * {@link #nextValue()} throws {@link IllegalStateException} once all were returned.
 *
 * <p>Thread-safe: drawing is synchronized.
 */
public class RandomDiscreteTimestampGenerator extends UnixEpochTimestampGenerator {
  /** Largest number of intervals (the shuffled offsets are kept in memory). */
  public static final int MAX_INTERVALS = 16777216;

  private final int[] offsets;
  private int next;

  /** Starting now. */
  public RandomDiscreteTimestampGenerator(long interval, TimeUnit timeUnits, int intervals) {
    this(interval, timeUnits, now(timeUnits == null ? TimeUnit.SECONDS : timeUnits), intervals);
  }

  /** Starting at {@code startTimestamp}. */
  public RandomDiscreteTimestampGenerator(long interval, TimeUnit timeUnits, long startTimestamp, int intervals) {
    super(interval, timeUnits, startTimestamp);
    if (intervals <= 0 || intervals > MAX_INTERVALS) {
      throw new IllegalArgumentException("number of intervals must be between 1 and " + MAX_INTERVALS + ", got "
          + intervals);
    }
    offsets = new int[intervals];
    for (int i = 0; i < intervals; i++) {
      offsets[i] = i;
    }
    ThreadLocalRandom rnd = ThreadLocalRandom.current();
    for (int i = intervals - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int tmp = offsets[i];
      offsets[i] = offsets[j];
      offsets[j] = tmp;
    }
  }

  @Override
  public synchronized Long nextValue() {
    if (next >= offsets.length) {
      throw new IllegalStateException("all " + offsets.length + " random timestamps were already returned");
    }
    lastTimestamp = currentTimestamp;
    currentTimestamp = startTimestamp + getOffset(offsets[next++]);
    return currentTimestamp;
  }
}
