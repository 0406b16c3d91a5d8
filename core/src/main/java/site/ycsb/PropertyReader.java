package site.ycsb;

import java.util.Properties;

/**
 * Typed, validated reads of properties, shared by the client and the core workload: a missing or blank value gives
 * the default, a bad one an {@link IllegalArgumentException} whose one-line message names the property (the
 * client reports it with exit code 2).
 */
public final class PropertyReader {
  private final Properties props;

  public PropertyReader(Properties props) {
    this.props = props;
  }

  public String string(String name, String def) {
    String v = props.getProperty(name);
    return v == null ? def : v.trim();
  }

  public long longValue(String name, long def, long min) {
    String v = props.getProperty(name);
    if (v == null || v.trim().isEmpty()) {
      return def;
    }
    long parsed;
    try {
      parsed = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      boolean digits = v.trim().matches("[+-]?[0-9]+");
      throw new IllegalArgumentException(name + "=" + shown(name, v) + (digits
          ? " is too large (at most " + Long.MAX_VALUE + ")" : " is not a whole number"));
    }
    if (parsed < min) {
      throw new IllegalArgumentException(name + "=" + shown(name, v) + " must be at least " + min);
    }
    return parsed;
  }

  public int intValue(String name, int def, int min) {
    long v = longValue(name, def, min);
    if (v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(name + "=" + v + " is too large (at most " + Integer.MAX_VALUE + ")");
    }
    return (int) v;
  }

  public double doubleValue(String name, double def, double min) {
    String v = props.getProperty(name);
    if (v == null || v.trim().isEmpty()) {
      return def;
    }
    double parsed;
    try {
      parsed = Double.parseDouble(v.trim());
      if (Double.isNaN(parsed)) {
        throw new NumberFormatException();
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + "=" + shown(name, v) + " is not a number");
    }
    if (!(parsed >= min) || Double.isInfinite(parsed)) {
      throw new IllegalArgumentException(name + "=" + shown(name, v) + " must be a number of at least " + min);
    }
    return parsed;
  }

  public boolean bool(String name, boolean def) {
    String v = props.getProperty(name);
    if (v == null || v.trim().isEmpty()) {
      return def;
    }
    String t = v.trim();
    if (t.equalsIgnoreCase("true")) {
      return true;
    }
    if (t.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException(name + "=" + shown(name, v) + " must be true or false");
  }

  /** The value as it may be printed: masked when the name looks secret. */
  private static String shown(String name, String value) {
    return Secrets.isSecret(name) ? Secrets.MASK : value;
  }
}
