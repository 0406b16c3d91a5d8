package site.ycsb.testserver.cassandra;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

/**
 * Where the nodes of a local cluster live: node i (1-based) on the i-th consecutive loopback address from the first
 * one, in {@code DIR/node<i>}, all on the same native and storage ports, node 1 the only seed, one evenly spaced
 * Murmur3 token each. Immutable; saved as {@code cluster.properties} so that the CLI can restart nodes.
 */
final class ClusterLayout {
  static final int MAX_NODES = 5;
  static final String DEFAULT_FIRST_ADDRESS = "127.0.0.1";
  static final String STATE_FILE = "cluster.properties";
  static final String KEYSPACE = "ycsb";
  static final String TABLE = "usertable";
  static final int FIELD_COUNT = 10;

  private static final BigInteger TWO_POW_64 = BigInteger.ONE.shiftLeft(64);
  private static final BigInteger MIN_TOKEN = BigInteger.valueOf(Long.MIN_VALUE);

  final Path dir;
  final int size;
  /** Addresses of nodes 1..size. */
  private final List<String> hosts;
  final int nativePort;
  final int storagePort;
  final String clusterName;
  /** Every node's heap ({@link ServerHeap}). */
  final String heap;

  ClusterLayout(Path dir, int size, String firstAddress, int nativePort, int storagePort, String clusterName) {
    this(dir, size, firstAddress, nativePort, storagePort, clusterName, ServerHeap.DEFAULT);
  }

  ClusterLayout(Path dir, int size, String firstAddress, int nativePort, int storagePort, String clusterName,
                String heap) {
    if (size < 1 || size > MAX_NODES) {
      throw new IllegalArgumentException("a local cluster has 1 to " + MAX_NODES + " nodes, not " + size);
    }
    this.dir = dir.toAbsolutePath().normalize();
    this.size = size;
    this.hosts = hostList(firstAddress, size);
    this.nativePort = requirePort(nativePort, "native port");
    this.storagePort = requirePort(storagePort, "storage port");
    if (nativePort == storagePort) {
      throw new IllegalArgumentException("native and storage port must differ, both are " + nativePort);
    }
    this.clusterName = clusterName;
    this.heap = ServerHeap.parse(heap, "heap");
  }

  /**
   * Octets of {@code text}, which must be a dotted IPv4 loopback address (127.x.y.z) whose last octet leaves room
   * for {@code size} consecutive addresses between 1 and 254.
   */
  static int[] parseFirstAddress(String text, int size) {
    String[] parts = text == null ? new String[0] : text.trim().split("\\.", -1);
    int[] octets = new int[4];
    boolean ok = parts.length == 4;
    for (int i = 0; ok && i < 4; i++) {
      ok = parts[i].matches("[0-9]{1,3}") && Integer.parseInt(parts[i]) <= 255;
      octets[i] = ok ? Integer.parseInt(parts[i]) : 0;
    }
    if (!ok) {
      throw new IllegalArgumentException("address must be a dotted IPv4 address such as 127.0.0.1, got '" + text
          + "'");
    }
    if (octets[0] != 127) {
      throw new IllegalArgumentException("address must be a loopback address (127.x.y.z), got '" + text + "'");
    }
    if (octets[3] < 1 || octets[3] + size - 1 > 254) {
      throw new IllegalArgumentException("address " + text + " leaves no room for " + size + " consecutive node"
          + (size == 1 ? "" : "s") + " (the last number must be 1.." + (255 - size) + ")");
    }
    return octets;
  }

