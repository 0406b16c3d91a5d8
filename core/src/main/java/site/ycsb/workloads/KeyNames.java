package site.ycsb.workloads;

/**
 * Builds key names ({@code user} + zero padding + decimal number) with one allocation: this runs once per
 * operation, and the obvious {@code "user" + Long.toString(n)} costs three allocations and copies.
 *
 * <p>Stateless and thread-safe.
 */
final class KeyNames {
  private static final byte[] PREFIX = {'u', 's', 'e', 'r'};
  private static final byte[] TENS = new byte[100];
  private static final byte[] ONES = new byte[100];
  private static final long BILLION = 1_000_000_000L;

  static {
    for (int i = 0; i < 100; i++) {
      TENS[i] = (byte) ('0' + i / 10);
      ONES[i] = (byte) ('0' + i % 10);
    }
  }

  private KeyNames() {
  }

  /** {@code user} + {@code n} left-padded with zeros to {@code zeropadding} digits. */
  @SuppressWarnings("deprecation") // String(byte[], int hibyte, ...) is the cheapest way to wrap ASCII bytes
  static String build(long n, int zeropadding) {
    if (n < 0) {
      // Only reachable for Math.abs(Long.MIN_VALUE) of a hash; keep Long.toString's rendering.
      StringBuilder sb = new StringBuilder("user");
      String value = Long.toString(n);
      for (int i = value.length(); i < zeropadding; i++) {
        sb.append('0');
      }
      return sb.append(value).toString();
    }
    int digits = digits(n);
    int fill = Math.max(0, zeropadding - digits);
    byte[] buf = new byte[PREFIX.length + fill + digits];
    System.arraycopy(PREFIX, 0, buf, 0, PREFIX.length);
    for (int i = 0; i < fill; i++) {
      buf[PREFIX.length + i] = '0';
    }
    int pos = buf.length;
    long v = n;
    // Nine digits at a time in int arithmetic: one long division per chunk instead of one per digit pair.
    while (v >= BILLION) {
      long q = v / BILLION;
      pos = putNine(buf, pos, (int) (v - q * BILLION));
      v = q;
    }
    int w = (int) v;
    while (w >= 100) {
      int q = w / 100;
      int r = w - q * 100;
      buf[--pos] = ONES[r];
      buf[--pos] = TENS[r];
      w = q;
    }
    buf[--pos] = ONES[w];
    if (w >= 10) {
      buf[--pos] = TENS[w];
    }
    return new String(buf, 0, 0, buf.length);
  }

  /** Writes exactly nine digits of {@code chunk} (zero-padded) ending before {@code pos}; returns the new pos. */
  private static int putNine(byte[] buf, int pos, int chunk) {
    int p = pos;
    int w = chunk;
    for (int i = 0; i < 4; i++) {
      int q = w / 100;
      int r = w - q * 100;
      buf[--p] = ONES[r];
      buf[--p] = TENS[r];
      w = q;
    }
    buf[--p] = (byte) ('0' + w);
    return p;
  }

  private static int digits(long n) {
    long p = 10;
    for (int i = 1; i < 19; i++) {
      if (n < p) {
        return i;
      }
      p *= 10;
    }
    return 19;
  }
}
