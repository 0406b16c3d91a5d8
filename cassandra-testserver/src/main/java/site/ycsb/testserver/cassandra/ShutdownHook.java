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
    List<Thread> stoppers = new ArrayList<>();
    for (ServerProcess server : servers) {
      Thread t = new Thread(server::stop, "cassandra-testserver-stop");
      t.start();
      stoppers.add(t);
    }
    for (Thread t : stoppers) {
      try {
        t.join(ServerProcess.STOP_TIMEOUT_MILLIS + 10_000L);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
