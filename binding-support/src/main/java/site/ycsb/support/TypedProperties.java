package site.ycsb.support;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import site.ycsb.DBException;

/**
 * Typed, validated reads of properties with one set of messages, for the engine and every binding. A missing value
 * gives the default; so does a blank one for {@link #string} (text), while the typed readers (numbers, flags) refuse
 * a blank value, typically an unset shell variable ({@code -p target=$RATE}) that would otherwise silently run with
 * the default; a bad one throws an {@link IllegalArgumentException} whose one-line message names
 * the property, shows the value (masked when the name looks secret, see {@link SecretNames}) and says what is
 * expected, e.g. {@code griddb.retries=x is not a whole number} or {@code cassandra.port=0 must be between 1 and
 * 65535}. The engine reports that as a usage error (exit 2); a binding wraps it in its {@code DBException}.
 *
 * <p>Not thread-safe beyond what {@link Properties} gives; meant for a configuration read once, before the run.
 */
public final class TypedProperties {
  /**
   * The only spelling of a whole number: ASCII digits with an optional sign. Java's own parsers also take other
   * scripts' digits (Arabic-Indic, full-width), which a user never means to type.
   */
  private static final java.util.regex.Pattern WHOLE = java.util.regex.Pattern.compile("[+-]?[0-9]+");
  /**
   * A decimal number as people write it: ASCII digits, an optional fraction and exponent; NaN and Infinity pass so
   * that their messages say what is wrong with them. Java's {@code 0.5d}, {@code 1f} and hex floats do not.
   */
  private static final java.util.regex.Pattern DECIMAL = java.util.regex.Pattern.compile(
      "[+-]?(([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?|NaN|Infinity)");
  private final Properties props;
  private final Map<String, List<String>> oldSpellings;

  public TypedProperties(Properties props) {
    this(props, Collections.<String, List<String>>emptyMap());
  }

  /**
   * Reads {@code props} where a property may also be given in an old spelling ({@code oldSpellings}: the name in the
   * project's convention to the spellings it replaced, still accepted): every read below takes whichever spelling
   * is given, and names that one in its messages.
   */
  public TypedProperties(Properties props, Map<String, List<String>> oldSpellings) {
    this.props = props;
    this.oldSpellings = oldSpellings;
  }

  /**
   * The spelling of {@code name} that {@code props} holds (a non-blank value): {@code name} itself, else its first
   * old spelling that is given; {@code name} when none is. Two spellings given different values are a mistake.
   */
  public String given(String name) {
    String found = null;
    for (String spelling : spellings(name)) {
      String v = trimmedValue(spelling);
      if (v == null) {
        continue;
      }
      if (found == null) {
        found = spelling;
      } else if (!v.equals(trimmedValue(found))) {
        boolean secret = SecretNames.isSecret(name);
        throw new IllegalArgumentException(found + (secret ? "" : "=" + trimmedValue(found)) + " and its other "
            + "spelling " + spelling + (secret ? "" : "=" + v) + " disagree; set only one");
      }
    }
    return found != null ? found : name;
  }

  private List<String> spellings(String name) {
    List<String> old = oldSpellings.get(name);
    if (old == null || old.isEmpty()) {
      return Collections.singletonList(name);
    }
    List<String> all = new ArrayList<>(old.size() + 1);
    all.add(name);
    all.addAll(old);
    return all;
  }

  private String trimmedValue(String key) {
    String v = props.getProperty(key);
    return v == null || v.trim().isEmpty() ? null : v.trim();
  }

  /** True if the property is present with a non-blank value (in any of its spellings). */
  public boolean isSet(String name) {
    return trimmedValue(given(name)) != null;
  }

  /** The trimmed value, or {@code def} when absent or blank. */
  public String string(String name, String def) {
    String v = trimmedValue(given(name));
    return v != null ? v : def;
  }

  /**
   * The trimmed value, or {@code def} when absent; a blank one is refused (an unset shell variable, {@code -p x=$X},
   * must not silently mean the default), in the same words as the typed readers.
   */
  public String text(String name, String def) {
    String v = trimmedValue(typedKey(name));
    return v != null ? v : def;
  }

