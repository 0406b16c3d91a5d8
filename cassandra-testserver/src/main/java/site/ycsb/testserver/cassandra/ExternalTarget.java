package site.ycsb.testserver.cassandra;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** An already running cluster named by the YCSB_CASSANDRA_* environment variables, used instead of a local server. */
final class ExternalTarget {
  static final String ENV_HOSTS = "YCSB_CASSANDRA_HOSTS";
  static final String ENV_PORT = "YCSB_CASSANDRA_PORT";
  static final String ENV_USERNAME = "YCSB_CASSANDRA_USERNAME";
  static final String ENV_PASSWORD = "YCSB_CASSANDRA_PASSWORD";
  static final String ENV_DC = "YCSB_CASSANDRA_DC";
  static final int DEFAULT_PORT = 9042;

  final String hosts;
  final List<HostPort> contactPoints;
  final int port;
  final String username;
  final String password;
  final String datacenter;

  private ExternalTarget(String hosts, List<HostPort> contactPoints, int port, String username, String password,
                         String datacenter) {
    this.hosts = hosts;
    this.contactPoints = contactPoints;
    this.port = port;
    this.username = username;
    this.password = password;
    this.datacenter = datacenter;
  }

  /** The external target, or null when YCSB_CASSANDRA_HOSTS is unset or blank. */
  static ExternalTarget fromEnvironment(Map<String, String> env) {
    String hosts = trimToNull(env.get(ENV_HOSTS));
    if (hosts == null) {
      return null;
    }
    Integer explicitPort = null;
    String portText = trimToNull(env.get(ENV_PORT));
    if (portText != null) {
      explicitPort = parsePort(portText, ENV_PORT);
    }
    List<HostPort> points = new ArrayList<>();
    for (String part : hosts.split(",")) {
      String entry = part.trim();
      if (entry.isEmpty()) {
        continue;
      }
      points.add(HostPort.parse(entry, explicitPort == null ? DEFAULT_PORT : explicitPort));
    }
    if (points.isEmpty()) {
      throw new TestServerException(ENV_HOSTS + " names no host: '" + hosts + "'");
    }
    int port = explicitPort != null ? explicitPort : points.get(0).port;
    String username = trimToNull(env.get(ENV_USERNAME));
    String password = env.get(ENV_PASSWORD);
    if (username != null && password == null) {
      throw new TestServerException(ENV_USERNAME + " is set but " + ENV_PASSWORD + " is not");
    }
    if (username == null) {
      password = null;
    }
    return new ExternalTarget(hosts, Collections.unmodifiableList(points), port, username, password,
        trimToNull(env.get(ENV_DC)));
  }

  static int parsePort(String text, String what) {
    try {
      int p = Integer.parseInt(text.trim());
      if (p >= 1 && p <= 65535) {
        return p;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new TestServerException(what + " must be a port number 1..65535, got '" + text + "'");
  }

  private static String trimToNull(String s) {
    if (s == null) {
      return null;
    }
    String t = s.trim();
    return t.isEmpty() ? null : t;
  }

  /** One contact point: host name or address, and port. */
  static final class HostPort {
    final String host;
    final int port;

    HostPort(String host, int port) {
      this.host = host;
      this.port = port;
    }

    /** Parses host, host:port, [v6] or [v6]:port; a bare IPv6 address (several colons) has no port. */
    static HostPort parse(String entry, int defaultPort) {
      if (entry.startsWith("[")) {
        int close = entry.indexOf(']');
        if (close < 0) {
          throw new TestServerException("unbalanced '[' in host '" + entry + "'");
        }
        String host = entry.substring(1, close);
        String rest = entry.substring(close + 1);
        if (rest.isEmpty()) {
          return new HostPort(host, defaultPort);
        }
        if (!rest.startsWith(":")) {
          throw new TestServerException("unexpected text after ']' in host '" + entry + "'");
        }
        return new HostPort(host, parsePort(rest.substring(1), "port of host '" + entry + "'"));
      }
      int colon = entry.indexOf(':');
      if (colon < 0 || colon != entry.lastIndexOf(':')) {
        return new HostPort(entry, defaultPort);
      }
      String host = entry.substring(0, colon);
      if (host.isEmpty()) {
        throw new TestServerException("empty host name in '" + entry + "'");
      }
      return new HostPort(host, parsePort(entry.substring(colon + 1), "port of host '" + entry + "'"));
    }

    @Override
    public String toString() {
      return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
  }
}
