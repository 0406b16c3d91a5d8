package site.ycsb.testserver.cassandra;

import java.util.ArrayList;
import java.util.List;

/**
 * When the JVM exits: runs the registered clean-ups (healing faults), then stops every server this JVM started (in
 * parallel). One hook thread does both, in that order: the JVM runs separate hooks at the same time.
 *
 * <p>Thread-safe: registering and running the hook are synchronized.
 */
final class ShutdownHook {
  private static final List<ServerProcess> SERVERS = new ArrayList<>();
  private static final List<Runnable> CLEANUPS = new ArrayList<>();
  private static boolean installed;

  private ShutdownHook() {
  }

  static synchronized void register(ServerProcess server) {
    SERVERS.add(server);
    install();
  }

  /** A clean-up to run before the servers are stopped; it must not throw. */
  static synchronized void registerCleanup(Runnable cleanup) {
    CLEANUPS.add(cleanup);
    install();
  }

  private static void install() {
    if (!installed) {
      installed = true;
      Runtime.getRuntime().addShutdownHook(new Thread(ShutdownHook::atExit, "cassandra-testserver-shutdown"));
    }
  }

  private static void atExit() {
    List<ServerProcess> servers;
    List<Runnable> cleanups;
    synchronized (ShutdownHook.class) {
      servers = new ArrayList<>(SERVERS);
      cleanups = new ArrayList<>(CLEANUPS);
    }
    for (Runnable cleanup : cleanups) {
      cleanup.run();
    }
    ServerProcess.stopAll(servers);
  }
}
