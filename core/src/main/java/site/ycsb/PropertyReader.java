package site.ycsb;

import java.util.Properties;

/** Typed, validated reads of properties; a bad value is a {@link UsageException} naming the property. */
final class PropertyReader {
  private final Properties props;

  PropertyReader(Properties props) {
    this.props = props;
  }

  String string(String name, String def) {
    String v = props.getProperty(name);
    return v == null ? def : v.trim();
  }

  long longValue(String name, long def, long min) throws UsageException {
    String v = props.getProperty(name);
    if (v == null || v.trim().isEmpty()) {
      return def;
    }
    long parsed;
    try {
      parsed = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(name + "=" + v + " is not a whole number");
    }
    if (parsed < min) {
      throw new UsageException(name + "=" + v + " must be at least " + min);
    }
    return parsed;
  }

  int intValue(String name, int def, int min) throws UsageException {
    long v = longValue(name, def, min);
    if (v > Integer.MAX_VALUE) {
      throw new UsageException(name + "=" + v + " is too large");
    }
    return (int) v;
  }

  double doubleValue(String name, double def, double min) throws UsageException {
    String v = props.getProperty(name);
    if (v == null || v.trim().isEmpty()) {
      return def;
    }
    double parsed;
    try {
      parsed = Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(name + "=" + v + " is not a number");
    }
    if (!(parsed >= min) || Double.isInfinite(parsed)) {
      throw new UsageException(name + "=" + v + " must be a number of at least " + min);
    }
    return parsed;
  }

  boolean bool(String name, boolean def) throws UsageException {
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
    throw new UsageException(name + "=" + v + " must be true or false");
  }
}