  /** The value exactly as given (not trimmed: a password), or null when absent or empty. */
  public String raw(String name) {
    for (String spelling : spellings(name)) {
      String v = props.getProperty(spelling);
      if (v != null && !v.isEmpty()) {
        return v;
      }
    }
    return null;
  }

  /** The trimmed value; absent or blank is a mistake described by {@code meaning} (what the property is for). */
  public String required(String name, String meaning) {
    String v = trimmedValue(given(name));
    if (v == null) {
      throw new IllegalArgumentException("missing required property " + name + " (" + meaning + ")");
    }
    return v;
  }

  /** A whole number of at least {@code min}. */
  public long longValue(String name, long def, long min) {
    return longValue(name, def, min, Long.MAX_VALUE);
  }

  /** A whole number in {@code [min, max]}. */
  public long longValue(String name, long def, long min, long max) {
    String key = typedKey(name);
    return isSet(key) ? parseLong(key, props.getProperty(key), min, max) : def;
  }

  /** A whole number of at least {@code min} that fits an int. */
  public int intValue(String name, int def, int min) {
    return intValue(name, def, min, Integer.MAX_VALUE);
  }

  /** A whole number in {@code [min, max]}. */
  public int intValue(String name, int def, int min, int max) {
    return (int) longValue(name, def, min, max);
  }

  /** A finite number of at least {@code min}. */
  public double doubleValue(String name, double def, double min) {
    String key = typedKey(name);
    return isSet(key) ? parseDouble(key, props.getProperty(key), min) : def;
  }

  /** A number between 0 and 1. */
  public double fraction(String name, double def) {
    String key = typedKey(name);
    if (!isSet(key)) {
      return def;
    }
    String raw = props.getProperty(key);
    double value = parseNumber(key, raw);
    if (!(value >= 0.0 && value <= 1.0)) {
      throw badValue(key, raw, "must be a number between 0 and 1");
    }
    return value;
  }

  /** Only "true" or "false" (any case): a typo must not silently mean false. */
  public boolean bool(String name, boolean def) {
    String key = typedKey(name);
    return isSet(key) ? parseBoolean(key, props.getProperty(key)) : def;
  }

  /**
   * The spelling to read a typed property from ({@link #given}); one given blank, in any spelling, with none given a
   * value, is refused (see the class comment).
   */
  private String typedKey(String name) {
    String blank = givenBlank(name);
    if (blank != null) {
      throw new IllegalArgumentException(blank + " is given empty: give a value, or leave " + blank
          + " out for its default");
    }
    return given(name);
  }

  /** The spelling of {@code name} that is present but blank when no spelling has a value, else null. */
  public String givenBlank(String name) {
    if (trimmedValue(given(name)) != null) {
      return null;
    }
    for (String spelling : spellings(name)) {
      String v = props.getProperty(spelling);
      if (v != null && v.trim().isEmpty()) {
        return spelling;
      }
    }
    return null;
  }

  /**
   * A bad value in the one wording of the engine and every binding: {@code name=value problem}, the value trimmed and
   * masked when the name looks secret, e.g. {@code badValue("griddb.consistency", "STRONG", "is not one of:
   * IMMEDIATE, EVENTUAL")}. Every message of this class has this form.
   */
  public static IllegalArgumentException badValue(String name, String raw, String problem) {
    return new IllegalArgumentException(name + "=" + shown(name, raw) + " " + problem);
  }

  /**
   * {@code raw} (trimmed) as one of {@code allowed}, compared exactly or ignoring case; the allowed spelling is
   * returned. Otherwise {@code name=value is not one of: a, b}.
   */
  public static String oneOf(String name, String raw, java.util.Collection<String> allowed, boolean ignoreCase) {
    String t = raw == null ? "" : raw.trim();
    for (String a : allowed) {
      if (ignoreCase ? a.equalsIgnoreCase(t) : a.equals(t)) {
        return a;
      }
    }
    throw badValue(name, t, "is not one of: " + String.join(", ", allowed));
  }

