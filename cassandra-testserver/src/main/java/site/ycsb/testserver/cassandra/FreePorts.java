package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Chooses TCP ports that are free right now on 127.0.0.1, or on every address of a local cluster (another process
 * may still take them later).
 */
final class FreePorts {
  private static final int REMEMBERED = 64;
  /** Ports handed out recently by this JVM, so two servers started in a row never get the same one. */
  private static final Deque<Integer> RECENT = new ArrayDeque<>();

  private FreePorts() {
  }

  static synchronized int pick() {
    for (int attempt = 0; attempt < 50; attempt++) {
      int port = ephemeral();
      if (!RECENT.contains(port)) {
        RECENT.addLast(port);
        if (RECENT.size() > REMEMBERED) {
          RECENT.removeFirst();
        }
        return port;
      }
    }
    throw new TestServerException("could not find a free TCP port on 127.0.0.1");
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

  /** The first of {@code hosts} on which {@code port} is taken, or null when it is free on all. */
  static String firstTaken(List<String> hosts, int port) {
    for (String host : hosts) {
      if (!isFree(host, port)) {
        return host;
      }
    }
    return null;
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
