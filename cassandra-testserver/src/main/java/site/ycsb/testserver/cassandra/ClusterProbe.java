package site.ycsb.testserver.cassandra;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Asks the nodes of a local cluster, over CQL, whether a node is really serving: it answers, its peers and it see
 * each other alive, they agree on the schema, and its live schema holds every table its schema tables name.
 * Every wait has a deadline and ends with a message that says what was still missing.
 */
final class ClusterProbe {
  /** Bound of a connect and of each answer: a check that gets no answer in time is simply not passed yet. */
  static final int TIMEOUT_MILLIS = 5_000;
  private static final int BELIEF_TIMEOUT_MILLIS = 15_000;
  private static final long POLL_MILLIS = 250;

  private final ClusterLayout layout;

  ClusterProbe(ClusterLayout layout) {
    this.layout = layout;
  }

  /**
   * The read that tells whether {@code observer} (the coordinator) believes node {@code target} alive: a range read
   * at consistency ALL of the one-token range that ends at the target's token, in system_auth (SimpleStrategy,
   * replication factor 1, so the target is the only replica). A replica the coordinator's failure detector holds
   * down makes it answer Unavailable at once; otherwise the read succeeds.
   */
  String aliveProbeCql(int target) {
    long token = layout.token(target);
    return "SELECT role FROM system_auth.roles WHERE token(role) > " + (token - 1) + " AND token(role) <= " + token
        + " LIMIT 1";
  }

  /** Null when node {@code index} serves and is in step with {@code peers}; otherwise what is missing. */
  String notServingReason(int index, Collection<Integer> peers) {
    try (Sessions sessions = new Sessions()) {
      CqlWireClient self = sessions.open(index);
      if (self == null) {
        return sessions.failure(index);
      }
      String gap = liveSchemaGap(self);
      if (gap != null) {
        return "node " + index + " has not loaded table " + gap + " that its schema tables name";
      }
      int generation = generationHeldBy(self, index);
      for (int peer : peers) {
        if (peer == index) {
          continue;
        }
        CqlWireClient other = sessions.open(peer);
        if (other == null) {
          return sessions.failure(peer);
        }
        // Before the peer hears of the restart it still holds the old process alive (a kill is convicted only after
        // seconds); hearing of it, the peer holds the node down until an echo returns. So "alive" counts only once
        // the peer holds the node's current generation.
        if (generationHeldBy(other, index) != generation) {
          return "node " + peer + " has not heard yet that node " + index + " restarted";
        }
        if (!seesAlive(other, index)) {
          return "node " + peer + " does not see node " + index + " up yet";
        }
        if (!seesAlive(self, peer)) {
          return "node " + index + " does not see node " + peer + " up yet";
        }
      }
      Set<Integer> all = new TreeSet<>(peers);
      all.add(index);
      return disagreement(sessions, all);
    }
  }

  /** Null when every node of {@code nodes} sees every other one alive and all agree on the schema. */
  String notInStepReason(Collection<Integer> nodes) {
    try (Sessions sessions = new Sessions()) {
      for (int observer : nodes) {
        CqlWireClient client = sessions.open(observer);
        if (client == null) {
          return sessions.failure(observer);
        }
        for (int target : nodes) {
          if (target != observer && !seesAlive(client, target)) {
            return "node " + observer + " does not see node " + target + " up yet";
          }
        }
      }
      return disagreement(sessions, nodes);
    }
  }

  /** Null when {@code nodes} report one schema version; otherwise which nodes have which. */
  String schemaDisagreement(Collection<Integer> nodes) {
    try (Sessions sessions = new Sessions()) {
      return disagreement(sessions, nodes);
    }
  }

  /**
   * True when {@code observer}'s failure detector holds {@code target} alive: the alive probe succeeds, or times out
   * on the server (the coordinator did send it to the target); false when it answers Unavailable.
   *
   * @throws TestServerException when the observer itself does not answer in time
   */
  boolean believesAlive(int observer, int target) {
    // Longer than the server's own range read timeout (10 s), so that the server's verdict arrives first.
    try (CqlWireClient client = CqlWireClient.connect(layout.host(observer), layout.nativePort, null, null,
        BELIEF_TIMEOUT_MILLIS)) {
      client.query(aliveProbeCql(target), CqlConsistency.ALL);
      return true;
    } catch (CqlException e) {
      if (e.code() == CqlErrorCodes.UNAVAILABLE) {
        return false;
      }
      if (e.code() == CqlErrorCodes.READ_TIMEOUT || e.code() == CqlErrorCodes.READ_FAILURE) {
        return true;
      }
      throw e;
    }
  }

  /** Polls {@link #notServingReason} until it is null or {@code timeoutMillis} pass (then throws with the reason). */
  void awaitServing(int index, Collection<Integer> peers, long timeoutMillis) {
    await(timeoutMillis, "node " + index + " (" + layout.host(index) + ") is not serving",
        () -> notServingReason(index, peers));
  }

