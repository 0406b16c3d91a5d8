package site.ycsb.db.cql;

/**
 * Exponential back-off with "equal jitter": retry n waits between half and all of
 * {@code min(max, base * 2^(n-1))} milliseconds. The jitter keeps many client threads that failed together from
 * retrying in lock-step; the lower half keeps a guaranteed minimum pause so an overloaded cluster gets relief.
 */
public final class Backoff {
  private final long baseMillis;
  private final long maxMillis;

  public Backoff(long baseMillis, long maxMillis) {
    if (baseMillis < 0 || maxMillis < baseMillis) {
      throw new IllegalArgumentException("need 0 <= base <= max, got base=" + baseMillis + " max=" + maxMillis);
    }
    this.baseMillis = baseMillis;
    this.maxMillis = maxMillis;
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
    long half = ceiling / 2;
    return half + (long) ((ceiling - half) * random01);
  }

  public long baseMillis() {
    return baseMillis;
  }

  public long maxMillis() {
    return maxMillis;
  }
}
