package site.ycsb.db.griddb;

import site.ycsb.testserver.cassandra.LoopbackPartition;
import site.ycsb.testserver.griddb.GridDBInstallation;
import site.ycsb.testserver.griddb.GridDBServer;
import site.ycsb.testserver.griddb.NodePorts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A GridDB node of a test's own, started from YCSB_GRIDDB_HOME on free loopback ports in a temporary directory, for
 * tests that pause or kill their node (the shared node of the other ITs must survive). Closing stops it and deletes
 * the directory.
 */
final class OwnGridDBNode implements AutoCloseable {
  private final GridDBInstallation installation;
  private final Path dir;
  private final NodePorts ports;
  private GridDBServer server;

  private OwnGridDBNode(GridDBInstallation installation, Path dir, NodePorts ports) throws IOException {
    this.installation = installation;
    this.dir = dir;
    this.ports = ports;
    this.server = GridDBServer.startTiedToThisJvm(installation, dir, ports);
  }

  /** Starts a node, or skips the calling test (with one line naming it) when YCSB_GRIDDB_HOME is not set. */
  static OwnGridDBNode startOrSkip(String test) throws IOException {
    GridDBInstallation installation = GridDBInstallation.fromEnvironment();
    assumeTrue(installation != null, "GridDB " + test + " test skipped: YCSB_GRIDDB_HOME is not set");
    Path dir = Files.createTempDirectory("griddb-" + test);
    try {
      return new OwnGridDBNode(installation, dir, NodePorts.free());
    } catch (IOException | RuntimeException e) {
      deleteTree(dir);
      throw e;
    }
  }

  /** The binding's connection settings plus a CoreWorkload table of {@code records} rows of {@code fields} fields. */
  Properties workload(int records, int fields) {
    Properties p = server.bindingProperties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("recordcount", Integer.toString(records));
    p.setProperty("fieldcount", Integer.toString(fields));
    return p;
  }

  /** The node's system (REST) port, for {@code griddb.systemport}. */
  int systemPort() {
    return ports.system();
  }

  /** The fixed-list member the binding is given: {@code 127.0.0.1:<transaction port>}. */
  String member() {
    return server.bindingProperties().getProperty("griddb.notificationmember");
  }

  /**
   * A partition (not made yet) of the node's transaction and SQL ports, the ones its clients use, owned by its process
   * (cassandra-testserver's marked iptables rules; see {@link LoopbackPartition}).
   */
  LoopbackPartition partition() {
    return LoopbackPartition.of(dir, "127.0.0.1", pid(), port(member()),
        port(server.bindingProperties().getProperty("griddb.sqlmember")));
  }

  private static int port(String hostPort) {
    return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
  }

  /** The node's process id. */
  long pid() {
    return GridDBServer.pid(dir);
  }

  /** Sends a signal (STOP, CONT, KILL) to the node's process; true if {@code kill} succeeded. */
  boolean signal(String name) throws IOException, InterruptedException {
    return new ProcessBuilder("kill", "-" + name, Long.toString(pid())).start().waitFor() == 0;
  }

  /** Starts the node again on the same ports and data (after it was killed); waits until it serves. */
  void restart() throws IOException {
    server.close();
    server = GridDBServer.startTiedToThisJvm(installation, dir, ports);
  }

  @Override
  public void close() throws IOException {
    try {
      server.close();
    } finally {
      deleteTree(dir);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> all = Files.walk(dir)) {
        all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }
}
