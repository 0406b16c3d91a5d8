package site.ycsb.measurements.exporter;

/**
 * Minimal JSON text helpers (quoting strings, printing numbers) so core needs no JSON library.
 *
 * <p>Stateless and thread-safe.
 */
public final class JsonText {
  private JsonText() {
  }

  /** Returns {@code s} as a quoted JSON string, or {@code null}. */
  public static String quote(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder sb = new StringBuilder(s.length() + 2);
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
      case '"':
        sb.append("\\\"");
        break;
      case '\\':
        sb.append("\\\\");
        break;
      case '\n':
        sb.append("\\n");
        break;
      case '\r':
        sb.append("\\r");
        break;
      case '\t':
        sb.append("\\t");
        break;
      default:
        if (c < 0x20) {
          sb.append(String.format("\\u%04x", (int) c));
        } else {
          sb.append(c);
        }
      }
    }
    return sb.append('"').toString();
  }

  /** A JSON number; NaN and infinities (not allowed in JSON) become {@code null}. */
  public static String number(double d) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return "null";
    }
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d) + ".0";
    }
    return Double.toString(d);
  }
}
