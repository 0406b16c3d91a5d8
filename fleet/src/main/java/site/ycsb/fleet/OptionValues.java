package site.ycsb.fleet;

import java.util.Properties;

import site.ycsb.cli.EngineOption;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.PropertyReader;
import site.ycsb.support.TypedProperties;

/**
 * The fleet commands' numbers, read with binding-support's {@link TypedProperties} rules so that an option or a
 * property is refused with the same words as the engine uses ({@code name=value is not a whole number}, {@code must
 * be at least n}, ...), as a {@link UsageException}.
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

  /** One of the engine's options in {@code p}, read by its declaration: its default when absent. */
  public static <T> T engineOption(Properties p, EngineOption<T> option) throws UsageException {
    try {
      return new PropertyReader(p).get(option);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** One of the engine's counts in {@code p}, read by its declaration; {@code dflt} when absent or blank. */
  public static long property(Properties p, EngineOption<Long> option, long dflt) throws UsageException {
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
