package site.ycsb.generator;

import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/** A generator of numbers that remembers the last value it handed out and knows its distribution's mean. */
public abstract class NumberGenerator extends Generator<Number> {
  private static final AtomicReferenceFieldUpdater<NumberGenerator, Number> LAST =
      AtomicReferenceFieldUpdater.newUpdater(NumberGenerator.class, Number.class, "lastVal");

  @SuppressWarnings("unused") // accessed through LAST
  private volatile Number lastVal;

  /**
   * Records the value just drawn. A release store (no full fence): every thread writes here on each draw and a
   * reader only needs some recent value, not a globally ordered one.
   */
  protected void setLastValue(Number last) {
    LAST.lazySet(this, last);
  }

  /** The value most recently recorded with {@link #setLastValue(Number)}, by any thread; null before the first. */
  @Override
  public Number lastValue() {
    return lastVal;
  }

  /** The mean of the values this generator produces. */
  public abstract double mean();
}
