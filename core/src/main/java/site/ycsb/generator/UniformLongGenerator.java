package site.ycsb.generator;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Uniformly distributed longs in {@code [lb, ub]} (both inclusive), without modulo bias.
 *
 * <p>Thread-safe: immutable bounds, and each thread draws from its own random source.
 */
public class UniformLongGenerator extends NumberGenerator {
  private final long lb;
  private final long ub;

  /** @throws IllegalArgumentException when {@code lb > ub} */
  public UniformLongGenerator(long lb, long ub) {
    if (lb > ub) {
      throw new IllegalArgumentException("UniformLongGenerator: lower bound " + lb + " > upper bound " + ub);
    }
    this.lb = lb;
    this.ub = ub;
  }

  /** A draw without boxing and without updating {@link #lastValue()}. */
  @Override
  public long nextLong() {
    ThreadLocalRandom rnd = ThreadLocalRandom.current();
    long ret;
    if (ub != Long.MAX_VALUE) {
      ret = rnd.nextLong(lb, ub + 1);
    } else if (lb != Long.MIN_VALUE) {
      ret = rnd.nextLong(lb - 1, ub) + 1;
    } else {
      ret = rnd.nextLong();
    }
    return ret;
  }

  @Override
  public Long nextValue() {
    return rememberLast(nextLong());
  }

  @Override
  public double mean() {
    return ((double) lb + (double) ub) / 2.0;
  }
}
