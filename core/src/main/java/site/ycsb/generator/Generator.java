package site.ycsb.generator;

/**
 * A source of values drawn from some distribution or sequence.
 *
 * <p>One instance is normally shared by every client thread, so implementations must be thread-safe.
 *
 * @param <V> the type of value produced
 */
public abstract class Generator<V> {

  /** Draws the next value. */
  public abstract V nextValue();

  /** The most recently drawn value (its exact meaning is defined by each generator). */
  public abstract V lastValue();

  /** {@link #nextValue()} as a string, or null when the value is null. */
  public final String nextString() {
    V v = nextValue();
    return v == null ? null : v.toString();
  }

  /** {@link #lastValue()} as a string, or null when the value is null. */
  public final String lastString() {
    V v = lastValue();
    return v == null ? null : v.toString();
  }
}
