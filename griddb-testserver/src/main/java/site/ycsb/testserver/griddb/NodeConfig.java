package site.ycsb.testserver.griddb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The configuration of a single-node test cluster, written by this project (not copied from an installation):
 * {@code gs_cluster.json} (fixed list with this node as the only member, replication 1, 128 partitions),
 * {@code gs_node.json} (every service on 127.0.0.1 and its port, a small store, concurrency 2) and the
 * {@code password} file of the administrator. Values not written take GridDB's defaults. The JSON is written
 * with the project's JSON library, so that every value (the cluster name too) is escaped as JSON requires.
 */
final class NodeConfig {
  static final int PARTITIONS = 128;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private NodeConfig() {
  }

  static void write(Path conf, NodePorts p, String cluster, String user, String password) throws IOException {
    Files.createDirectories(conf);
    Files.write(conf.resolve("gs_cluster.json"), text(cluster(p, cluster)));
    Files.write(conf.resolve("gs_node.json"), text(node(p)));
    Files.write(conf.resolve("password"), (user + "," + sha256(password) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** gs_cluster.json: this node the only member of a fixed list, replication 1. */
  static ObjectNode cluster(NodePorts p, String cluster) {
    ObjectNode root = MAPPER.createObjectNode();
    root.putObject("dataStore").put("partitionNum", PARTITIONS).put("storeBlockSize", "64KB");
    ObjectNode c = root.putObject("cluster").put("clusterName", cluster).put("replicationNum", 1)
        .put("notificationInterval", "5s").put("heartbeatInterval", "5s").put("loadbalanceCheckInterval", "180s");
    ObjectNode member = c.putArray("notificationMember").addObject();
    address(member.putObject("cluster"), "address", "port", p.cluster);
    address(member.putObject("sync"), "address", "port", p.sync);
    address(member.putObject("system"), "address", "port", p.system);
    address(member.putObject("transaction"), "address", "port", p.transaction);
    address(member.putObject("sql"), "address", "port", p.sql);
    root.putObject("sync").put("timeoutInterval", "30s");
    root.putObject("transaction").put("replicationMode", 0).put("replicationTimeoutInterval", "10s");
    root.putObject("sql");
    return root;
  }

  /** gs_node.json: every service on 127.0.0.1 and its port, a small store, concurrency 2. */
  static ObjectNode node(NodePorts p) {
    ObjectNode root = MAPPER.createObjectNode();
    root.putObject("dataStore").put("dbPath", "data").put("storeMemoryLimit", "512MB").put("concurrency", 2);
    address(root.putObject("cluster"), "serviceAddress", "servicePort", p.cluster);
    address(root.putObject("sync"), "serviceAddress", "servicePort", p.sync);
    address(root.putObject("system"), "serviceAddress", "servicePort", p.system).put("eventLogPath", "log");
    address(root.putObject("transaction"), "serviceAddress", "servicePort", p.transaction);
    address(root.putObject("sql"), "serviceAddress", "servicePort", p.sql).put("concurrency", 2);
    return root;
  }

  private static ObjectNode address(ObjectNode o, String addressField, String portField, int port) {
    return o.put(addressField, "127.0.0.1").put(portField, port);
  }

  private static byte[] text(ObjectNode json) throws IOException {
    return (MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n").getBytes(StandardCharsets.UTF_8);
  }

  /** GridDB's password file holds the SHA-256 of each password, in lower-case hex. */
  static String sha256(String text) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder();
      for (byte b : digest) {
        hex.append(String.format("%02x", b & 0xff));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
