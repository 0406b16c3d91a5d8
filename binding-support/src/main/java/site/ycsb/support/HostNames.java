package site.ycsb.support;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a value a user typed as one host is a host name or an address a driver can use, told before the driver
 * tries it: a driver that cannot resolve {@code 256.1.1.1} or {@code db1?password=x} fails at start-up as an
 * initialisation failure (and may print the value back), where the user's mistake is a property's.
 *
 * <p>Accepted: a host name (labels of letters, digits, {@code -} and {@code _}, 1 to 63 characters each, not
 * starting or ending with {@code -}, 253 characters at most, an optional final dot), a dotted IPv4 address of four
 * numbers 0 to 255, an IPv6 address (optionally in brackets). Whether the name resolves is not checked here.
 *
 * <p>Stateless and thread-safe.
 */
public final class HostNames {
  private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?");
  private static final Pattern DIGITS_AND_DOTS = Pattern.compile("[0-9.]+");
  private static final Pattern HOST_AND_PORT = Pattern.compile("[^:\\[\\]]+:[0-9]*");
  private static final Pattern IPV6_CHARACTERS = Pattern.compile("[0-9A-Fa-f:.]+");
  private static final int MAX_NAME = 253;

  private HostNames() {
  }

  /**
   * Why {@code host} is not a host name or address, as a phrase to follow the value in a message ({@code "has a
   * port; ..."}); null when it is one. The value is not quoted in the phrase: the caller quotes it masked.
   *
   * @param portProperty the property that takes the port, named in the advice for {@code host:port}
   */
  public static String problem(String host, String portProperty) {
    if (host.isEmpty()) {
      return "is empty";
    }
    if (HOST_AND_PORT.matcher(host).matches()) {
      String port = host.substring(host.indexOf(':') + 1);
      return "has a port: give the host alone, and the port as " + portProperty + "=" + (port.isEmpty() ? "N" : port);
    }
    if (host.indexOf(':') >= 0) {
      return isIpv6(host) ? null : "is not a host name or an IPv6 address";
    }
    if (DIGITS_AND_DOTS.matcher(host).matches()) {
      return isIpv4(host) ? null : "is not an IPv4 address (four numbers 0-255, e.g. 10.0.0.1)";
    }
    return isName(host) ? null : "is not a host name (letters, digits, '-' and '.') or an address";
  }

  private static boolean isIpv4(String host) {
    String[] parts = host.split("\\.", -1);
    if (parts.length != 4) {
      return false;
    }
    for (String part : parts) {
      // a leading zero reads as octal to some resolvers: 010.0.0.1 would be 8.0.0.1 there
      if (part.isEmpty() || part.length() > 3 || (part.length() > 1 && part.charAt(0) == '0')
          || Integer.parseInt(part) > 255) {
        return false;
      }
    }
    return true;
  }

  private static boolean isIpv6(String host) {
    String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    if (!IPV6_CHARACTERS.matcher(h).matches() || h.indexOf(":::") >= 0 || h.indexOf("::") != h.lastIndexOf("::")) {
      return false;
    }
    boolean compressed = h.contains("::");
    String[] groups = h.split(":", -1);
    int words = 0;
    for (int i = 0; i < groups.length; i++) {
      String g = groups[i];
      boolean last = i == groups.length - 1;
      if (g.isEmpty()) {
        continue; // part of the one "::" (or the leading/trailing colon of it)
      }
      if (last && g.indexOf('.') >= 0) {
        if (!isIpv4(g)) {
          return false;
        }
        words += 2;
      } else if (g.length() > 4 || g.indexOf('.') >= 0) {
        return false;
      } else {
        words++;
      }
    }
    if (!compressed && (h.startsWith(":") || h.endsWith(":"))) {
      return false;
    }
    return compressed ? words < 8 : words == 8;
  }

  private static boolean isName(String host) {
    String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    if (h.isEmpty() || h.length() > MAX_NAME) {
      return false;
    }
    for (String label : h.split("\\.", -1)) {
      if (!LABEL.matcher(label).matches()) {
        return false;
      }
    }
    // an all-numeric last label is an address typed wrong (1.2.3.4.5), not a name
    String tld = h.substring(h.lastIndexOf('.') + 1);
    return !tld.toLowerCase(Locale.ROOT).matches("[0-9]+");
  }
}
