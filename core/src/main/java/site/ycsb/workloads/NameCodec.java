package site.ycsb.workloads;

/**
 * Fixed-length, letters-only names for metrics, tag keys and tag values: name {@code i} of length {@code n} is
 * {@code i} written in base 52 over {@code A-Z a-z}, left-padded with {@code A}. Letters only, so a name never
 * contains a digit of a timestamp or a delimiter (delimiters are checked to hold no letter).
 */
final class NameCodec {
  private static final char[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

  private NameCodec() {
  }

  /** The {@code index}-th name of {@code length} characters. */
  static String name(long index, int length) {
    if (index < 0 || index >= capacity(length)) {
      throw new IllegalArgumentException("name index " + index + " does not fit in " + length + " letters");
    }
    char[] out = new char[length];
    long rest = index;
    for (int i = length - 1; i >= 0; i--) {
      out[i] = ALPHABET[(int) (rest % ALPHABET.length)];
      rest /= ALPHABET.length;
    }
    return new String(out);
  }

  /** How many distinct names of {@code length} characters exist (capped at Long.MAX_VALUE). */
  static long capacity(int length) {
    long c = 1;
    for (int i = 0; i < length; i++) {
      if (c > Long.MAX_VALUE / ALPHABET.length) {
        return Long.MAX_VALUE;
      }
      c *= ALPHABET.length;
    }
    return c;
  }

  /** Throws the one-line configuration error when {@code count} names do not fit in {@code length} letters. */
  static void checkFits(String countProperty, long count, String lengthProperty, int length) {
    if (count > capacity(length)) {
      throw new IllegalArgumentException(countProperty + " needs " + count + " distinct names but " + lengthProperty
          + "=" + length + " allows only " + capacity(length) + "; raise " + lengthProperty);
    }
  }
}
