package site.ycsb.engine;

/**
 * Formats an estimated remaining time for the status line: "42 seconds", "1 day 3 hours 5 minutes".
 *
 * <p>Stateless and thread-safe. Package-private, as in YCSB 0.17.0 (whose class of this name was not API).
 */
final class RemainingFormatter {
  private RemainingFormatter() {
  }

  static String format(long seconds) {
    if (seconds < 60) {
      return plural(seconds, "second");
    }
    long days = seconds / 86400;
    long hours = seconds % 86400 / 3600;
    long minutes = seconds % 3600 / 60;
    StringBuilder sb = new StringBuilder();
    if (days > 0) {
      sb.append(plural(days, "day"));
    }
    if (hours > 0) {
      sb.append(sb.length() > 0 ? " " : "").append(plural(hours, "hour"));
    }
    if (minutes > 0 || sb.length() == 0) {
      sb.append(sb.length() > 0 ? " " : "").append(plural(minutes, "minute"));
    }
    return sb.toString();
  }

  private static String plural(long n, String unit) {
    return n + " " + unit + (n == 1 ? "" : "s");
  }
}
