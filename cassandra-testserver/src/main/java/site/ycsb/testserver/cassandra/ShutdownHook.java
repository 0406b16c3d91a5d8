package site.ycsb.testserver.cassandra;

import java.util.ArrayList;
import java.util.List;

/**
 * Stops every server this JVM started (in parallel) when the JVM exits.
 *
 * <p>Thread-safe: registering and running the hook are synchronized.
 */
final class ShutdownHook {
  private static final List<ServerProcess> SERVERS = new ArrayList<>();
  private static boolean installed;

  private ShutdownHook() {
  }

  static synchronized void register(ServerProcess server) {
    SERVERS.add(server);
    if (!installed) {
      installed = true;
      Runtime.getRuntime().addShutdownHook(new Thread(ShutdownHook::stopAll, "cassandra-testserver-shutdown"));
    }
  }

  private static void stopAll() {
    List<ServerProcess> servers;
    synchronized (ShutdownHook.class) {
      servers = new ArrayList<>(SERVERS);
    }
    ServerProcess.stopAll(servers);
  }
}
