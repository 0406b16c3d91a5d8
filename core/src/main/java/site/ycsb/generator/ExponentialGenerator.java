package site.ycsb.generator;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponentially distributed doubles (>= 0). Built either from a mean, or so that {@code percentile}% of the
 * values fall below {@code range}. The workload subtracts a draw from the latest key, so recent keys are hot.
 *
 * <p>Thread-safe: immutable parameters, and each thread draws from its own random source.
 */
public class ExponentialGenerator extends NumberGenerator {
  /** Workload property: percentage of draws below the range. */
  public static final String EXPONENTIAL_PERCENTILE_PROPERTY = "exponential.percentile";
  /** Default of {@link #EXPONENTIAL_PERCENTILE_PROPERTY}. */
  public static final String EXPONENTIAL_PERCENTILE_DEFAULT = "95";
  /** Workload property: the range as a fraction of the record count. */
  public static final String EXPONENTIAL_FRAC_PROPERTY = "exponential.frac";
  /** Default of {@link #EXPONENTIAL_FRAC_PROPERTY}. */
  public static final String EXPONENTIAL_FRAC_DEFAULT = "0.8571428571";

  /** Rate: 1 / mean. */
  private final double gamma;

  /** @param mean the mean of the distribution, &gt; 0 */
  public ExponentialGenerator(double mean) {
    if (!(mean > 0) || Double.isInfinite(mean)) {
      throw new IllegalArgumentException("ExponentialGenerator: mean must be positive and finite, got " + mean);
    }
    gamma = 1.0 / mean;
  }

  /**
   * @param percentile percentage of values that fall below {@code range}, in (0, 100)
   * @param range the value below which {@code percentile}% of the draws fall, &gt; 0
   */
  public ExponentialGenerator(double percentile, double range) {
    if (!(percentile > 0 && percentile < 100)) {
      throw new IllegalArgumentException("ExponentialGenerator: percentile (" + EXPONENTIAL_PERCENTILE_PROPERTY
          + ") must be between 0 and 100 exclusive, got " + percentile);
    }
    if (!(range > 0) || Double.isInfinite(range)) {
      throw new IllegalArgumentException("ExponentialGenerator: range must be positive and finite, got " + range
          + " (is the record count or " + EXPONENTIAL_FRAC_PROPERTY + " zero?)");
    }
    gamma = -Math.log(1.0 - percentile / 100.0) / range;
  }

  @Override
  public Double nextValue() {
    // 1 - u is in (0, 1], so the log is finite
    double ret = -Math.log(1.0 - ThreadLocalRandom.current().nextDouble()) / gamma;
    setLastValue(ret);
    return ret;
  }

  @Override
  public double mean() {
    return 1.0 / gamma;
  }

  /** Prints a few values for a mean of {@code args[0]} (default 100). */
  public static void main(String[] args) {
    ExponentialGenerator gen = new ExponentialGenerator(args.length > 0 ? Double.parseDouble(args[0]) : 100.0);
    for (int i = 0; i < 20; i++) {
      System.out.println(gen.nextValue());
    }
  }
}
