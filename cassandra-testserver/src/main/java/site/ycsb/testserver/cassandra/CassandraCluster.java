package site.ycsb.testserver.cassandra;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A real local Cassandra cluster for integration tests: N forked Cassandra JVMs (1 to 5), node i on 127.0.0.i, all
 * on one native port, node 1 the seed, one evenly spaced token each, keyspace {@code ycsb} replicated min(3, N)
 * times (NetworkTopologyStrategy, datacenter1) with table {@code usertable} (y_id, field0..field9).
 *
 * <p>Each node can be stopped, killed (SIGKILL), paused (SIGSTOP), resumed and restarted on its data; a restart
 * returns only once the node serves again (see {@link Node#restart()}). Any node can be asked for its own view
 * with CQL ({@link Node#query(String)}), e.g. {@code system_views.clients}. The nodes exit with the JVM that
 * started them, even when it is killed. See the module README for costs.
 */
public final class CassandraCluster implements AutoCloseable {
  /** Keyspace created at start, replicated min(3, N) times. */
  public static final String KEYSPACE = ClusterLayout.KEYSPACE;
  /** Table created at start: {@code y_id varchar PRIMARY KEY, field0..field9 varchar}. */
  public static final String TABLE = ClusterLayout.TABLE;
  /** How long {@link Node#restart()} waits, once the node answers CQL, for it to be in step with its peers. */
  static final long SERVING_TIMEOUT_MILLIS = 120_000;
  private static final int MAX_PORT_ATTEMPTS = 3;

  private static CassandraCluster shared3;
  private static TestServerException shared3Failure;

  private final ClusterLayout layout;
  private final ClusterProbe probe;
  private final List<Node> nodes;

  private CassandraCluster(ClusterLayout layout, ServerProcess[] processes) {
    this.layout = layout;
    this.probe = new ClusterProbe(layout);
    List<Node> list = new ArrayList<>();
    for (int i = 1; i <= layout.size; i++) {
      list.add(new Node(i, processes[i - 1]));
    }
    this.nodes = Collections.unmodifiableList(list);
    // Before the hook stops the nodes: a slow cycle left running could freeze a node that is being stopped.
    ShutdownHook.registerCleanup(this::releaseFaultsAtExit);
  }

  /**
   * One 3-node cluster per JVM, started on the first call (about 30-60 s), shared by every test class, stopped by
   * a shutdown hook. If the start fails, later calls rethrow the same error at once. Unlike
   * {@link CassandraTestServer#shared()} it ignores YCSB_CASSANDRA_HOSTS: its tests stop and kill nodes.
   *
   * @throws TestServerException when the cluster cannot be started
   */
  public static synchronized CassandraCluster shared3() {
    if (shared3 == null) {
      if (shared3Failure != null) {
        throw new TestServerException(shared3Failure.getMessage(), shared3Failure);
      }
      try {
        shared3 = start(ServerDirectories.leaseForTests().dir(), 3);
      } catch (TestServerException e) {
        shared3Failure = e;
        throw e;
      }
    }
    return shared3;
  }

  /**
   * Starts a new cluster of {@code nodes} nodes in {@code dir} (emptied first), on ports free on every node's
   * address, and returns once all nodes answer CQL, see each other up and agree on the schema. The caller must
   * {@link #close()} it; it is also stopped when this JVM exits.
   */
  public static CassandraCluster start(Path dir, int nodes) {
    if (nodes < 1 || nodes > ClusterLayout.MAX_NODES) {
      throw new IllegalArgumentException("a local cluster has 1 to " + ClusterLayout.MAX_NODES + " nodes, not "
          + nodes);
    }
    try {
      ServerDirectories.deleteRecursively(dir);
    } catch (java.io.IOException e) {
      throw new TestServerException("cannot empty cluster directory " + dir + ": " + e.getMessage(), e);
    }
    // A rule left by a JVM that died could drop the packets of the ports about to be chosen.
    NetworkFaults.sweepStaleQuietly();
    ClusterLayout layout = withFreePorts(dir, nodes);
    for (int attempt = 1; ; attempt++) {
      try {
        return new CassandraCluster(layout, ClusterStarter.startAll(layout, false, true,
            (index, node) -> ShutdownHook.register(node)));
      } catch (ServerProcess.PortTakenException e) {
        if (attempt >= MAX_PORT_ATTEMPTS) {
          throw e;
        }
        layout = withFreePorts(dir, nodes); // another process took a port between the choice and the bind
      }
    }
  }

  private static ClusterLayout withFreePorts(Path dir, int nodes) {
    List<String> hosts = ClusterLayout.hostList(ClusterLayout.DEFAULT_FIRST_ADDRESS, nodes);
    int nativePort = FreePorts.pickFreeOnAll(hosts, -1);
    int storagePort = FreePorts.pickFreeOnAll(hosts, nativePort);
    // A name of its own: a node can never join another test cluster, even one that reuses a port later.
    return new ClusterLayout(dir, nodes, ClusterLayout.DEFAULT_FIRST_ADDRESS, nativePort, storagePort,
        "ycsb-test-" + storagePort);
  }

  /**
   * Why a local 3-node cluster cannot start here (not Linux, no JDK 11/17, no Maven for the first download, or
   * 127.0.0.2 and 127.0.0.3 not usable), or null when it can. Meant for JUnit assumptions.
   */
  public static String unavailableReason() {
    String reason = CassandraTestServer.localUnavailableReason();
    if (reason != null) {
      return reason;
    }
    for (String host : Arrays.asList("127.0.0.2", "127.0.0.3")) {
      try {
        if (!InetAddress.getByName(host).isLoopbackAddress() || !FreePorts.isFree(host, 0)) {
          return "a local cluster needs the loopback address " + host + " (Linux routes all of 127.0.0.0/8)";
        }
      } catch (java.io.IOException e) {
        return "a local cluster needs the loopback address " + host + ": " + e.getMessage();
      }
    }
    return null;
  }

  /** Number of nodes. */
  public int size() {
    return nodes.size();
  }

  /** Node {@code index}, 1-based (node 1 is 127.0.0.1, the seed). */
  public Node node(int index) {
    layout.requireIndex(index);
    return nodes.get(index - 1);
  }

  /** All nodes, node 1 first. */
  public List<Node> nodes() {
    return nodes;
  }

  /** The value for a binding's {@code hosts} property: "127.0.0.1,127.0.0.2,127.0.0.3" for three nodes. */
  public String hosts() {
    return layout.hosts();
  }

  /** The native CQL port, the same on every node (chosen free at start; never assume 9042). */
  public int port() {
    return layout.nativePort;
  }

  /** The data center of every node: "datacenter1". */
  public String localDatacenter() {
    return CassandraTestServer.LOCAL_DATACENTER;
  }

  /** Replication factor of keyspace {@code ycsb}, and of {@link #createYcsbSchema}: min(3, size()). */
  public int replicationFactor() {
    return layout.replicationFactor();
  }

  /** The cluster's directory; node i keeps its config, data and {@code logs/server.log} in {@code node<i>}. */
  public Path directory() {
    return layout.dir;
  }

  /** Runs CQL statements in order on one serving node (at consistency ONE); no wait for schema agreement. */
  public void execute(String... cql) {
    anyServingNode().execute(cql);
  }

  /** Runs one CQL statement on a serving node and returns its result. */
  public CqlResult query(String cql) {
    return anyServingNode().query(cql);
  }

  /**
   * Creates, if missing, keyspace {@code keyspace} (NetworkTopologyStrategy, datacenter1, replication factor
   * {@link #replicationFactor()}) and table {@code keyspace.table} with {@code y_id varchar PRIMARY KEY} and
   * varchar columns {@code fieldPrefix0 .. fieldPrefix(fieldCount-1)}; returns once the serving nodes agree on it.
   */
  public void createYcsbSchema(String keyspace, String table, int fieldCount, String fieldPrefix) {
    CassandraTestServer.requireIdentifier("keyspace", keyspace);
    CassandraTestServer.requireIdentifier("table", table);
    CassandraTestServer.requireIdentifier("field prefix", fieldPrefix);
    if (fieldCount < 0) {
      throw new IllegalArgumentException("fieldCount must be >= 0, got " + fieldCount);
    }
    execute(ClusterStarter.createKeyspaceCql(keyspace, replicationFactor()),
        CassandraTestServer.createTableCql(keyspace, table, fieldCount, fieldPrefix));
    awaitSchemaAgreement();
  }

  /** Returns once every serving (running, not paused) node reports the same schema version; else throws. */
  public void awaitSchemaAgreement() {
    probe.awaitSchemaAgreement(servingIndexes(0), SERVING_TIMEOUT_MILLIS);
  }

  /**
   * Brings the cluster back to full health after fault tests, e.g. in {@code @AfterEach}: heals every node's faults
   * (see {@link NodeFaults#heal()}), restarts stopped or killed nodes, and returns once every node sees every other
   * up and all agree on the schema.
   */
  public synchronized void ensureAllServing() {
    for (Node node : nodes) {
      node.faults().heal();
    }
    for (Node node : nodes) {
      if (!node.isRunning()) {
        node.restart();
      }
    }
    probe.awaitInStep(servingIndexes(0), SERVING_TIMEOUT_MILLIS);
  }

  /** Heals every node's faults, then stops every node (SIGTERM in parallel, SIGKILL after 30 s). */
  @Override
  public void close() {
    RuntimeException failure = null;
    for (Node node : nodes) {
      try {
        node.faults().heal();
      } catch (RuntimeException e) {
        failure = failure == null ? e : failure; // the nodes are stopped all the same
      }
    }
    List<ServerProcess> processes = new ArrayList<>();
    for (Node node : nodes) {
      processes.add(node.process());
    }
    ServerProcess.stopAll(processes);
    if (failure != null) {
      throw failure;
    }
  }

  private void releaseFaultsAtExit() {
    for (Node node : nodes) {
      try {
        node.faults().releaseAtExit();
      } catch (RuntimeException e) {
        System.err.println("cassandra-testserver: could not remove the faults of " + node + " at exit: "
            + LocalCassandra.firstLine(e.getMessage()));
      }
    }
  }

  @Override
  public String toString() {
    return "local Cassandra " + CassandraTestServer.CASSANDRA_VERSION + " " + layout;
  }

  private Node anyServingNode() {
    for (Node node : nodes) {
      if (node.isRunning() && !node.isPaused()) {
        return node;
      }
    }
    throw new TestServerException("no node of the " + layout + " is running");
  }

  /** Indexes of the running, unpaused nodes other than {@code except} (0 for none). */
  private List<Integer> servingIndexes(int except) {
    List<Integer> serving = new ArrayList<>();
    for (Node node : nodes) {
      if (node.index != except && node.isRunning() && !node.isPaused()) {
        serving.add(node.index);
      }
    }
    return serving;
  }

  /** One node of the cluster: its address, process, faults and server-side view. */
  public final class Node {
    private final int index;
    private final NodeFaults faults;
    private ServerProcess process;

    private Node(int index, ServerProcess process) {
      this.index = index;
      this.process = process;
      this.faults = new NodeFaults(this, layout, index, this::process);
    }

    /** This node's faults: partition, lossy link, freeze, slow, heal. */
    public NodeFaults faults() {
      return faults;
    }

    /** 1-based position; node i listens on 127.0.0.i. */
    public int index() {
      return index;
    }

    /** This node's address, e.g. "127.0.0.2". */
    public String host() {
      return layout.host(index);
    }

    /** The native CQL port (the same for every node). */
    public int port() {
      return layout.nativePort;
    }

    /** Its Murmur3 token (one per node, evenly spaced). */
    public long token() {
      return layout.token(index);
    }

    /** Directory of its config, data and {@code logs/server.log}. */
    public Path directory() {
      return layout.nodeDir(index);
    }

    /** Process id of the current server JVM (a restart changes it). */
    public synchronized long pid() {
      return process.pid();
    }

    /** True while its process exists, paused or not. */
    public synchronized boolean isRunning() {
      return process.isAlive();
    }

    /** True between {@link #pause()} and {@link #resume()} (or the same {@link NodeFaults#freeze()}, thaw). */
    public synchronized boolean isPaused() {
      return faults.isFrozen() && process.isAlive();
    }

    /** Heals its faults, then stops it gracefully (SIGTERM, SIGKILL after 30 s); returns once the process is gone. */
    public synchronized void stop() {
      try {
        faults.heal();
      } finally {
        process.stop();
      }
    }

    /**
     * Heals its faults, then SIGKILL, as a crash would; returns once the process is gone. Its peers notice it down
     * some seconds later.
     */
    public synchronized void kill() {
      try {
        faults.heal();
      } finally {
        process.kill();
      }
    }

    /** Freezes the node (SIGSTOP); returns once every thread of it has stopped. The same as {@code faults().freeze()}. */
    public synchronized void pause() {
      faults.freeze();
    }

    /** Lets a paused node run again (SIGCONT). The same as {@code faults().thaw()}. */
    public synchronized void resume() {
      faults.thaw();
    }

    /**
     * Starts the node again on its data (stopping it gracefully first if it still runs) and returns only once it
     * really serves: it answers CQL, has loaded every table its schema names, it and every other serving node see
     * each other up (their failure detectors, asked with a read at consistency ALL), and all agree on the schema.
     *
     * @throws TestServerException when the node does not start, or is not serving within 120 s; the message says
     *     what was missing
     */
    public void restart() {
      startProcess();
      awaitServing();
    }

    /**
     * The first half of a {@link #restart}: starts the node again on its data and returns as soon as it answers CQL —
     * possibly before it has caught up with its peers (the schema, their view of it): a test can look at a node in
     * that state (a client connecting to a node just back), then call {@link #awaitServing}.
     */
    public synchronized void startProcess() {
      faults.heal();
      if (process.isAlive()) {
        process.stop();
      }
      FreePorts.awaitFree(host(), port(), FreePorts.PORT_WAIT_MILLIS);
      FreePorts.awaitFree(host(), layout.storagePort, FreePorts.PORT_WAIT_MILLIS);
      ServerProcess fresh = ServerProcess.start(process.spec().keepingData());
      ShutdownHook.register(fresh);
      process = fresh;
    }

    /**
     * The second half of a {@link #restart}: returns once the node serves and is in step with the other serving nodes
     * (else a {@link TestServerException} after 120 s).
     */
    public void awaitServing() {
      probe.awaitServing(index, servingIndexes(index), SERVING_TIMEOUT_MILLIS);
    }

    /**
     * True when {@code observer}'s failure detector holds this node alive (a node killed a moment ago is still held
     * alive for some seconds; a restarted one is seen up a few seconds after it answers CQL). Asked with a read at
     * consistency ALL whose only replica is this node: Unavailable means held down.
     *
     * @throws TestServerException when the observer does not answer within 15 s
     */
    public boolean isSeenUpBy(Node observer) {
      return probe.believesAlive(observer.index, index);
    }

    /** A CQL connection to this node only, waiting at most {@code timeoutMillis} per response. */
    public CqlWireClient connect(int timeoutMillis) {
      return CqlWireClient.connect(host(), port(), null, null, timeoutMillis);
    }

    /** Runs one statement with this node as coordinator, e.g. to read its own view in system_views or system. */
    public CqlResult query(String cql) {
      try (CqlWireClient client = connect(CassandraTestServer.DEFAULT_QUERY_TIMEOUT_MILLIS)) {
        return client.query(cql);
      }
    }

    /** Runs statements in order with this node as coordinator. */
    public void execute(String... cql) {
      try (CqlWireClient client = connect(CassandraTestServer.DEFAULT_QUERY_TIMEOUT_MILLIS)) {
        for (String statement : cql) {
          client.query(statement);
        }
      }
    }

    /**
     * Requests this node has received on its client connections open now (system_views.clients.request_count,
     * summed), not counting the connection that asks. A closed connection's requests are no longer counted; a
     * driver's control connection is counted like any other.
     */
    public long clientRequestCount() {
      try (CqlWireClient client = connect(CassandraTestServer.DEFAULT_QUERY_TIMEOUT_MILLIS)) {
        InetSocketAddress self = client.localAddress();
        CqlResult rows = client.query("SELECT address, port, request_count FROM system_views.clients");
        long sum = 0;
        for (int r = 0; r < rows.rowCount(); r++) {
          boolean own = Arrays.equals(rows.raw(r, 0), self.getAddress().getAddress())
              && rows.longValue(r, 1) == self.getPort();
          if (!own) {
            sum += rows.longValue(r, 2);
          }
        }
        return sum;
      }
    }

    /** The schema version this node reports (system.local), to compare nodes. */
    public String schemaVersion() {
      return String.valueOf(query("SELECT schema_version FROM system.local").uuid(0, 0));
    }

    synchronized ServerProcess process() {
      return process;
    }

    @Override
    public String toString() {
      return "node " + index + " " + host() + ":" + port();
    }
  }
}
