package site.ycsb.generator;

/**
 * A generator of numbers that remembers the last value it handed out and knows its distribution's mean.
 *
 * <p>Implementations are shared by every client thread, as every {@link Generator}: they must be thread-safe.
 */
public abstract class NumberGenerator extends Generator<Number> {
  private final LastValueCell<Number> last = new LastValueCell<>();

  /** Records the value the calling thread just drew. */
  protected void setLastValue(Number lastValue) {
    last.set(lastValue);
  }

  /** {@code value} boxed and recorded as the calling thread's last value: a nextValue over {@link #nextLong()}. */
  Long rememberLast(long value) {
    Long boxed = value;
    setLastValue(boxed);
    return boxed;
  }

  /** The value the calling thread drew last (see {@link LastValueCell}); null before its first draw. */
  @Override
  public Number lastValue() {
    return last.get();
  }

  /**
   * The next value as a primitive, from the same distribution as {@link #nextValue()}, for the per-operation path:
   * generators that the workload draws keys from override it to avoid boxing. Unlike {@code nextValue()} it need
   * not update {@link #lastValue()}.
   */
  public long nextLong() {
    return nextValue().longValue();
  }

  /** The mean of the values this generator produces. */
  public abstract double mean();
}
