package site.ycsb.db.griddb;

import java.util.Comparator;

/**
 * The order of row keys in scans: Unicode code point order, which is the byte order of their UTF-8 form (the
 * order of a binary string comparison). For ASCII keys, as YCSB makes them, it equals {@link String#compareTo}.
 *
 * <p>Stateless and thread-safe.
 */
public final class KeyOrder {
  /** Comparator by code points. */
  public static final Comparator<String> BY_CODE_POINT = KeyOrder::compare;

  private KeyOrder() {
  }

  /** Compares two keys by code points. */
  public static int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
