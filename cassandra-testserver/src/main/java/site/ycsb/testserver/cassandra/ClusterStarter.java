package site.ycsb.testserver.cassandra;

import java.util.ArrayList;
import java.util.List;

/**
 * Starts the nodes of a local cluster one after another (each once the one before answers CQL), waits until they
 * see each other and agree on the schema, and creates keyspace {@code ycsb} with {@code usertable}. Shared by the
 * test API ({@link CassandraCluster}) and the CLI ({@link LocalCassandra}).
 */
final class ClusterStarter {
  /** How long the nodes may take, once all answer CQL, to see each other and agree on the schema. */
  static final long IN_STEP_TIMEOUT_MILLIS = 120_000;

  private ClusterStarter() {
  }

  /** Hears of each node as soon as it answers CQL. */
  interface NodeStarted {
    void started(int index, ServerProcess node);
  }

  /**
   * Starts every node of {@code layout}. {@code onStarted} hears of each node as soon as it answers CQL (to register
   * it for stopping at exit, or to print progress). If any step fails, the nodes started so far are stopped.
   *
   * @return the node processes, index 0 for node 1
   */
  static ServerProcess[] startAll(ClusterLayout layout, boolean detached, boolean wipe, NodeStarted onStarted) {
    ServerProcess[] nodes = new ServerProcess[layout.size];
    try {
      for (int i = 1; i <= layout.size; i++) {
        nodes[i - 1] = ServerProcess.start(layout.nodeSpec(i, detached, wipe));
        onStarted.started(i, nodes[i - 1]);
      }
      ClusterProbe probe = new ClusterProbe(layout);
      List<Integer> all = allIndexes(layout);
      probe.awaitInStep(all, IN_STEP_TIMEOUT_MILLIS);
      createYcsbKeyspace(layout, probe, all);
      return nodes;
    } catch (RuntimeException e) {
      ServerProcess.stopAll(java.util.Arrays.asList(nodes));
      throw e;
    }
  }

  static List<Integer> allIndexes(ClusterLayout layout) {
    List<Integer> all = new ArrayList<>();
    for (int i = 1; i <= layout.size; i++) {
      all.add(i);
    }
    return all;
  }

  /** Creates (if missing) keyspace ycsb, replication factor min(3, N), and ycsb.usertable; waits for agreement. */
  static void createYcsbKeyspace(ClusterLayout layout, ClusterProbe probe, List<Integer> nodes) {
    try (CqlWireClient client = CqlWireClient.connect(layout.host(nodes.get(0)), layout.nativePort, null, null,
        CassandraTestServer.DEFAULT_QUERY_TIMEOUT_MILLIS)) {
      client.query(createKeyspaceCql(ClusterLayout.KEYSPACE, layout.replicationFactor()));
      client.query(CassandraTestServer.createTableCql(ClusterLayout.KEYSPACE, ClusterLayout.TABLE,
          ClusterLayout.FIELD_COUNT, "field"));
    }
    probe.awaitSchemaAgreement(nodes, IN_STEP_TIMEOUT_MILLIS);
  }

  /** NetworkTopologyStrategy in the local data center (SimpleSnitch names it datacenter1). */
  static String createKeyspaceCql(String keyspace, int replicationFactor) {
    return "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = {'class': 'NetworkTopologyStrategy', '"
        + CassandraTestServer.LOCAL_DATACENTER + "': " + replicationFactor + "}";
  }
}
