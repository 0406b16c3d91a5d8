package site.ycsb.cli;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

import site.ycsb.support.TypedProperties;

/**
 * One option of the engine: its property name, its default, what it means and the type of its value, declared once
 * in {@link EngineOptions} and read with {@link PropertyReader#get}. A missing value gives the default; a bad one an
 * {@link IllegalArgumentException} with the engine's one-line wording ({@code name=value is not a whole number},
 * {@code ... must be at least n}, {@code ... is not one of: a, b}), which the engine reports as a usage error.
 *
 * <p>Immutable and thread-safe.
 *
 * @param <T> the type of the value: String, Boolean, Integer, Long or Double
 */
public final class EngineOption<T> {
  /** How a value is read: from the properties, with the default for a missing one. */
  private interface Reader<T> {
    T read(Properties props, EngineOption<T> option);
  }

  private final String name;
  private final Class<T> type;
  private final T defaultValue;
  private final String meaning;
  private final List<String> choices;
  private final Reader<T> reader;

  private EngineOption(String name, Class<T> type, T defaultValue, String meaning, List<String> choices,
      Reader<T> reader) {
    this.name = name;
    this.type = type;
    this.defaultValue = defaultValue;
    this.meaning = meaning;
    this.choices = choices;
    this.reader = reader;
  }

  /** Text; a value that is present is trimmed (a blank one is the empty string), a missing one is {@code def}. */
  static EngineOption<String> text(String name, String def, String meaning) {
    return new EngineOption<>(name, String.class, def, meaning, Collections.<String>emptyList(),
        (p, o) -> {
          String v = p.getProperty(o.name);
          return v == null ? o.defaultValue : v.trim();
        });
  }

  /** One of {@code choices} (exactly as written, trimmed); a missing value is {@code def}. */
  static EngineOption<String> choice(String name, String def, String meaning, String... choices) {
    return new EngineOption<>(name, String.class, def, meaning, Collections.unmodifiableList(Arrays.asList(choices)),
        (p, o) -> {
          String v = p.getProperty(o.name);
          return v == null ? o.defaultValue : TypedProperties.oneOf(o.name, v, o.choices, false);
        });
  }

  /** An address to listen on as {@link ListenAddress} reads it, or empty (the default) for none. */
  static EngineOption<String> listenAddress(String name, String meaning) {
    return new EngineOption<>(name, String.class, "", meaning, Collections.<String>emptyList(), (p, o) -> {
      String v = p.getProperty(o.name);
      return v == null || v.trim().isEmpty() ? "" : ListenAddress.parse(o.name, v).toString();
    });
  }

  /**
   * An http or https URL with a host, or empty (the default) for none. A URL that holds credentials is refused: the
   * value is printed and recorded with the run.
   */
  static EngineOption<String> url(String name, String meaning) {
    return new EngineOption<>(name, String.class, "", meaning, Collections.<String>emptyList(), (p, o) -> {
      String v = p.getProperty(o.name);
      if (v == null || v.trim().isEmpty()) {
        return "";
      }
      java.net.URI uri;
      try {
        uri = new java.net.URI(v.trim());
      } catch (java.net.URISyntaxException e) {
        uri = null;
      }
      if (uri == null || uri.getHost() == null || uri.getScheme() == null
          || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
        throw TypedProperties.badValue(o.name, v, "is not an http:// or https:// URL with a host");
      }
      if (uri.getRawUserInfo() != null || uri.getRawQuery() != null) {
        throw new IllegalArgumentException(o.name + ": a URL with credentials or a query is refused (it would be "
            + "printed and recorded with the run); give http://HOST:PORT");
      }
      return uri.toString();
    });
  }

  /** {@code true} or {@code false}, any case: a typo must not silently mean false. */
  static EngineOption<Boolean> flag(String name, boolean def, String meaning) {
    return new EngineOption<>(name, Boolean.class, def, meaning, Collections.<String>emptyList(),
        (p, o) -> new TypedProperties(p).bool(o.name, o.defaultValue));
  }

  /** A whole number in {@code [min, max]} that fits an int. */
  static EngineOption<Integer> count(String name, int def, int min, int max, String meaning) {
    return new EngineOption<>(name, Integer.class, def, meaning, Collections.<String>emptyList(),
        (p, o) -> new TypedProperties(p).intValue(o.name, o.defaultValue, min, max));
  }

  /** A whole number in {@code [min, max]}. */
  static EngineOption<Long> wholeNumber(String name, long def, long min, long max, String meaning) {
    return new EngineOption<>(name, Long.class, def, meaning, Collections.<String>emptyList(),
        (p, o) -> new TypedProperties(p).longValue(o.name, o.defaultValue, min, max));
  }

