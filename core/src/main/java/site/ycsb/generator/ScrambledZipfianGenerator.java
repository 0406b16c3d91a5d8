package site.ycsb.generator;

import site.ycsb.Utils;

/**
 * YCSB's "zipfian" request distribution: a Zipfian rank is drawn over a fixed space of {@link #ITEM_COUNT}
 * (10^10) items and hashed onto {@code [min, max]} with {@code min + fnvhash64(rank) % (max - min + 1)}, so the
 * popular keys are scattered over the key space instead of clustered at its start.
 *
 * <p>This is kept bit-for-bit compatible with YCSB so that key popularity matches YCSB runs. Note what it implies:
 * with the default constant the rank space is 10^10 whatever the key count, and folding 10^10 ranks onto a much
 * smaller key space piles many ranks onto each key, so the observed skew is considerably flatter than Zipf(0.99)
 * over the keys (YCSB issue #1495). Use {@link ZipfianGenerator} directly for a true Zipf over the keys.
 *
 * <p>Thread-safe: its state is the thread-safe {@link ZipfianGenerator} it scrambles.
 */
public class ScrambledZipfianGenerator extends NumberGenerator {
  /** zeta(10^10, 0.99), precomputed so construction is constant-time. */
  public static final double ZETAN = 26.46902820178302;
  /** The constant for which {@link #ZETAN} is valid. */
  public static final double USED_ZIPFIAN_CONSTANT = 0.99;
  /** Size of the rank space the Zipfian is drawn from. */
  public static final long ITEM_COUNT = 10000000000L;

  private final long min;
  private final long max;
  private final long itemcount;
  private final ZipfianGenerator gen;

  /** Keys in {@code [0, items)}. */
  public ScrambledZipfianGenerator(long items) {
    this(0, items - 1);
  }

  /** Keys in {@code [min, max]} with the default constant. */
  public ScrambledZipfianGenerator(long min, long max) {
    this(min, max, ZipfianGenerator.ZIPFIAN_CONSTANT);
  }

  /**
   * Keys in {@code [min, max]} with skew {@code zipfianconstant}. Any constant other than
   * {@link #USED_ZIPFIAN_CONSTANT} needs zeta over 10^10 ranks, computed once (Euler-Maclaurin, milliseconds).
   */
  public ScrambledZipfianGenerator(long min, long max, double zipfianconstant) {
    long n = max - min + 1;
    if (max < min || n <= 0) {
      throw new IllegalArgumentException("ScrambledZipfianGenerator: need min <= max, got min=" + min
          + ", max=" + max);
    }
    this.min = min;
    this.max = max;
    this.itemcount = n;
    // Like YCSB: ranks 0..ITEM_COUNT inclusive, with zeta precomputed for the default constant.
    if (zipfianconstant == USED_ZIPFIAN_CONSTANT) {
      gen = new ZipfianGenerator(0, ITEM_COUNT, zipfianconstant, ZETAN);
    } else {
      gen = new ZipfianGenerator(0, ITEM_COUNT, zipfianconstant);
    }
  }

  @Override
  public Long nextValue() {
    return rememberLast(nextLong());
  }

  /** A draw without boxing and without updating {@link #lastValue()}. */
  @Override
  public long nextLong() {
    return scramble(gen.nextLong());
  }

  /** The key a Zipfian rank maps to: {@code min + fnvhash64(rank) % itemcount}. */
  long scramble(long rank) {
    // fnvhash64 is non-negative except for the one input whose hash is Long.MIN_VALUE; floorMod keeps it in range.
    return min + Math.floorMod(Utils.fnvhash64(rank), itemcount);
  }

  /** Approximately the middle of the range: the hash spreads ranks roughly evenly. */
  @Override
  public double mean() {
    return ((double) min + (double) max) / 2.0;
  }

  /** Prints zeta for {@link #ITEM_COUNT} items (the derivation of {@link #ZETAN}). */
  public static void main(String[] args) {
    System.out.println("zetan=" + ZipfianGenerator.zetastatic(ITEM_COUNT, USED_ZIPFIAN_CONSTANT));
  }
}
