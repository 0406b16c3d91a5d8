package site.ycsb.generator;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Values in {@code [lb, ub]} where a "hot" set, the lowest {@code hotsetFraction} of the interval, receives
 * {@code hotOpnFraction} of the draws; both sets are uniform inside. If one of the sets is empty (fraction 0 or 1,
 * or an interval too small to hold a hot value), every draw comes from the other one.
 *
 * <p>Thread-safe: immutable parameters, and each thread draws from its own random source.
 */
public class HotspotIntegerGenerator extends NumberGenerator {
  private final long lowerBound;
  private final long upperBound;
  private final long hotInterval;
  private final long coldInterval;
  private final double hotsetFraction;
  private final double hotOpnFraction;

  /**
   * @param lowerBound lowest value (inclusive)
   * @param upperBound highest value (inclusive)
   * @param hotsetFraction fraction of the interval that is hot, in [0, 1]
   * @param hotOpnFraction fraction of the draws that go to the hot set, in [0, 1]
   * @throws IllegalArgumentException for a fraction outside [0, 1] or {@code lowerBound > upperBound}
   */
  public HotspotIntegerGenerator(long lowerBound, long upperBound, double hotsetFraction, double hotOpnFraction) {
    checkFraction("hot set fraction (hotspotdatafraction)", hotsetFraction);
    checkFraction("hot operation fraction (hotspotopnfraction)", hotOpnFraction);
    long interval = upperBound - lowerBound + 1;
    if (upperBound < lowerBound || interval <= 0) {
      throw new IllegalArgumentException("HotspotIntegerGenerator: need lower bound <= upper bound, got "
          + lowerBound + " > " + upperBound);
    }
    this.lowerBound = lowerBound;
    this.upperBound = upperBound;
    this.hotsetFraction = hotsetFraction;
    this.hotOpnFraction = hotOpnFraction;
    this.hotInterval = Math.min(interval, (long) (interval * hotsetFraction));
    this.coldInterval = interval - hotInterval;
  }

  private static void checkFraction(String name, double value) {
    if (!(value >= 0.0 && value <= 1.0)) {
      throw new IllegalArgumentException("HotspotIntegerGenerator: " + name + " must be between 0 and 1, got "
          + value);
    }
  }

  @Override
  public Long nextValue() {
    return rememberLast(nextLong());
  }

  /** A draw without boxing and without updating {@link #lastValue()}. */
  @Override
  public long nextLong() {
    ThreadLocalRandom rnd = ThreadLocalRandom.current();
    boolean hot = coldInterval == 0 || (hotInterval > 0 && rnd.nextDouble() < hotOpnFraction);
    return hot ? lowerBound + rnd.nextLong(hotInterval) : lowerBound + hotInterval + rnd.nextLong(coldInterval);
  }

  /** Lowest value (inclusive). */
  public long getLowerBound() {
    return lowerBound;
  }

  /** Highest value (inclusive). */
  public long getUpperBound() {
    return upperBound;
  }

  /** Fraction of the interval that is hot. */
  public double getHotsetFraction() {
    return hotsetFraction;
  }

  /** Fraction of the draws aimed at the hot set. */
  public double getHotOpnFraction() {
    return hotOpnFraction;
  }

  /** The exact mean of the values produced, given the effective hot/cold split. */
  @Override
  public double mean() {
    double hotMean = lowerBound + (hotInterval - 1) / 2.0;
    double coldMean = lowerBound + hotInterval + (coldInterval - 1) / 2.0;
    if (coldInterval == 0) {
      return hotMean;
    }
    if (hotInterval == 0) {
      return coldMean;
    }
    return hotOpnFraction * hotMean + (1.0 - hotOpnFraction) * coldMean;
  }
}
