package site.ycsb.fleet;

import java.util.Properties;

import site.ycsb.cli.EngineOptions;
import site.ycsb.options.Option;
import site.ycsb.support.TypedProperties;

/**
 * The fleet commands' values, read by their declarations (binding-support's {@link Option}: the engine's options in
 * core's {@link EngineOptions}, the fleet's own {@code --name N} options in {@code ssh.FleetOptions} and
 * {@code suite.SuiteOptions}) or, for a number not declared as an option, with the same rules
 * ({@link TypedProperties}), so that a value is refused with the engine's words ({@code name=value is not a whole
 * number}, {@code must be at least n}, ...), as a one-line {@link UsageException}.
 */
public final class OptionValues {
  private OptionValues() {
  }

  /** A whole number in {@code [min, max]}. */
  public static long wholeNumber(String name, String value, long min, long max) throws UsageException {
    try {
      return TypedProperties.parseLong(name, value, min, max);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** A finite number of at least {@code min}. */
  public static double number(String name, String value, double min) throws UsageException {
    try {
      return TypedProperties.parseDouble(name, value, min);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The value typed after a command-line option ({@code --ssh-setups 4}) whose declaration is named after it,
   * checked by that declaration.
   */
  public static <T> T commandLine(Option<T> option, String value) throws UsageException {
    Properties given = new Properties();
    given.setProperty(option.name(), value);
    return engineOption(given, option);
  }

  /** An option in {@code p} (one of the engine's), read by its declaration: its default when absent. */
  public static <T> T engineOption(Properties p, Option<T> option) throws UsageException {
    try {
      return option.read(p);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** One of the engine's counts in {@code p}, read by its declaration; {@code dflt} when absent or blank. */
  public static long property(Properties p, Option<Long> option, long dflt) throws UsageException {
    String v = p.getProperty(option.name());
    return v == null || v.trim().isEmpty() ? dflt : engineOption(p, option);
  }

  /** The records a load inserts: {@code insertcount}, else {@code recordcount - insertstart}. */
  public static long loadCount(Properties p) throws UsageException {
    long records = engineOption(p, EngineOptions.RECORD_COUNT);
    long start = engineOption(p, EngineOptions.INSERT_START);
    return property(p, EngineOptions.INSERT_COUNT, Math.max(0, records - start));
  }
}