  /** {@code raw} as a constant of {@code type}, by name ({@link #oneOf(String, String, java.util.Collection, boolean)}). */
  public static <E extends Enum<E>> E oneOf(String name, String raw, Class<E> type, boolean ignoreCase) {
    java.util.List<String> names = new java.util.ArrayList<>();
    for (E constant : type.getEnumConstants()) {
      names.add(constant.name());
    }
    return Enum.valueOf(type, oneOf(name, raw, names, ignoreCase));
  }

  /**
   * A binding's configuration mistake, in the form the engine recognises: a {@link DBException} whose direct cause is
   * an {@link IllegalArgumentException} with the same one-line message. This project's engine reports it as a usage
   * error (exit 2, nothing ran) instead of a failed connection (exit 3); YCSB 0.17.0 sees a plain DBException.
   */
  public static DBException configurationError(String message) {
    return new DBException(message, new IllegalArgumentException(message));
  }

  /**
   * Parses {@code raw} (trimmed) as a whole number in {@code [min, max]}; the message names {@code name}. For values
   * that do not come from a {@link Properties} (command-line options) and for the readers above.
   */
  public static long parseLong(String name, String raw, long min, long max) {
    String t = raw == null ? "" : raw.trim();
    long value;
    try {
      if (!isWholeNumber(t)) {
        throw new NumberFormatException(t);
      }
      value = Long.parseLong(t);
    } catch (NumberFormatException e) {
      boolean digits = isWholeNumber(t);
      throw badValue(name, raw, !digits ? "is not a whole number"
          : t.startsWith("-") ? mustBe(min, max) : "is too large (at most " + max + ")");
    }
    if (value < min || value > max) {
      boolean open = max == Long.MAX_VALUE || max == Integer.MAX_VALUE;
      throw badValue(name, raw, open && value > max ? "is too large (at most " + max + ")" : mustBe(min, max));
    }
    return value;
  }

  /** Parses {@code raw} as a finite number of at least {@code min}. */
  public static double parseDouble(String name, String raw, double min) {
    double value = parseNumber(name, raw);
    if (Double.isInfinite(value)) {
      // "1e400" parses to infinity: say so rather than that it is below the minimum
      throw badValue(name, raw, "is not a finite number");
    }
    if (value < min) {
      throw badValue(name, raw, "must be a number of at least " + plain(min));
    }
    return value;
  }

  /** Parses {@code raw} as "true" or "false" (any case, trimmed). */
  public static boolean parseBoolean(String name, String raw) {
    String t = raw == null ? "" : raw.trim();
    if (t.equalsIgnoreCase("true")) {
      return true;
    }
    if (t.equalsIgnoreCase("false")) {
      return false;
    }
    throw badValue(name, raw, "must be true or false");
  }

  private static double parseNumber(String name, String raw) {
    String t = raw == null ? "" : raw.trim();
    double value;
    try {
      value = isDecimalNumber(t) ? Double.parseDouble(t) : Double.NaN;
    } catch (NumberFormatException e) {
      value = Double.NaN;
    }
    if (Double.isNaN(value)) {
      throw badValue(name, raw, "is not a number");
    }
    return value;
  }

  /** True for a whole number in ASCII digits with an optional sign (no blanks, no other scripts' digits). */
  public static boolean isWholeNumber(String s) {
    return s != null && WHOLE.matcher(s).matches();
  }

  /** True for a decimal number in ASCII digits (fraction and exponent optional), or NaN or Infinity. */
  public static boolean isDecimalNumber(String s) {
    return s != null && DECIMAL.matcher(s).matches();
  }

  /**
   * A number as people write it: a whole one without {@code .0} ({@code 334}), else every digit Java gives
   * ({@code 333.3333333333333}), so that rates shared out over clients add up exactly.
   */
  public static String plain(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  private static String mustBe(long min, long max) {
    return max == Long.MAX_VALUE || max == Integer.MAX_VALUE ? "must be at least " + min
        : "must be between " + min + " and " + max;
  }

  private static String shown(String name, String raw) {
    return SecretNames.shown(name, raw == null ? "" : raw.trim());
  }
}