  private static int requirePort(int port, String what) {
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException(what + " must be 1..65535, got " + port);
    }
    return port;
  }

  /** Address of node {@code index} (1-based). */
  String host(int index) {
    requireIndex(index);
    return hosts.get(index - 1);
  }

  List<String> hostList() {
    return hosts;
  }

  /** The {@code size} consecutive addresses from {@code firstAddress} (checked as for a layout). */
  static List<String> hostList(String firstAddress, int size) {
    int[] first = parseFirstAddress(firstAddress, size);
    List<String> hosts = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      hosts.add(first[0] + "." + first[1] + "." + first[2] + "." + (first[3] + i));
    }
    return Collections.unmodifiableList(hosts);
  }

  /** "127.0.0.1,127.0.0.2,...": the value of a binding's {@code hosts} property. */
  String hosts() {
    return String.join(",", hostList());
  }

  String seed() {
    return host(1);
  }

  Path nodeDir(int index) {
    requireIndex(index);
    return dir.resolve("node" + index);
  }

  /** Replication factor of the {@code ycsb} keyspace: every node up to three. */
  int replicationFactor() {
    return Math.min(3, size);
  }

  /** Murmur3 token of node {@code index}: see {@link #tokens(int)}. */
  long token(int index) {
    requireIndex(index);
    return tokens(size)[index - 1];
  }

  /**
   * {@code n} tokens that cut the Murmur3 ring (-2^63 .. 2^63-1) into equal parts: the middle of each of n equal
   * slices, so one node gets token 0 and no node gets the ring's minimum, whose primary range is awkward to name.
   */
  static long[] tokens(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("need at least one token, got " + n);
    }
    BigInteger step = TWO_POW_64.divide(BigInteger.valueOf(n));
    long[] tokens = new long[n];
    for (int i = 0; i < n; i++) {
      tokens[i] = MIN_TOKEN.add(step.multiply(BigInteger.valueOf(i))).add(step.shiftRight(1)).longValueExact();
    }
    return tokens;
  }

  void requireIndex(int index) {
    if (index < 1 || index > size) {
      throw new IllegalArgumentException("node " + index + " does not exist; this cluster has nodes 1.." + size);
    }
  }

  /** A server spec for node {@code index}. */
  ServerSpec nodeSpec(int index, boolean detached, boolean wipe) {
    return ServerSpec.clusterNode(this, index, detached, wipe);
  }

  /** The same cluster on other ports (after losing a port race at start). */
  ClusterLayout withPorts(int newNativePort, int newStoragePort) {
    return new ClusterLayout(dir, size, host(1), newNativePort, newStoragePort, clusterName, heap);
  }

  /** The same cluster with another heap for every node (a restart of all nodes with --heap). */
  ClusterLayout withHeap(String newHeap) {
    return new ClusterLayout(dir, size, host(1), nativePort, storagePort, clusterName, newHeap);
  }

  static Path stateFile(Path dir) {
    return dir.resolve(STATE_FILE);
  }

  void save() {
    Properties p = new Properties();
    p.setProperty("nodes", Integer.toString(size));
    p.setProperty("address", host(1));
    p.setProperty("port", Integer.toString(nativePort));
    p.setProperty("storage_port", Integer.toString(storagePort));
    p.setProperty("cluster_name", clusterName);
    p.setProperty("heap", heap);
    p.setProperty("cassandra.version", CassandraTestServer.CASSANDRA_VERSION);
    StateFile.write(stateFile(dir), p, "Local Cassandra cluster started by " + LocalCassandra.class.getName());
  }

  /** The cluster saved in {@code dir}, or null when there is none. */
  static ClusterLayout load(Path dir) {
    Path file = stateFile(dir);
    Properties p = StateFile.read(file);
    if (p == null) {
      return null;
    }
    try {
      return new ClusterLayout(dir, Integer.parseInt(p.getProperty("nodes", "").trim()),
          p.getProperty("address", ""), Integer.parseInt(p.getProperty("port", "").trim()),
          Integer.parseInt(p.getProperty("storage_port", "").trim()),
          p.getProperty("cluster_name", ServerProcess.CLUSTER_NAME), p.getProperty("heap", ServerHeap.DEFAULT));
    } catch (IllegalArgumentException e) {
      throw new TestServerException(file + " is damaged (" + e.getMessage() + "); remove " + dir
          + " to start afresh");
    }
  }

  @Override
  public String toString() {
    return size + "-node cluster on " + (size == 1 ? host(1) : host(1) + ".." + host(size)) + " port " + nativePort;
  }
}
