package site.ycsb.db.cql;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;

import site.ycsb.DBException;

/**
 * Typed, validated access to YCSB properties. Every method throws a {@link DBException} with one line naming the
 * property, the bad value and what is expected — never a NumberFormatException stack trace.
 */
public final class PropertyParser {
  private final Properties properties;

  public PropertyParser(Properties properties) {
    this.properties = properties;
  }

  /**
   * A configuration mistake, as the engine recognises it: a {@link DBException} whose direct cause is an
   * {@link IllegalArgumentException} with the same one-line message. This project's engine reports it as a usage
   * error (exit 2, nothing ran) instead of a failed connection (exit 3); YCSB 0.17.0 sees a plain DBException.
   */
  public static DBException configurationError(String message) {
    return new DBException(message, new IllegalArgumentException(message));
  }

  /** True if the property is present with a non-blank value. */
  public boolean isSet(String name) {
    String value = properties.getProperty(name);
    return value != null && !value.trim().isEmpty();
  }

  /** The trimmed value, or {@code defaultValue} when absent or blank. */
  public String string(String name, String defaultValue) {
    return isSet(name) ? properties.getProperty(name).trim() : defaultValue;
  }

  /** The raw value (secrets are not trimmed), or null when absent or empty. */
  public String secret(String name) {
    String value = properties.getProperty(name);
    return value == null || value.isEmpty() ? null : value;
  }

  public String required(String name, String meaning) throws DBException {
    if (!isSet(name)) {
      throw configurationError("Missing required property '" + name + "' (" + meaning + ").");
    }
    return properties.getProperty(name).trim();
  }

  /** A comma-separated list without empty entries. */
  public List<String> list(String name, String meaning) throws DBException {
    String raw = required(name, meaning);
    List<String> items = new ArrayList<>();
    for (String part : raw.split(",")) {
      String item = part.trim();
      if (item.isEmpty()) {
        throw configurationError("Property '" + name + "' has an empty entry: '" + raw + "'; expected e.g. host1,host2.");
      }
      items.add(item);
    }
    return Collections.unmodifiableList(items);
  }

  public int intInRange(String name, int defaultValue, int min, int max) throws DBException {
    return (int) longInRange(name, defaultValue, min, max);
  }

  public long longInRange(String name, long defaultValue, long min, long max) throws DBException {
    if (!isSet(name)) {
      return defaultValue;
    }
    String raw = properties.getProperty(name).trim();
    long value;
    try {
      value = Long.parseLong(raw);
    } catch (NumberFormatException e) {
      throw configurationError("Property '" + name + "' must be an integer, got '" + raw + "'.");
    }
    if (value < min || value > max) {
      throw configurationError("Property '" + name + "' must be between " + min + " and " + max + ", got " + value + ".");
    }
    return value;
  }

  public double fraction(String name, double defaultValue) throws DBException {
    if (!isSet(name)) {
      return defaultValue;
    }
    String raw = properties.getProperty(name).trim();
    double value;
    try {
      value = Double.parseDouble(raw);
    } catch (NumberFormatException e) {
      throw configurationError("Property '" + name + "' must be a number between 0 and 1, got '" + raw + "'.");
    }
    if (!(value >= 0.0 && value <= 1.0)) {
      throw configurationError("Property '" + name + "' must be between 0 and 1, got " + raw + ".");
    }
    return value;
  }

  /** Only "true" or "false" (any case): a typo must not silently mean false. */
  public boolean bool(String name, boolean defaultValue) throws DBException {
    if (!isSet(name)) {
      return defaultValue;
    }
    String raw = properties.getProperty(name).trim();
    if ("true".equalsIgnoreCase(raw)) {
      return true;
    }
    if ("false".equalsIgnoreCase(raw)) {
      return false;
    }
    throw configurationError("Property '" + name + "' must be true or false, got '" + raw + "'.");
  }

  /** A consistency level name from {@code allowed} (case-insensitive), upper-cased; null if absent. */
  public String consistency(String name, Set<String> allowed) throws DBException {
    if (!isSet(name)) {
      return null;
    }
    String raw = properties.getProperty(name).trim();
    String level = raw.toUpperCase(Locale.ROOT);
    if (!allowed.contains(level)) {
      throw configurationError("Property '" + name + "' must be one of " + allowed + ", got '" + raw + "'.");
    }
    return level;
  }

  /** An existing, readable file path, or null if the property is absent. */
  public String readableFile(String name) throws DBException {
    if (!isSet(name)) {
      return null;
    }
    String path = properties.getProperty(name).trim();
    File file = new File(path);
    if (!file.isFile() || !file.canRead()) {
      throw configurationError("Property '" + name + "' names a file that does not exist or is not readable: '"
          + path + "'.");
    }
    return path;
  }

  /** A CQL identifier (letters, digits, underscore; not starting with a digit). */
  public String identifier(String name, String defaultValue) throws DBException {
    String value = string(name, defaultValue);
    if (!Identifiers.isPlain(value)) {
      throw configurationError("Property '" + name + "' must be a plain CQL identifier (letters, digits, _), got '"
          + value + "'.");
    }
    return value;
  }
}