  /** A finite number of at least {@code min}. */
  static EngineOption<Double> number(String name, double def, double min, String meaning) {
    return new EngineOption<>(name, Double.class, def, meaning, Collections.<String>emptyList(),
        (p, o) -> new TypedProperties(p).doubleValue(o.name, o.defaultValue, min));
  }

  /**
   * A finite number in {@code [min, max]}: for options where a value far beyond any real one is a typo that would
   * otherwise run silently (a rate of 1e99 runs unthrottled, a status interval of 1e99 prints no line).
   */
  static EngineOption<Double> number(String name, double def, double min, double max, String meaning) {
    return new EngineOption<>(name, Double.class, def, meaning, Collections.<String>emptyList(), (p, o) -> {
      double value = new TypedProperties(p).doubleValue(o.name, o.defaultValue, min);
      if (value > max) {
        throw TypedProperties.badValue(o.name, p.getProperty(o.name), "is too large (at most "
            + formatRate(max) + ")");
      }
      return value;
    });
  }

  /**
   * A share written as a percentage, {@code 0.1%} (or {@code 0} alone), read as a fraction (0.001) in [0, 1]. A number
   * without {@code %} is refused: {@code 1} could mean 1% or all. Refused too: negative, above 100%, NaN, text.
   */
  static EngineOption<Double> percentage(String name, double def, String meaning) {
    return new EngineOption<>(name, Double.class, def, meaning, Collections.<String>emptyList(), (p, o) -> {
      String raw = p.getProperty(o.name);
      return raw == null ? o.defaultValue : parsePercentage(o.name, raw);
    });
  }

  /** {@code raw} as {@link #percentage} reads it; {@code name} names it in the one-line refusal. */
  public static double parsePercentage(String name, String raw) {
    String t = raw.trim();
    if (t.equals("0")) {
      return 0;
    }
    String number = t.endsWith("%") ? t.substring(0, t.length() - 1).trim() : null;
    if (number == null || !TypedProperties.isDecimalNumber(number) || number.contains("NaN")
        || number.contains("Infinity")) {
      throw TypedProperties.badValue(name, raw, "is not a percentage: write e.g. 0.1% (or 0 for none)");
    }
    double percent = Double.parseDouble(number);
    if (percent < 0 || percent > 100) {
      throw TypedProperties.badValue(name, raw, "must be between 0% and 100%");
    }
    return percent / 100;
  }

  /**
   * A duration as {@link Durations} writes it ({@code 30s}, {@code 2m}, {@code 0}), read in nanoseconds; {@code def}
   * is written the same way.
   */
  static EngineOption<Long> duration(String name, String def, String meaning) {
    long defNs = Durations.nanos(def);
    if (defNs < 0) {
      throw new IllegalStateException("default of " + name + " is not a duration: " + def);
    }
    return new EngineOption<>(name, Long.class, defNs, meaning, Collections.<String>emptyList(), (p, o) -> {
      String raw = p.getProperty(o.name);
      if (raw == null) {
        return o.defaultValue;
      }
      long ns = Durations.nanos(raw);
      if (ns < 0) {
        throw TypedProperties.badValue(o.name, raw, "is not a duration (e.g. " + Durations.EXAMPLES + ", or 0)");
      }
      return ns;
    });
  }

  /** The property name, e.g. {@code threadcount}. */
  public String name() {
    return name;
  }

  /** The value when the property is not given ({@code null}: none, e.g. a required option). */
  public T defaultValue() {
    return defaultValue;
  }

  /** What the option is for, in a few words. */
  public String meaning() {
    return meaning;
  }

  /** The type of the value. */
  public Class<T> type() {
    return type;
  }

  /** The values allowed, for an option that takes one of a few words; empty otherwise. */
  public List<String> choices() {
    return choices;
  }

  /** The value in {@code props}, or the default; see the class comment for a bad value. */
  T read(Properties props) {
    return reader.read(props, this);
  }

  /** Whether {@code props} holds this property at all (a blank value counts as given). */
  public boolean isGiven(Properties props) {
    return props.getProperty(name) != null;
  }

  @Override
  public String toString() {
    return name;
  }

  /**
   * A rate as {@code -target} takes it and the tools print it: a whole number without {@code .0} ({@code 334}), else
   * every digit Java gives ({@code 333.3333333333333}), so that rates shared out over clients add up exactly.
   * (Declared here, where a rate option's bounds are printed, so that the option needs nothing of the parser.)
   */
  public static String formatRate(double rate) {
    if (rate == Math.rint(rate) && Math.abs(rate) < 1e15) {
      return Long.toString((long) rate);
    }
    return Double.toString(rate);
  }
}
