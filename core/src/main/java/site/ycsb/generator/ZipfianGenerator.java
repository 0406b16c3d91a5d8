package site.ycsb.generator;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Zipfian-distributed longs in {@code [min, max]}: {@code min} is the most popular value, {@code min + 1} the next,
 * and so on, with probability proportional to {@code 1 / rank^theta}. Uses the rejection-free approximation of
 * Gray et al., "Quickly Generating Billion-Record Synthetic Databases" (SIGMOD 1994).
 *
 * <p>{@link #nextLong(long)} may ask for a different item count than the one the generator was built for (the
 * "latest" distribution grows it on every insert). The normalising constant zeta for the current count is kept in
 * an immutable state object published through an {@link AtomicReference}: draws never lock, a small change of the
 * count is computed from the published state in time proportional to the change (and published if it is a growth),
 * and only a large change is computed under a lock so that many threads don't all redo it.
 */
public class ZipfianGenerator extends NumberGenerator {
  /** The skew YCSB uses everywhere. */
  public static final double ZIPFIAN_CONSTANT = 0.99;

  /** Count changes above this are computed by one thread under {@link #resizeLock}. */
  private static final long LOCAL_RESIZE_LIMIT = 4096;

  private final long base;
  private final long items;
  private final double theta;
  private final double alpha;
  /** zeta(2, theta) = 1 + 0.5^theta, also the threshold below which the second value is returned. */
  private final double zeta2theta;
  private final AtomicReference<State> state;
  private final Object resizeLock = new Object();

  /** Zeta and eta for one item count; immutable, so it can be shared without locking. */
  private static final class State {
    final long count;
    final double zetan;
    final double eta;

    State(long count, double zetan, double eta) {
      this.count = count;
      this.zetan = zetan;
      this.eta = eta;
    }
  }

  /** Values in {@code [0, items)} with the default constant. */
  public ZipfianGenerator(long items) {
    this(0, items - 1);
  }

  /** Values in {@code [min, max]} with the default constant. */
  public ZipfianGenerator(long min, long max) {
    this(min, max, ZIPFIAN_CONSTANT);
  }

  /** Values in {@code [0, items)} with skew {@code zipfianconstant}. */
  public ZipfianGenerator(long items, double zipfianconstant) {
    this(0, items - 1, zipfianconstant);
  }

  /** Values in {@code [min, max]} with skew {@code zipfianconstant}. */
  public ZipfianGenerator(long min, long max, double zipfianconstant) {
    this(min, max, zipfianconstant, zetaFor(min, max, zipfianconstant));
  }

  /**
   * Values in {@code [min, max]} with skew {@code zipfianconstant} and a precomputed
   * {@code zetan = zetastatic(max - min + 1, zipfianconstant)}.
   */
  public ZipfianGenerator(long min, long max, double zipfianconstant, double zetan) {
    long n = itemCount(min, max);
    checkTheta(zipfianconstant);
    if (!(zetan > 0) || Double.isInfinite(zetan)) {
      throw new IllegalArgumentException("ZipfianGenerator: zetan must be positive and finite, got " + zetan);
    }
    this.base = min;
    this.items = n;
    this.theta = zipfianconstant;
    this.alpha = 1.0 / (1.0 - theta);
    this.zeta2theta = 1.0 + Math.pow(0.5, theta);
    this.state = new AtomicReference<>(newState(n, zetan));
  }

  private static double zetaFor(long min, long max, double theta) {
    checkTheta(theta);
    return Zeta.of(itemCount(min, max), theta);
  }

  private static long itemCount(long min, long max) {
    long n = max - min + 1;
    if (max < min || n <= 0) {
      throw new IllegalArgumentException("ZipfianGenerator: need min <= max (and fewer than 2^63 items), got min="
          + min + ", max=" + max);
    }
    return n;
  }

  private static void checkTheta(double theta) {
    if (!(theta >= 0.0 && theta < 1.0)) {
      throw new IllegalArgumentException("ZipfianGenerator: the zipfian constant must be in [0, 1), got " + theta);
    }
  }

  /**
   * zeta(n, theta) = sum over i = 1..n of 1 / i^theta: the normalising constant for n items. Exact summation up
   * to 2^20 terms, Euler-Maclaurin tail beyond (relative error far below 1e-12).
   */
  public static double zetastatic(long n, double theta) {
    return Zeta.of(n, theta);
  }

  private State newState(long count, double zetan) {
    double eta = (1.0 - Math.pow(2.0 / count, 1.0 - theta)) / (1.0 - zeta2theta / zetan);
    return new State(count, zetan, eta);
  }

  /** A value in {@code [min, max]}. */
  @Override
  public Long nextValue() {
    return nextLong(items);
  }

  /**
   * A value in {@code [min, min + itemcount)}, Zipfian over {@code itemcount} items (which may differ from the
   * count the generator was built for).
   */
  public long nextLong(long itemcount) {
    long ret = draw(itemcount);
    setLastValue(ret);
    return ret;
  }

  /** A draw over the built item count, without updating {@link #lastValue()}. */
  @Override
  public long nextLong() {
    return draw(items);
  }

  private long draw(long itemcount) {
    if (itemcount <= 0) {
      throw new IllegalArgumentException("ZipfianGenerator: item count must be positive, got " + itemcount);
    }
    State s = state.get();
    if (s.count != itemcount) {
      s = stateFor(itemcount, s);
    }
    double u = ThreadLocalRandom.current().nextDouble();
    double uz = u * s.zetan;
    long offset;
    if (uz < 1.0) {
      offset = 0;
    } else if (uz < zeta2theta) {
      offset = 1;
    } else {
      offset = (long) (itemcount * Math.pow(s.eta * u - s.eta + 1.0, alpha));
      if (offset >= itemcount) {
        offset = itemcount - 1;
      }
    }
    return base + offset;
  }

  private State stateFor(long itemcount, State seen) {
    if (Math.abs(itemcount - seen.count) > LOCAL_RESIZE_LIMIT) {
      synchronized (resizeLock) {
        State current = state.get();
        if (current.count == itemcount) {
          return current;
        }
        State resized = resize(current, itemcount);
        state.set(resized);
        return resized;
      }
    }
    State resized = resize(seen, itemcount);
    if (itemcount > seen.count) {
      // Publish growths only (a stale, smaller count from a racing reader must not roll the state back).
      State current = seen;
      while (current.count < itemcount && !state.compareAndSet(current, resized)) {
        current = state.get();
      }
    }
    return resized;
  }

  private State resize(State from, long itemcount) {
    return newState(itemcount, Zeta.resize(from.zetan, from.count, itemcount, theta));
  }

  /** zeta(n) currently published (for tests). */
  double publishedZetan() {
    return state.get().zetan;
  }

  /** Item count currently published (for tests). */
  long publishedCount() {
    return state.get().count;
  }

  /** eta currently published (for tests). */
  double publishedEta() {
    return state.get().eta;
  }

  /**
   * The mean of an ideal Zipf distribution over the configured items:
   * {@code min + zeta(n, theta - 1) / zeta(n, theta) - 1}.
   */
  @Override
  public double mean() {
    return base + Zeta.of(items, theta - 1.0) / Zeta.of(items, theta) - 1.0;
  }

  /** Prints a few values for {@code args[0]} items (default 1000). */
  public static void main(String[] args) {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 1000;
    ZipfianGenerator gen = new ZipfianGenerator(n);
    for (int i = 0; i < 20; i++) {
      System.out.println(gen.nextValue());
    }
  }
}
