package site.ycsb.db.cql.profile;

/**
 * Deterministic mixing of seeds (SplitMix64 finaliser): the same inputs give the same value in every process.
 *
 * <p>Stateless and thread-safe.
 */
final class Seeds {
  private Seeds() {
  }

  static long mix(long a, long b) {
    return finish(finish(a + 0x9E3779B97F4A7C15L) ^ (b * 0xBF58476D1CE4E5B9L + 0x94D049BB133111EBL));
  }

  static long mix(long a, long b, long c) {
    return mix(mix(a, b), c);
  }

  static long finish(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A number in [0,1) from a mixed seed. */
  static double unit(long h) {
    return (h >>> 11) * 0x1.0p-53;
  }
}
