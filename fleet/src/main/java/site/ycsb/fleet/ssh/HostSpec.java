package site.ycsb.fleet.ssh;

import java.util.ArrayList;
import java.util.List;

/** One client machine: where to ssh to ({@code [user@]host[:port]}) and where YCSB is unpacked there. */
public final class HostSpec {
  private final String user;
  private final String host;
  private final int port;
  private final String home;

  /**
   * @param user login user, or null for ssh's default
   * @param host host name or address
   * @param port ssh port, or 0 for ssh's default
   * @param home YCSB directory on the host (absolute, or relative to the login directory), or null for the default
   */
  public HostSpec(String user, String host, int port, String home) {
    this.user = user;
    this.host = host;
    this.port = port;
    this.home = home;
  }

  public String user() {
    return user;
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  /** The YCSB directory on the host, or null when the hosts entry named none. */
  public String home() {
    return home;
  }

  /** The same machine with a YCSB directory. */
  public HostSpec withHome(String newHome) {
    return new HostSpec(user, host, port, newHome);
  }

  /** The ssh destination: {@code user@host} or {@code host}. */
  public String destination() {
    return user == null ? host : user + "@" + host;
  }

  /** How the host is named in messages: {@code [user@]host[:port]}, as written in the hosts file. */
  public String name() {
    return destination() + (port > 0 ? ":" + port : "");
  }

  /** Names for messages and directories: the host name, numbered when two entries share one. */
  public static List<String> labels(List<HostSpec> hosts) {
    List<String> names = new ArrayList<>();
    for (HostSpec h : hosts) {
      names.add(h.name());
    }
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < hosts.size(); i++) {
      String n = names.get(i);
      boolean dup = names.indexOf(n) != names.lastIndexOf(n);
      labels.add(dup ? n + "#" + (i + 1) : n);
    }
    return labels;
  }

  @Override
  public String toString() {
    return name() + (home == null ? "" : " " + home);
  }
}
