package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Chooses TCP ports on 127.0.0.1 that are free right now (another process may still take them later).
 *
 * <p>Thread-safe: choosing a port is synchronized, so two threads of a JVM never get the same one.
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

  /** True when a listener could bind the port on 127.0.0.1 now. */
  static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getByName(ServerSpec.HOST), port), 1);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int ephemeral() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(ServerSpec.HOST))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new TestServerException("cannot open a TCP socket on 127.0.0.1: " + e.getMessage(), e);
    }
  }
}
