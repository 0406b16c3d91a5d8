package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Random;

/**
 * Chooses TCP ports that are free right now on 127.0.0.1, or on every address of a local cluster (another process
 * may still take them later).
 *
 * <p>Ports come from outside the kernel's ephemeral range, which it hands out to outgoing connections: a port from
 * that range, free again while its node is down for a restart, can meanwhile become the local end of any outgoing
 * connection (a neighbour cluster's gossip, say), and the node could not bind it again.
 *
 * <p>Thread-safe: choosing a port is synchronized, so two threads of a JVM never get the same one.
 */
final class FreePorts {
  private static final int REMEMBERED = 64;
  static final int LOWEST = 10_000;
  private static final Path EPHEMERAL_RANGE = Paths.get("/proc/sys/net/ipv4/ip_local_port_range");
  /** Ports handed out recently by this JVM, so two servers started in a row never get the same one. */
  private static final Deque<Integer> RECENT = new ArrayDeque<>();
  private static final Random RANDOM = new Random();

  private FreePorts() {
  }

  static synchronized int pick() {
    int[] range = candidateRange(ephemeralRange());
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = range == null ? ephemeral() : range[0] + RANDOM.nextInt(range[1] - range[0] + 1);
      if (!RECENT.contains(port) && isFree(port)) {
        RECENT.addLast(port);
        if (RECENT.size() > REMEMBERED) {
          RECENT.removeFirst();
        }
        return port;
      }
    }
    throw new TestServerException("could not find a free TCP port on 127.0.0.1");
  }

  /**
   * The larger of the two stretches of ports outside {@code ephemeral} (from {@link #LOWEST} up to it, or above
   * it), or null when neither holds a thousand ports (then any free port will do).
   */
  static int[] candidateRange(int[] ephemeral) {
    if (ephemeral == null) {
      return new int[] {LOWEST, 32767}; // Linux's default ephemeral range starts at 32768
    }
    int below = ephemeral[0] - LOWEST;
    int above = 65535 - ephemeral[1];
    if (Math.max(below, above) < 1000) {
      return null;
    }
    return below >= above ? new int[] {LOWEST, ephemeral[0] - 1} : new int[] {ephemeral[1] + 1, 65535};
  }

  /** The kernel's ephemeral port range, or null when it cannot be read (not Linux). */
  private static int[] ephemeralRange() {
    try {
      // One read of a whole line: Files.readAllBytes sees a single byte of this /proc/sys file.
      String[] parts;
      try (java.io.BufferedReader in = Files.newBufferedReader(EPHEMERAL_RANGE, StandardCharsets.US_ASCII)) {
        parts = in.readLine().trim().split("\\s+");
      }
      return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  static int pickOtherThan(int taken) {
    int port = pick();
    return port != taken ? port : pick();
  }

  /**
   * A port, other than {@code taken}, that is free on every one of {@code hosts}: clusters of other test JVMs use
   * the same loopback addresses on other ports, so a port free on 127.0.0.1 alone is not enough.
   */
  static synchronized int pickFreeOnAll(List<String> hosts, int taken) {
    for (int attempt = 0; attempt < 50; attempt++) {
      int port = pick();
      if (port != taken && isFreeOnAll(hosts, port)) {
        return port;
      }
    }
    throw new TestServerException("could not find a TCP port free on all of " + hosts);
  }

  /** True when a listener could bind the port on 127.0.0.1 now. */
  static boolean isFree(int port) {
    return isFree(ServerSpec.HOST, port);
  }

  /** True when a listener could bind the port on {@code host} now. */
  static boolean isFree(String host, int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getByName(host), port), 1);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** How long a node's restart waits for its port: see {@link #awaitFree}. */
  static final long PORT_WAIT_MILLIS = 60_000;

  /**
   * Returns once {@code host:port} can be bound: the connections of a node that was just killed may hold its port
   * for a while after the process is gone (seen once in a test run here).
   *
   * @throws TestServerException after {@code millis}, naming what holds the port
   */
  static void awaitFree(String host, int port, long millis) {
    long deadline = System.currentTimeMillis() + millis;
    while (!isFree(host, port)) {
      if (System.currentTimeMillis() > deadline) {
        throw new TestServerException("port " + port + " on " + host + " is still in use after " + millis / 1000
            + " s (" + holders(host, port) + ")");
      }
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TestServerException("interrupted while waiting for port " + port + " on " + host);
      }
    }
  }

  /** The first of {@code hosts} on which {@code port} is taken, or null when it is free on all. */
  static String firstTaken(List<String> hosts, int port) {
    for (String host : hosts) {
      if (!isFree(host, port)) {
        return host;
      }
    }
    return null;
  }

  /**
   * What holds {@code host:port} according to /proc/net/tcp and tcp6, e.g. "2 sockets (LISTEN, FIN_WAIT2)", or
   * "no socket" (then the bind failed for another reason), or null when /proc cannot be read.
   */
  static String holders(String host, int port) {
    byte[] address;
    try {
      address = InetAddress.getByName(host).getAddress();
    } catch (IOException e) {
      return null;
    }
    List<String> states = new java.util.ArrayList<>();
    boolean read = false;
    for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
      try {
        for (String line : Files.readAllLines(Paths.get(table), StandardCharsets.US_ASCII)) {
          String state = stateIfLocal(line.trim().split("\\s+"), address, port);
          if (state != null) {
            states.add(state);
          }
        }
        read = true;
      } catch (IOException | RuntimeException e) {
        // that table is missing or unreadable: report what the other one says
      }
    }
    if (!read) {
      return null;
    }
    return states.isEmpty() ? "no socket" : states.size() + " socket" + (states.size() == 1 ? "" : "s") + " "
        + states;
  }

  private static final String[] TCP_STATES = {"?", "ESTABLISHED", "SYN_SENT", "SYN_RECV", "FIN_WAIT1", "FIN_WAIT2",
      "TIME_WAIT", "CLOSE", "CLOSE_WAIT", "LAST_ACK", "LISTEN", "CLOSING"};

  /** The state of a /proc/net/tcp[6] row whose local end is {@code address:port}, else null. */
  static String stateIfLocal(String[] fields, byte[] address, int port) {
    if (fields.length < 4 || !fields[1].contains(":")) {
      return null;
    }
    String[] local = fields[1].split(":");
    if (Integer.parseInt(local[1], 16) != port) {
      return null;
    }
    String hex = local[0];
    String want;
    if (hex.length() == 8) {
      want = littleEndianWord(address, 0);
    } else if (hex.length() == 32) {
      want = "0000000000000000FFFF0000" + littleEndianWord(address, 0); // IPv4-mapped IPv6, word by word
    } else {
      return null;
    }
    if (!hex.equalsIgnoreCase(want)) {
      return null;
    }
    int state = Integer.parseInt(fields[3], 16);
    return state > 0 && state < TCP_STATES.length ? TCP_STATES[state] : "state " + fields[3];
  }

  private static String littleEndianWord(byte[] a, int offset) {
    return String.format("%02X%02X%02X%02X", a[offset + 3], a[offset + 2], a[offset + 1], a[offset]);
  }

  private static boolean isFreeOnAll(List<String> hosts, int port) {
    return firstTaken(hosts, port) == null;
  }

  private static int ephemeral() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(ServerSpec.HOST))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new TestServerException("cannot open a TCP socket on 127.0.0.1: " + e.getMessage(), e);
    }
  }
}
