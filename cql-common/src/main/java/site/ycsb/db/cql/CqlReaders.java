package site.ycsb.db.cql;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import site.ycsb.support.HostNames;
import site.ycsb.support.SecretNames;
import site.ycsb.support.TypedProperties;

/**
 * Reads the values of CQL's own kinds (contact points, consistency levels, identifiers, files) for the option
 * declarations ({@link CqlOptions}) and {@link PropertyParser}; a bad value is an {@link IllegalArgumentException}
 * with one line naming the property as given, in {@link TypedProperties}' wording.
 *
 * <p>Stateless and thread-safe.
 */
final class CqlReaders {
  private CqlReaders() {
  }

  /** A comma-separated list without empty entries; missing is a mistake described by {@code meaning}. */
  static List<String> list(TypedProperties p, String name, String meaning) {
    String raw = p.required(name, meaning);
    List<String> items = new ArrayList<>();
    for (String part : raw.split(",", -1)) { // -1: ",,," is four empty entries, not an empty list
      String item = part.trim();
      if (item.isEmpty()) {
        throw TypedProperties.badValue(p.given(name), raw, "has an empty entry; expected e.g. host1,host2");
      }
      items.add(item);
    }
    return Collections.unmodifiableList(items);
  }

  /**
   * Contact points ({@link #list}), each a host name or address: an entry with a user and password ({@code
   * bench:pw@10.0.0.1}), a port, a URL, a blank or anything else that is not a host name or address ({@link
   * HostNames}) is refused (the password masked in the message), since the driver
   * would only fail to resolve it later, as an init failure that prints it back. {@code credentialProperties} names
   * where the user and password go instead.
   */
  static List<String> hosts(TypedProperties p, String name, String meaning, String credentialProperties) {
    List<String> hosts = list(p, name, meaning);
    String raw = p.string(name, "");
    for (String host : hosts) {
      if (host.indexOf('@') >= 0) {
        throw TypedProperties.badValue(p.given(name), raw, "has a user in '" + SecretNames.safeLine(host)
            + "': contact points are host names or addresses; give the user and password as " + credentialProperties
            + " (the password in a -P file)");
      }
      // the port's property is the hosts' own sibling: hosts/port, or <prefix>hosts/<prefix>port
      String port = name.endsWith("hosts") ? name.substring(0, name.length() - "hosts".length()) + "port" : "port";
      String problem = HostNames.problem(host, port);
      if (problem != null) {
        throw TypedProperties.badValue(p.given(name), raw, "has '" + SecretNames.safeLine(host) + "', which "
            + problem + "; expected e.g. host1,host2");
      }
    }
    return hosts;
  }

  /** A consistency level name from {@code allowed} (case-insensitive), upper-cased; null if absent. */
  static String consistency(TypedProperties p, String name, Set<String> allowed) {
    if (!p.isSet(name)) {
      if (p.givenBlank(name) != null) {
        // an unset shell variable must not silently mean the default level
        throw new IllegalArgumentException(name + " is given empty: give a level (" + String.join(", ", allowed)
            + "), or leave " + name + " out for its default");
      }
      return null;
    }
    String key = p.given(name);
    return TypedProperties.oneOf(key, p.string(name, ""), allowed, true);
  }

  /** An existing, readable file path, or null if the property is absent or blank. */
  static String readableFile(TypedProperties p, String name) {
    if (!p.isSet(name)) {
      return null;
    }
    String path = p.string(name, null);
    File file = new File(path);
    if (!file.isFile() || !file.canRead()) {
      throw TypedProperties.badValue(p.given(name), path, "names a file that does not exist or is not readable");
    }
    return path;
  }

  /** A CQL identifier (letters, digits, underscore; not starting with a digit), or {@code def}. */
  static String identifier(TypedProperties p, String name, String def) {
    String value = p.string(name, def);
    if (!Identifiers.isPlain(value)) {
      throw TypedProperties.badValue(p.given(name), value, "is not a plain CQL identifier (letters, digits, _)");
    }
    return value;
  }
}
