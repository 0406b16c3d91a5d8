package site.ycsb.generator;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out consecutive longs starting at a given value; each value is handed out exactly once.
 *
 * <p>Thread-safe: every client thread draws at once (an atomic counter).
 */
public class CounterGenerator extends NumberGenerator {
  private final AtomicLong counter;

  /** @param countstart the first value returned by {@link #nextValue()} */
  public CounterGenerator(long countstart) {
    counter = new AtomicLong(countstart);
  }

  @Override
  public Long nextValue() {
    return counter.getAndIncrement();
  }

  /** The highest value handed out so far (start - 1 before the first call). */
  @Override
  public Long lastValue() {
    return counter.get() - 1;
  }

  /** Not defined: a counter has no stationary distribution. */
  @Override
  public double mean() {
    throw new UnsupportedOperationException("CounterGenerator has no mean: its values grow without bound");
  }
}