  /** Polls {@link #notInStepReason} until it is null or {@code timeoutMillis} pass. */
  void awaitInStep(Collection<Integer> nodes, long timeoutMillis) {
    await(timeoutMillis, "nodes " + nodes + " are not in step", () -> notInStepReason(nodes));
  }

  /** Polls {@link #schemaDisagreement} until it is null or {@code timeoutMillis} pass. */
  void awaitSchemaAgreement(Collection<Integer> nodes, long timeoutMillis) {
    await(timeoutMillis, "nodes " + nodes + " do not agree on the schema", () -> schemaDisagreement(nodes));
  }

  private interface Check {
    String reason();
  }

  private static void await(long timeoutMillis, String what, Check check) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    while (true) {
      String reason;
      try {
        reason = check.reason();
      } catch (TestServerException e) { // a node slow to answer, or a query refused while it starts: ask again
        reason = e.getMessage();
      }
      if (reason == null) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new TestServerException(what + " after " + timeoutMillis / 1000 + " s: " + reason);
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TestServerException("interrupted while waiting: " + what + " (" + reason + ")");
      }
    }
  }

  /** True when the observer, as coordinator, gets an answer from the target (a strict "serving" test). */
  private boolean seesAlive(CqlWireClient observer, int target) {
    try {
      observer.query(aliveProbeCql(target), CqlConsistency.ALL);
      return true;
    } catch (CqlException e) {
      return false; // Unavailable (held down) or a timeout: not serving yet
    }
  }

  /**
   * The gossip generation (the start time, in seconds, of the process it last heard of) that {@code observer} holds
   * for node {@code target}, or 0 when it holds none. Read from system_views.gossip_info, whose rows include the
   * observer itself.
   */
  private int generationHeldBy(CqlWireClient observer, int target) {
    byte[] address = addressOf(target);
    CqlResult rows = observer.query("SELECT address, generation FROM system_views.gossip_info");
    for (int r = 0; r < rows.rowCount(); r++) {
      byte[] generation = rows.raw(r, 1);
      if (Arrays.equals(address, rows.raw(r, 0)) && generation != null && generation.length == 4) {
        return ByteBuffer.wrap(generation).getInt();
      }
    }
    return 0;
  }

  private byte[] addressOf(int node) {
    try {
      return InetAddress.getByName(layout.host(node)).getAddress();
    } catch (UnknownHostException e) {
      throw new TestServerException("node " + node + " has no address: " + layout.host(node));
    }
  }

  /**
   * A table that node's schema tables name but its live schema lacks, or null. Both exist after a kill that lost
   * the schema flush: the commit log restores the rows of system_schema only after the schema has been loaded.
   * The live tables are those with a local read latency metric.
   */
  private static String liveSchemaGap(CqlWireClient client) {
    Set<String> live = tableNames(client.query(
        "SELECT keyspace_name, table_name FROM system_views.local_read_latency"));
    for (String table : tableNames(client.query("SELECT keyspace_name, table_name FROM system_schema.tables"))) {
      if (!table.startsWith("system") && !live.contains(table)) {
        return table;
      }
    }
    return null;
  }

  private static Set<String> tableNames(CqlResult result) {
    Set<String> names = new HashSet<>();
    for (int r = 0; r < result.rowCount(); r++) {
      names.add(result.string(r, 0) + "." + result.string(r, 1));
    }
    return names;
  }

  private String disagreement(Sessions sessions, Collection<Integer> nodes) {
    Map<UUID, List<Integer>> versions = new HashMap<>();
    for (int node : nodes) {
      CqlWireClient client = sessions.open(node);
      if (client == null) {
        return sessions.failure(node);
      }
      UUID version = client.query("SELECT schema_version FROM system.local").uuid(0, 0);
      versions.computeIfAbsent(version, v -> new ArrayList<>()).add(node);
    }
    return versions.size() <= 1 ? null : "schema versions differ: " + versions;
  }

  /** One CQL session per node for one round of checks; a node that does not answer is remembered with why. */
  private final class Sessions implements AutoCloseable {
    private final Map<Integer, CqlWireClient> open = new HashMap<>();
    private final Map<Integer, String> failures = new HashMap<>();

    CqlWireClient open(int node) {
      CqlWireClient client = open.get(node);
      if (client != null || failures.containsKey(node)) {
        return client;
      }
      try {
        client = CqlWireClient.connect(layout.host(node), layout.nativePort, null, null, TIMEOUT_MILLIS);
        open.put(node, client);
      } catch (TestServerException e) {
        failures.put(node, "node " + node + " does not answer CQL: " + e.getMessage());
      }
      return client;
    }

    String failure(int node) {
      return failures.get(node);
    }

    @Override
    public void close() {
      for (CqlWireClient client : open.values()) {
        client.close();
      }
    }
  }
}
