package site.ycsb.testserver.cassandra;

import java.nio.file.Path;

/** What to start: directory, address, ports, ring position, authentication, how the process is tied to its parent. */
final class ServerSpec {
  static final String HOST = "127.0.0.1";
  /**
   * System property: {@code true} or {@code false} sets {@code -Dcassandra.unsafesystem} for every server; unset,
   * only the servers that can never be started again on their data get it (see {@link #unsafeSystem}).
   */
  static final String UNSAFE_SYSTEM_PROPERTY = "ycsb.cassandra.unsafeSystem";

  final Path dir;
  final String host;
  final String seed;
  final long initialToken;
  final String clusterName;
  final int nativePort;
  final int storagePort;
  /** True when the ports were picked here, so a start that loses a port race may retry with fresh ones. */
  final boolean portsChosen;
  final boolean auth;
  /**
   * A detached (CLI) server outlives its launcher once started; until then it exits with it like a test server.
   * Test servers exit whenever the launching JVM's pipe closes.
   */
  final boolean detached;
  /** Empty the directory first (test servers always start from scratch). */
  final boolean wipe;
  /** One node of several: gossip waits are shortened (ring delay 1 s, no wait for gossip to settle). */
  final boolean clustered;
  /**
   * Skip durable writes of the system keyspaces: faster DDL, but a server killed and started again on its data
   * loses recent schema changes. By default only for single test servers, which are emptied at every start and
   * have no restart; never for cluster nodes or CLI servers, which are restarted on their data.
   */
  final boolean unsafeSystem;
  /** The JVM's heap, -Xms and -Xmx ({@link ServerHeap}). */
  final String heap;

  private ServerSpec(Path dir, String host, String seed, long initialToken, String clusterName, int nativePort,
                     int storagePort, boolean portsChosen, boolean auth, boolean detached, boolean wipe,
                     boolean clustered, String heap) {
    this.dir = dir.toAbsolutePath().normalize();
    this.host = host;
    this.seed = seed;
    this.initialToken = initialToken;
    this.clusterName = clusterName;
    this.nativePort = nativePort;
    this.storagePort = storagePort;
    this.portsChosen = portsChosen;
    this.auth = auth;
    this.detached = detached;
    this.wipe = wipe;
    this.clustered = clustered;
    this.heap = heap;
    String unsafe = System.getProperty(UNSAFE_SYSTEM_PROPERTY);
    this.unsafeSystem = unsafe != null ? Boolean.parseBoolean(unsafe.trim()) : wipe && !detached && !clustered;
  }

  private static ServerSpec single(Path dir, int nativePort, int storagePort, boolean portsChosen, boolean auth,
                                   boolean detached, boolean wipe) {
    return new ServerSpec(dir, HOST, HOST, 0L, ServerProcess.CLUSTER_NAME, nativePort, storagePort, portsChosen,
        auth, detached, wipe, false, ServerHeap.DEFAULT);
  }

  static ServerSpec forTests(Path dir, boolean auth) {
    int nativePort = FreePorts.pick();
    return single(dir, nativePort, FreePorts.pickOtherThan(nativePort), true, auth, false, true);
  }

  /** A server for {@link LocalCassandra}: fixed CQL port, data kept across restarts, not tied to the launcher. */
  static ServerSpec detached(Path dir, int nativePort, boolean auth) {
    return single(dir, nativePort, FreePorts.pickOtherThan(nativePort), false, auth, true, false);
  }

  /** Node {@code index} of {@code layout}; its ports are the layout's (a port race is retried by the cluster). */
  static ServerSpec clusterNode(ClusterLayout layout, int index, boolean detached, boolean wipe) {
    return new ServerSpec(layout.nodeDir(index), layout.host(index), layout.seed(), layout.token(index),
        layout.clusterName, layout.nativePort, layout.storagePort, false, false, detached, wipe, true, layout.heap);
  }

  ServerSpec withFreshPorts() {
    int nativePort = FreePorts.pick();
    return single(dir, nativePort, FreePorts.pickOtherThan(nativePort), true, auth, detached, wipe).withHeap(heap);
  }

  /** The same server with another heap ({@link ServerHeap#parse} form). */
  ServerSpec withHeap(String newHeap) {
    return new ServerSpec(dir, host, seed, initialToken, clusterName, nativePort, storagePort, portsChosen, auth,
        detached, wipe, clustered, newHeap);
  }

  /** The same server started again on its data (a restart after a stop or a kill). */
  ServerSpec keepingData() {
    return new ServerSpec(dir, host, seed, initialToken, clusterName, nativePort, storagePort, portsChosen, auth,
        detached, false, clustered, heap);
  }

  Path yamlFile() {
    return dir.resolve("cassandra.yaml");
  }

  Path logbackFile() {
    return dir.resolve("logback.xml");
  }

  Path dataDir() {
    return dir.resolve("data");
  }

  Path triggersDir() {
    return dir.resolve("triggers");
  }

  Path logDir() {
    return dir.resolve("logs");
  }

  /** Everything the server JVM writes to stdout/stderr (its log goes to the console appender). */
  Path logFile() {
    return logDir().resolve("server.log");
  }

  Path pidFile() {
    return dir.resolve("server.pid");
  }
}
