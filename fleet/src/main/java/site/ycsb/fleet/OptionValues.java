package site.ycsb.fleet;

import java.util.Properties;

import site.ycsb.support.TypedProperties;

/**
 * The fleet commands' numbers, read with binding-support's {@link TypedProperties} rules so that an option or a
 * property is refused with the same words as the engine uses ({@code name=value is not a whole number}, {@code must
 * be at least n}, ...), as a {@link UsageException}.
 */
final class OptionValues {
  private OptionValues() {
  }

  /** A whole number in {@code [min, max]}. */
  static long wholeNumber(String name, String value, long min, long max) throws UsageException {
    try {
      return TypedProperties.parseLong(name, value, min, max);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** A finite number of at least {@code min}. */
  static double number(String name, String value, double min) throws UsageException {
    try {
      return TypedProperties.parseDouble(name, value, min);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** Property {@code name} of {@code p} as a whole number of at least 0; {@code dflt} when absent or blank. */
  static long property(Properties p, String name, long dflt) throws UsageException {
    String v = p.getProperty(name);
    return v == null || v.trim().isEmpty() ? dflt : wholeNumber(name, v, 0, Long.MAX_VALUE);
  }
}
