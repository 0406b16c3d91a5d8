package site.ycsb.generator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks one of a fixed collection of strings, each with the same probability.
 *
 * <p>Thread-safe: an immutable list, and each thread draws from its own random source.
 */
public class UniformGenerator extends Generator<String> {
  private final List<String> values;
  private final LastValueCell<String> last = new LastValueCell<>();

  /** @throws IllegalArgumentException when {@code values} is empty */
  public UniformGenerator(Collection<String> values) {
    if (values == null || values.isEmpty()) {
      throw new IllegalArgumentException("UniformGenerator: needs at least one value");
    }
    this.values = new ArrayList<>(values);
  }

  @Override
  public String nextValue() {
    String v = values.get(ThreadLocalRandom.current().nextInt(values.size()));
    last.setIfChanged(v);
    return v;
  }

  /** The last value drawn; draws one if none was drawn yet. */
  @Override
  public String lastValue() {
    return last.getOr(this::nextValue);
  }
}
