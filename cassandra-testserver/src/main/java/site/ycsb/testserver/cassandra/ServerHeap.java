package site.ycsb.testserver.cassandra;

import java.util.Locale;

/**
 * The Cassandra JVM's heap (-Xms and -Xmx alike). 512 MB suits the tests, which write little; a benchmark that
 * writes wide partitions or runs for an hour needs more, or the server ends on OutOfMemoryError (it is started with
 * -XX:+ExitOnOutOfMemoryError).
 */
final class ServerHeap {
  /** The default, in the JVM's own notation. */
  static final String DEFAULT = "512M";
  static final long MIN_MB = 256;
  static final long MAX_MB = 64L * 1024;

  private ServerHeap() {
  }

  /**
   * {@code text} as the JVM's size ("2048M"): a whole number followed by M or G (either case), 256M to 64G.
   *
   * @throws IllegalArgumentException with a one-line message naming {@code option} when it is not
   */
  static String parse(String text, String option) {
    String t = text.trim();
    if (!t.matches("[0-9]{1,6}[MmGg]")) {
      throw new IllegalArgumentException(option + " must be a size such as 2G or 1536M (M or G, "
          + MIN_MB + "M to " + MAX_MB / 1024 + "G), got '" + text + "'");
    }
    long number = Long.parseLong(t.substring(0, t.length() - 1));
    long mb = t.toUpperCase(Locale.ROOT).endsWith("G") ? number * 1024 : number;
    if (mb < MIN_MB || mb > MAX_MB) {
      throw new IllegalArgumentException(option + " must be " + MIN_MB + "M to " + MAX_MB / 1024 + "G, got '"
          + text + "'");
    }
    return mb + "M";
  }
}
