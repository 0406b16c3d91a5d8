package site.ycsb.db.cql;

import java.util.List;
import java.util.Properties;
import java.util.Set;

import site.ycsb.DBException;
import site.ycsb.support.TypedProperties;

/**
 * Typed, validated access to YCSB properties for the CQL bindings. Every method throws a {@link DBException} with one
 * line naming the property, the bad value and what is expected — never a NumberFormatException stack trace. Numbers,
 * booleans, fractions and required values are parsed by binding-support's {@link TypedProperties} (one wording for
 * the engine and every binding); what is CQL's own (lists of hosts, consistency levels, identifiers) is here.
 *
 * <p>Not thread-safe beyond what {@link Properties} gives: used once, by the thread that initialises the binding.
 */
public final class PropertyParser {
  private final Properties properties;
  private final TypedProperties typed;

  public PropertyParser(Properties properties) {
    this(properties, java.util.Collections.<String, List<String>>emptyMap());
  }

  /** Reads {@code properties}, where a property may also be given in an old spelling ({@code oldSpellings}). */
  public PropertyParser(Properties properties, java.util.Map<String, List<String>> oldSpellings) {
    this.properties = properties;
    this.typed = new TypedProperties(properties, oldSpellings);
  }

  /** The spelling of {@code name} that is given (see {@link TypedProperties#given}), as a configuration mistake. */
  private String given(String name) throws DBException {
    try {
      return typed.given(name);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  /**
   * A configuration mistake, as the engine recognises it: a {@link DBException} whose direct cause is an
   * {@link IllegalArgumentException} with the same one-line message. This project's engine reports it as a usage
   * error (exit 2, nothing ran) instead of a failed connection (exit 3); YCSB 0.17.0 sees a plain DBException.
   */
  public static DBException configurationError(String message) {
    return TypedProperties.configurationError(message);
  }

  /** True if the property is present with a non-blank value. */
  public boolean isSet(String name) throws DBException {
    return typed.isSet(given(name));
  }

  /** True if the property is set (in any spelling) or present blank (which the typed readers refuse). */
  public boolean isGiven(String name) throws DBException {
    return isSet(name) || properties.getProperty(name) != null;
  }

  /** The trimmed value, or {@code defaultValue} when absent or blank. */
  public String string(String name, String defaultValue) throws DBException {
    return typed.string(given(name), defaultValue);
  }

  /** The raw value (secrets are not trimmed), or null when absent or empty. */
  public String secret(String name) {
    return typed.raw(name);
  }

  public String required(String name, String meaning) throws DBException {
    try {
      return typed.required(name, meaning);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  /** A comma-separated list without empty entries. */
  public List<String> list(String name, String meaning) throws DBException {
    try {
      return CqlReaders.list(typed, name, meaning);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  /** Contact points, each a host name or address ({@link CqlReaders#hosts}). */
  public List<String> hosts(String name, String meaning, String credentialProperties) throws DBException {
    try {
      return CqlReaders.hosts(typed, name, meaning, credentialProperties);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  public int intInRange(String name, int defaultValue, int min, int max) throws DBException {
    try {
      return typed.intValue(name, defaultValue, min, max);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  public long longInRange(String name, long defaultValue, long min, long max) throws DBException {
    try {
      return typed.longValue(name, defaultValue, min, max);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  public double fraction(String name, double defaultValue) throws DBException {
    try {
      return typed.fraction(name, defaultValue);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  /** Only "true" or "false" (any case): a typo must not silently mean false. */
  public boolean bool(String name, boolean defaultValue) throws DBException {
    try {
      return typed.bool(name, defaultValue);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  /** A consistency level name from {@code allowed} (case-insensitive), upper-cased; null if absent. */
  public String consistency(String name, Set<String> allowed) throws DBException {
    try {
      return CqlReaders.consistency(typed, name, allowed);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  /** An existing, readable file path, or null if the property is absent. */
  public String readableFile(String name) throws DBException {
    try {
      return CqlReaders.readableFile(typed, name);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }

  /** A CQL identifier (letters, digits, underscore; not starting with a digit). */
  public String identifier(String name, String defaultValue) throws DBException {
    try {
      return CqlReaders.identifier(typed, name, defaultValue);
    } catch (IllegalArgumentException e) {
      throw configurationError(e.getMessage());
    }
  }
}
