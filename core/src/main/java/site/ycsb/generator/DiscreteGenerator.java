package site.ycsb.generator;

import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks one of a set of strings with probability proportional to its weight (e.g. the operation mix).
 *
 * <p>{@link #addValue(double, String)} is meant for set-up; each call publishes a new immutable table of cumulative
 * weights, so {@link #nextValue()} is a lock-free binary search.
 */
public class DiscreteGenerator extends Generator<String> {
  private volatile Table table = new Table(new String[0], new double[0]);
  private final LastValueCell<String> last = new LastValueCell<>();

  /** Immutable: values and the running sum of their weights. */
  private static final class Table {
    final String[] values;
    final double[] cumulative;

    Table(String[] values, double[] cumulative) {
      this.values = values;
      this.cumulative = cumulative;
    }

    double total() {
      return cumulative.length == 0 ? 0.0 : cumulative[cumulative.length - 1];
    }
  }

  /** Creates an empty generator; add values before drawing. */
  public DiscreteGenerator() {
  }

  /**
   * Adds {@code value} with relative weight {@code weight}.
   *
   * @throws IllegalArgumentException when the weight is negative or not finite
   */
  public synchronized void addValue(double weight, String value) {
    if (!(weight >= 0.0) || Double.isInfinite(weight)) {
      throw new IllegalArgumentException("DiscreteGenerator: weight of '" + value
          + "' must be a finite number >= 0, got " + weight);
    }
    Table t = table;
    int n = t.values.length;
    String[] values = Arrays.copyOf(t.values, n + 1);
    double[] cumulative = Arrays.copyOf(t.cumulative, n + 1);
    values[n] = value;
    cumulative[n] = t.total() + weight;
    table = new Table(values, cumulative);
  }

  /** @throws IllegalStateException when no value has a positive weight */
  @Override
  public String nextValue() {
    Table t = table;
    double total = t.total();
    if (!(total > 0.0)) {
      throw new IllegalStateException("DiscreteGenerator: no value with a positive weight was added");
    }
    double x = ThreadLocalRandom.current().nextDouble() * total;
    double[] c = t.cumulative;
    // first index whose cumulative weight exceeds x (zero-weight entries can never be that index)
    int lo = 0;
    int hi = c.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (c[mid] > x) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    while (lo > 0 && c[lo] == c[lo - 1]) {
      lo--; // x rounded up to the total: step back over trailing zero-weight entries
    }
    String v = t.values[lo];
    last.setIfChanged(v);
    return v;
  }

  /** The last value drawn; draws one if none was drawn yet. */
  @Override
  public String lastValue() {
    return last.getOr(this::nextValue);
  }
}
