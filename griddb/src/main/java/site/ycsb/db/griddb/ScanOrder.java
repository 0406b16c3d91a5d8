package site.ycsb.db.griddb;

import java.nio.charset.StandardCharsets;

/**
 * An order-preserving 63-bit number for a row key, stored beside the key in the scan index because TQL can compare
 * numbers but not strings. {@code ord(a) <= ord(b)} whenever {@code a <= b} in {@link KeyOrder} (equal numbers are
 * allowed: it is monotone, not one-to-one).
 *
 * <p>The first 9 UTF-8 bytes of the key are packed 7 bits each (a missing byte counts as 0). A byte of 127 or more
 * saturates: it and every later position become 127. So for ASCII keys the first 9 characters are kept exactly
 * ("user" and five digits of a YCSB key), and for any key the mapping stays monotone: at the first byte where two
 * keys differ, the smaller key's packed value is smaller or (both saturated) equal from there on.
 *
 * <p>Stateless and thread-safe.
 */
public final class ScanOrder {
  static final int CHARS = 9;
  private static final int MAX = 127;

  private ScanOrder() {
  }

  /** The order-preserving number of {@code key} (0 .. 2^63-1). */
  public static long of(String key) {
    byte[] b = key.getBytes(StandardCharsets.UTF_8);
    long v = 0;
    boolean saturated = false;
    for (int i = 0; i < CHARS; i++) {
      int c = i < b.length ? b[i] & 0xff : 0;
      if (saturated || c >= MAX) {
        saturated = true;
        c = MAX;
      }
      v = (v << 7) | c;
    }
    return v;
  }
}
