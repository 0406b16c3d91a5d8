package site.ycsb.telemetry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the database servers on this machine that this process talks to, without configuration: its own
 * established TCP connections to loopback addresses ({@code /proc/self/fd} to socket inodes, {@code /proc/net/tcp}
 * and {@code tcp6} to addresses), the socket listening at each such address ({@code LISTEN} on that address and port,
 * or on the wildcard), and the process holding that socket ({@code /proc/<pid>/fd}). A local Cassandra cluster on
 * 127.0.0.1..3 is found as three servers, whatever the binding, because its driver connects to each node.
 *
 * <p>Stateless; thread-safe.
 */
public final class LoopbackServers {
  private static final String ESTABLISHED = "01";
  private static final String LISTEN = "0A";

  /** A server found: the address and port this process connects to, and the process listening there. */
  public static final class Server {
    public final String address;
    public final int port;
    public final long pid;
    public final String command;

    Server(String address, int port, long pid, String command) {
      this.address = address;
      this.port = port;
      this.pid = pid;
      this.command = command;
    }

    @Override
    public String toString() {
      return address + ":" + port + " (pid " + pid + ", " + command + ")";
    }
  }

  /** One socket line of /proc/net/tcp[6]. */
  static final class Socket {
    final String localAddress;
    final int localPort;
    final String remoteAddress;
    final int remotePort;
    final String state;
    final long inode;

    Socket(String localAddress, int localPort, String remoteAddress, int remotePort, String state, long inode) {
      this.localAddress = localAddress;
      this.localPort = localPort;
      this.remoteAddress = remoteAddress;
      this.remotePort = remotePort;
      this.state = state;
      this.inode = inode;
    }
  }

  private LoopbackServers() {
  }

  /**
   * The local servers this process is connected to over loopback, one per address and port; empty when there are
   * none or this is not Linux. {@code problems} receives a line for a server whose process could not be found
   * (another user's, and this process is not allowed to read its file descriptors).
   */
  public static List<Server> connected(List<String> problems) {
    Path proc = Paths.get("/proc");
    if (!Files.isDirectory(proc.resolve("self/fd"))) {
      return new ArrayList<>();
    }
    List<Socket> sockets = new ArrayList<>();
    sockets.addAll(parse(read("/proc/net/tcp"), false));
    sockets.addAll(parse(read("/proc/net/tcp6"), true));
    Set<Long> own = socketInodes(proc.resolve("self/fd"));
    Map<String, Long> listeners = new LinkedHashMap<>();
    for (String target : targets(sockets, own)) {
      Long listener = listener(sockets, target);
      if (listener != null) {
        listeners.put(target, listener);
      }
    }
    Map<Long, long[]> owners = owners(proc, new LinkedHashSet<>(listeners.values()));
    List<Server> out = new ArrayList<>();
    for (Map.Entry<String, Long> e : listeners.entrySet()) {
      int colon = e.getKey().lastIndexOf(':');
      String address = e.getKey().substring(0, colon);
      int port = Integer.parseInt(e.getKey().substring(colon + 1));
      long[] pid = owners.get(e.getValue());
      if (pid == null) {
        problems.add("the local server at " + e.getKey() + " was found but not its process (not allowed to read "
            + "other users' /proc/<pid>/fd?); name it with telemetry.pids=" + address + "=PID");
        continue;
      }
      String comm = read("/proc/" + pid[0] + "/comm");
      out.add(new Server(address, port, pid[0], comm == null ? "" : comm.trim()));
    }
    return out;
  }

  /** "address:port" of every established connection of this process to a loopback address. */
  static Set<String> targets(List<Socket> sockets, Set<Long> own) {
    Set<String> out = new LinkedHashSet<>();
    for (Socket s : sockets) {
      if (s.state.equals(ESTABLISHED) && own.contains(s.inode) && isLoopback(s.remoteAddress)) {
        out.add(s.remoteAddress + ":" + s.remotePort);
      }
    }
    return out;
  }

  /** The inode of the socket listening at "address:port" (on that address or the wildcard), or null. */
  static Long listener(List<Socket> sockets, String target) {
    int colon = target.lastIndexOf(':');
    String address = target.substring(0, colon);
    int port = Integer.parseInt(target.substring(colon + 1));
    Long wildcard = null;
    for (Socket s : sockets) {
      if (!s.state.equals(LISTEN) || s.localPort != port) {
        continue;
      }
      if (s.localAddress.equals(address)) {
        return s.inode;
      }
      if (s.localAddress.equals("0.0.0.0") || s.localAddress.equals("::")) {
        wildcard = s.inode;
      }
    }
    return wildcard;
  }

