package site.ycsb.generator;

/**
 * Always returns the same integer.
 *
 * <p>Immutable and thread-safe.
 */
public class ConstantIntegerGenerator extends NumberGenerator {
  private final Integer value;

  /** @param i the value to return on every call */
  public ConstantIntegerGenerator(int i) {
    this.value = i;
    setLastValue(this.value);
  }

  @Override
  public Integer nextValue() {
    return value;
  }

  @Override
  public double mean() {
    return value;
  }
}
