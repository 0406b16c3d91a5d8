package site.ycsb.support;

/**
 * The pause before a retry: exponential with a cap, then jittered. Retry n's ceiling is
 * {@code min(max, base * 2^(n-1))} milliseconds and the pause is drawn uniformly between {@code low} and
 * {@code high} times that ceiling. The jitter keeps many client threads that failed together from retrying in
 * lock-step; a lower bound above zero keeps a guaranteed pause so an overloaded cluster gets relief.
 *
 * <p>{@link #exponential} is the bindings' back-off ("equal jitter": between half and all of the ceiling);
 * {@link #fixed} is a constant interval with a spread around it (the core workload's insertion retry, whose interval
 * YCSB users set in seconds). Immutable and thread-safe.
 */
public final class Backoff {
  private final long baseMillis;
  private final long maxMillis;
  private final double low;
  private final double high;

  private Backoff(long baseMillis, long maxMillis, double low, double high) {
    if (baseMillis < 0 || maxMillis < baseMillis) {
      throw new IllegalArgumentException("need 0 <= base <= max, got base=" + baseMillis + " max=" + maxMillis);
    }
    if (!(low >= 0 && low <= high)) {
      throw new IllegalArgumentException("need 0 <= low <= high, got low=" + low + " high=" + high);
    }
    this.baseMillis = baseMillis;
    this.maxMillis = maxMillis;
    this.low = low;
    this.high = high;
  }

  /** Doubling from {@code baseMillis} up to {@code maxMillis}; each pause between half and all of the ceiling. */
  public static Backoff exponential(long baseMillis, long maxMillis) {
    return new Backoff(baseMillis, maxMillis, 0.5, 1.0);
  }

  /** Always about {@code millis}: each pause between {@code (1 - spread)} and {@code (1 + spread)} times it. */
  public static Backoff fixed(long millis, double spread) {
    if (!(spread >= 0 && spread <= 1)) {
      throw new IllegalArgumentException("need 0 <= spread <= 1, got " + spread);
    }
    return new Backoff(millis, millis, 1 - spread, 1 + spread);
  }

  /** The cap before jitter for retry number {@code retry} (1-based). */
  public long ceilingMillis(int retry) {
    if (retry < 1) {
      throw new IllegalArgumentException("retry numbers start at 1, got " + retry);
    }
    long value = baseMillis;
    for (int i = 1; i < retry && value < maxMillis; i++) {
      value *= 2;
    }
    return Math.min(value, maxMillis);
  }

  /**
   * The pause before retry number {@code retry}.
   *
   * @param random01 a uniform random number in [0, 1)
   */
  public long delayMillis(int retry, double random01) {
    long ceiling = ceilingMillis(retry);
    long from = (long) (ceiling * low);
    long to = (long) (ceiling * high);
    return from + (long) ((to - from) * random01);
  }
}
