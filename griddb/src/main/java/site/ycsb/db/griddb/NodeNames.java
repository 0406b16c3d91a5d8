package site.ycsb.db.griddb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names the node a failure was about as the user knows it: the member of the fixed list as written
 * ({@code griddb.notificationmember}; an address of {@code griddb.sqlmember} names the member in its place), else the
 * address GridDB's client reports ({@code address=/10.0.0.5:10001}), else the target (the list, the multicast address
 * or the provider URL without its credentials).
 *
 * <p>Immutable and thread-safe.
 */
final class NodeNames {
  /** An address as GridDB's client prints it: {@code address=/127.0.0.1:10001}, {@code address=host/10.0.0.5:10001}. */
  private static final Pattern ADDRESS = Pattern.compile("address=([^,;\\s()\\[\\]]*):(\\d+)");

  private final List<String> members;
  private final List<String> sqlMembers;
  private final String target;

  NodeNames(List<String> members, List<String> sqlMembers, String target) {
    this.members = Collections.unmodifiableList(new ArrayList<>(members));
    this.sqlMembers = Collections.unmodifiableList(new ArrayList<>(sqlMembers));
    this.target = target;
  }

  /** The names of {@code config}'s cluster (holds no secret: see {@link GridDBConfig#describeTarget()}). */
  static NodeNames of(GridDBConfig config) {
    String target;
    switch (config.getMethod()) {
    case FIXED_LIST:
      target = String.join(",", config.getMembers());
      break;
    case MULTICAST:
      target = "multicast " + config.getNotificationAddress() + ":" + config.getNotificationPort();
      break;
    default:
      target = "provider " + site.ycsb.support.SecretNames.maskText(config.getNotificationProvider());
      break;
    }
    return new NodeNames(config.getMembers(), config.getSqlMembers(), target);
  }

  /** The nodes the user named: the fixed list's members, or 1 (the cluster behind a multicast address or provider). */
  int known() {
    return Math.max(1, members.size());
  }

  /** The node {@code e} was about (see the class comment). */
  String nodeOf(StoreException e) {
    if (members.size() == 1) {
      return members.get(0);
    }
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      Matcher m = ADDRESS.matcher(String.valueOf(t.getMessage()));
      if (m.find()) {
        return named(m.group(1), m.group(2));
      }
    }
    return target;
  }

  /** The member with this host (a name, an IP, or GridDB's {@code name/IP}) and port, else {@code IP:port}. */
  private String named(String printedHost, String port) {
    int slash = printedHost.indexOf('/');
    String name = slash < 0 ? printedHost : printedHost.substring(0, slash);
    String ip = slash < 0 ? printedHost : printedHost.substring(slash + 1);
    int i = indexOf(members, name, ip, port);
    if (i >= 0) {
      return members.get(i);
    }
    i = indexOf(sqlMembers, name, ip, port);
    if (i >= 0) {
      // The SQL members are the same nodes' SQL ports (derived from the members, or listed in their order).
      return i < members.size() ? members.get(i) : sqlMembers.get(i);
    }
    return (ip.isEmpty() ? name : ip) + ":" + port;
  }

  private static int indexOf(List<String> hostPorts, String name, String ip, String port) {
    for (int i = 0; i < hostPorts.size(); i++) {
      String m = hostPorts.get(i);
      int colon = m.lastIndexOf(':');
      String host = m.substring(0, colon).toLowerCase(Locale.ROOT);
      if (m.substring(colon + 1).equals(port) && (host.equals(name.toLowerCase(Locale.ROOT)) || host.equals(ip))) {
        return i;
      }
    }
    return -1;
  }
}
