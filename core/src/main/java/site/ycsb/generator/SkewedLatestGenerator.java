package site.ycsb.generator;

/**
 * YCSB's "latest" distribution: recent values are the most popular. With {@code max = basis.lastValue()}, returns
 * {@code max - zipfian.nextLong(max + 1)}, a value in {@code [0, max]} where {@code max} itself is the most likely.
 *
 * <p>The Zipfian's item count follows {@code max} as it grows; growing by a few items costs a few terms and takes
 * no lock (see {@link ZipfianGenerator#nextLong(long)}).
 *
 * <p>Thread-safe: its state is the thread-safe generators it combines.
 */
public class SkewedLatestGenerator extends NumberGenerator {
  private final CounterGenerator basis;
  private final ZipfianGenerator zipfian;

  /** @param basis the counter whose {@link CounterGenerator#lastValue()} is the newest value */
  public SkewedLatestGenerator(CounterGenerator basis) {
    this.basis = basis;
    this.zipfian = new ZipfianGenerator(Math.max(1, basis.lastValue() + 1));
  }

  /** @throws IllegalStateException when the basis has no value yet ({@code lastValue() < 0}) */
  @Override
  public Long nextValue() {
    long max = basis.lastValue();
    if (max < 0) {
      throw new IllegalStateException("SkewedLatestGenerator: no value is available yet (latest = " + max + ")");
    }
    long next = max - zipfian.nextLong(max + 1);
    setLastValue(next);
    return next;
  }

  /** Not defined: the distribution moves with the basis. */
  @Override
  public double mean() {
    throw new UnsupportedOperationException("SkewedLatestGenerator has no mean: it follows a growing counter");
  }

  /** Prints a few values for a basis of {@code args[0]} (default 1000) values. */
  public static void main(String[] args) {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 1000;
    SkewedLatestGenerator gen = new SkewedLatestGenerator(new CounterGenerator(n));
    for (int i = 0; i < 20; i++) {
      System.out.println(gen.nextValue());
    }
  }
}
