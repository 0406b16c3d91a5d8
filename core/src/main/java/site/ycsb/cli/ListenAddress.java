package site.ycsb.cli;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An address to listen on, written {@code PORT}, {@code HOST:PORT} or {@code [IPV6]:PORT}: HOST is an IP address
 * (never a name, so that reading it asks no name server), loopback when left out; PORT is 0 (a free port, chosen
 * when the server starts) to 65535.
 *
 * <p>Immutable and thread-safe.
 */
public final class ListenAddress {
  private static final Pattern FORM = Pattern.compile("(?:(\\[[^\\]]*\\]|[^:\\[\\]]+):)?([0-9]{1,9})");
  private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
      + "(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
  private final InetAddress host;
  private final int port;

  private ListenAddress(InetAddress host, int port) {
    this.host = host;
    this.port = port;
  }

  /** Reads {@code raw}; {@code option} names it in the one-line refusal ({@link IllegalArgumentException}). */
  public static ListenAddress parse(String option, String raw) {
    String t = raw.trim();
    Matcher m = FORM.matcher(t);
    if (!m.matches()) {
      throw new IllegalArgumentException(option + "=" + Secrets.safeLine(raw) + " is not PORT or ADDRESS:PORT with an"
          + " IP address (e.g. 9400 or 127.0.0.1:9400; 0.0.0.0:9400 listens on every interface)");
    }
    long port = Long.parseLong(m.group(2));
    if (port > 65535) {
      throw new IllegalArgumentException(option + "=" + Secrets.safeLine(raw) + ": port " + port
          + " is out of range (0 to 65535; 0 chooses a free port)");
    }
    String host = m.group(1);
    if (host == null) {
      return new ListenAddress(InetAddress.getLoopbackAddress(), (int) port);
    }
    boolean ipv6 = host.startsWith("[");
    if (!ipv6 && !IPV4.matcher(host).matches()) {
      throw new IllegalArgumentException(option + "=" + Secrets.safeLine(raw) + ": " + Secrets.safeLine(host)
          + " is not an IP address (a name is not resolved: write e.g. 127.0.0.1, or [::1] for IPv6)");
    }
    InetAddress address = null;
    try {
      // a literal: resolved without asking a name server
      address = InetAddress.getByName(ipv6 ? host.substring(1, host.length() - 1) : host);
    } catch (UnknownHostException e) {
      address = null;
    }
    if (ipv6 && !(address instanceof Inet6Address)) {
      throw new IllegalArgumentException(option + "=" + Secrets.safeLine(raw) + ": " + Secrets.safeLine(host)
          + " is not an IPv6 address");
    }
    return new ListenAddress(address, (int) port);
  }

  public InetAddress host() {
    return host;
  }

  /** The port, 0 for a free one. */
  public int port() {
    return port;
  }

  @Override
  public String toString() {
    String h = host.getHostAddress();
    return (h.contains(":") ? "[" + h + "]" : h) + ":" + port;
  }
}
