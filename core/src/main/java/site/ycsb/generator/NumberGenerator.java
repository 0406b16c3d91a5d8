package site.ycsb.generator;

/** A generator of numbers that remembers the last value it handed out and knows its distribution's mean. */
public abstract class NumberGenerator extends Generator<Number> {
  private final LastValueCell<Number> last = new LastValueCell<>();

  /** Records the value just drawn (by any thread; the most recent store wins). */
  protected void setLastValue(Number lastValue) {
    last.set(lastValue);
  }

  /** The value most recently recorded with {@link #setLastValue(Number)}, by any thread; null before the first. */
  @Override
  public Number lastValue() {
    return last.get();
  }

  /** The mean of the values this generator produces. */
  public abstract double mean();
}
