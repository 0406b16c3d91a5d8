package site.ycsb.testserver.griddb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The GridDB node the integration tests of one JVM share: started on first use from the installation
 * {@code YCSB_GRIDDB_HOME} names, on free ports in a temporary directory, and stopped when the JVM ends (a kill -9
 * included: see {@link GridDBServer#startTiedToThisJvm}). Thread-safe.
 *
 * <p>Thread-safe: the tests of a JVM share one node; starting it is synchronized, and a shutdown hook stops it.
 */
public final class GridDBTestServer {
  private static GridDBServer server;
  private static String unavailable;
  private static boolean resolved;

  private GridDBTestServer() {
  }

  /** The shared node, or null when no installation is named ({@link #whyUnavailable()} says why). */
  public static synchronized GridDBServer shared() {
    if (resolved) {
      return server;
    }
    resolved = true;
    GridDBInstallation installation;
    try {
      installation = GridDBInstallation.fromEnvironment();
    } catch (IllegalArgumentException e) {
      unavailable = e.getMessage();
      return null;
    }
    if (installation == null) {
      unavailable = GridDBInstallation.ENV + " is not set";
      return null;
    }
    try {
      Path dir = Files.createTempDirectory("ycsb-griddb-");
      server = GridDBServer.startTiedToThisJvm(installation, dir, NodePorts.free());
      GridDBServer started = server;
      Runtime.getRuntime().addShutdownHook(new Thread(started::close, "griddb-test-server-stop"));
      return server;
    } catch (IOException e) {
      unavailable = "GridDB from " + installation + " did not start: " + e.getMessage();
      return null;
    }
  }

  /** Why {@link #shared()} returned null. */
  public static synchronized String whyUnavailable() {
    return unavailable;
  }
}
