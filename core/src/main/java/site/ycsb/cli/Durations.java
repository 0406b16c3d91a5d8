package site.ycsb.cli;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

import site.ycsb.support.TypedProperties;

/**
 * The one way a duration is written, in the engine's options ({@code warmup=30s}) and in the tools' ({@code findmax
 * --step-time 30s}, {@code --sla 'p99<10ms'}): a decimal number and a unit — {@code us}, {@code ms}, {@code s} or
 * {@code m} (any case) — such as {@code 500ms}, {@code 30s} or {@code 1.5m}; {@code 0} may stand alone. A number
 * without a unit is refused: {@code warmup=10000} could mean operations or seconds.
 *
 * <p>Stateless and thread-safe.
 */
public final class Durations {
  /** Examples for a message: {@code 30s, 2m, 500ms}. */
  public static final String EXAMPLES = "30s, 2m, 500ms";
  /** The longest duration: ten years (a longer one is a typo, and its nanoseconds would overflow). */
  public static final long MAX_NANOS = TimeUnit.DAYS.toNanos(3650);

  private static final String[] UNITS = {"us", "ms", "s", "m"};
  private static final double[] NANOS_PER_UNIT = {1e3, 1e6, 1e9, 60e9};

  private Durations() {
  }

  /**
   * The duration {@code text} stands for, in nanoseconds, or -1 when it is not written as above, is negative or is
   * longer than {@link #MAX_NANOS}.
   */
  public static long nanos(String text) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("0")) {
      return 0;
    }
    for (int i = 0; i < UNITS.length; i++) { // "us" and "ms" are tried before "s"
      String unit = UNITS[i];
      if (!t.endsWith(unit)) {
        continue;
      }
      String number = t.substring(0, t.length() - unit.length()).trim();
      if (!TypedProperties.isDecimalNumber(number)) { // lower-cased: NaN and Infinity do not pass
        return -1;
      }
      double ns = Double.parseDouble(number) * NANOS_PER_UNIT[i];
      return ns >= 0 && ns <= MAX_NANOS ? Math.round(ns) : -1;
    }
    return -1;
  }
}