  /** Lines of /proc/net/tcp or tcp6. */
  static List<Socket> parse(String text, boolean v6) {
    List<Socket> out = new ArrayList<>();
    if (text == null) {
      return out;
    }
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 10 || !f[1].contains(":") || f[0].equals("sl")) {
        continue;
      }
      try {
        String[] local = f[1].split(":");
        String[] remote = f[2].split(":");
        out.add(new Socket(address(local[0], v6), Integer.parseInt(local[1], 16), address(remote[0], v6),
            Integer.parseInt(remote[1], 16), f[3], Long.parseLong(f[9])));
      } catch (RuntimeException e) {
        // a line of another shape says nothing
      }
    }
    return out;
  }

  /**
   * An address as /proc/net writes it: 32-bit words in the machine's (little-endian) byte order, in hex. IPv4-mapped
   * IPv6 addresses are given as IPv4.
   */
  static String address(String hex, boolean v6) {
    if (!v6) {
      return v4(hex);
    }
    StringBuilder bytes = new StringBuilder();
    for (int w = 0; w < 4; w++) {
      String word = hex.substring(w * 8, w * 8 + 8);
      for (int b = 3; b >= 0; b--) {
        bytes.append(word, b * 2, b * 2 + 2);
      }
    }
    String b = bytes.toString().toLowerCase(java.util.Locale.ROOT);
    if (b.startsWith("00000000000000000000ffff")) {
      String v4 = b.substring(24);
      return Integer.parseInt(v4.substring(0, 2), 16) + "." + Integer.parseInt(v4.substring(2, 4), 16) + "."
          + Integer.parseInt(v4.substring(4, 6), 16) + "." + Integer.parseInt(v4.substring(6, 8), 16);
    }
    if (b.equals("00000000000000000000000000000000")) {
      return "::";
    }
    if (b.equals("00000000000000000000000000000001")) {
      return "::1";
    }
    StringBuilder out = new StringBuilder();
    for (int g = 0; g < 8; g++) {
      out.append(g == 0 ? "" : ":").append(Integer.toHexString(Integer.parseInt(b.substring(g * 4, g * 4 + 4), 16)));
    }
    return out.toString();
  }

  private static String v4(String hex) {
    long v = Long.parseLong(hex, 16);
    return (v & 0xff) + "." + ((v >> 8) & 0xff) + "." + ((v >> 16) & 0xff) + "." + ((v >> 24) & 0xff);
  }

  static boolean isLoopback(String address) {
    return address.startsWith("127.") || address.equals("::1");
  }

  private static Set<Long> socketInodes(Path fdDir) {
    Set<Long> out = new LinkedHashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDir)) {
      for (Path fd : fds) {
        Long inode = socketInode(fd);
        if (inode != null) {
          out.add(inode);
        }
      }
    } catch (IOException | RuntimeException e) {
      // none readable: no connection found
    }
    return out;
  }

  private static Long socketInode(Path fd) {
    try {
      String link = Files.readSymbolicLink(fd).toString();
      return link.startsWith("socket:[") ? Long.valueOf(link.substring(8, link.length() - 1)) : null;
    } catch (IOException | RuntimeException e) {
      return null; // closed meanwhile, or not allowed
    }
  }

  /** The process (pid) holding each of {@code inodes}, scanning /proc/[pid]/fd until all are found. */
  private static Map<Long, long[]> owners(Path proc, Set<Long> inodes) {
    Map<Long, long[]> out = new HashMap<>();
    if (inodes.isEmpty()) {
      return out;
    }
    long self = selfPid();
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, "[0-9]*")) {
      for (Path p : pids) {
        long pid = Long.parseLong(p.getFileName().toString());
        if (pid == self) {
          continue;
        }
        for (Long inode : socketInodes(p.resolve("fd"))) {
          if (inodes.contains(inode)) {
            out.put(inode, new long[] {pid});
          }
        }
        if (out.size() == inodes.size()) {
          break;
        }
      }
    } catch (IOException | RuntimeException e) {
      // what was found so far
    }
    return out;
  }

  private static long selfPid() {
    try {
      return Long.parseLong(Files.readSymbolicLink(Paths.get("/proc/self")).toString());
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private static String read(String path) {
    try {
      return new String(Files.readAllBytes(Paths.get(path)), StandardCharsets.ISO_8859_1);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
