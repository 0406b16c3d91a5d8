package site.ycsb.testserver.griddb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The configuration of a single-node test cluster, written by this project (not copied from an installation):
 * {@code gs_cluster.json} (fixed list with this node as the only member, replication 1, 128 partitions),
 * {@code gs_node.json} (every service on 127.0.0.1 and its port, a small store, concurrency 2) and the
 * {@code password} file of the administrator. Values not written take GridDB's defaults.
 */
final class NodeConfig {
  static final int PARTITIONS = 128;

  private NodeConfig() {
  }

  static void write(Path conf, NodePorts p, String cluster, String user, String password) throws IOException {
    Files.createDirectories(conf);
    String member = "{\"cluster\":{\"address\":\"127.0.0.1\",\"port\":" + p.cluster + "},"
        + "\"sync\":{\"address\":\"127.0.0.1\",\"port\":" + p.sync + "},"
        + "\"system\":{\"address\":\"127.0.0.1\",\"port\":" + p.system + "},"
        + "\"transaction\":{\"address\":\"127.0.0.1\",\"port\":" + p.transaction + "},"
        + "\"sql\":{\"address\":\"127.0.0.1\",\"port\":" + p.sql + "}}";
    String clusterJson = "{\n"
        + " \"dataStore\": {\"partitionNum\": " + PARTITIONS + ", \"storeBlockSize\": \"64KB\"},\n"
        + " \"cluster\": {\"clusterName\": \"" + cluster + "\", \"replicationNum\": 1,"
        + " \"notificationInterval\": \"5s\", \"heartbeatInterval\": \"5s\", \"loadbalanceCheckInterval\": \"180s\","
        + " \"notificationMember\": [" + member + "]},\n"
        + " \"sync\": {\"timeoutInterval\": \"30s\"},\n"
        + " \"transaction\": {\"replicationMode\": 0, \"replicationTimeoutInterval\": \"10s\"},\n"
        + " \"sql\": {}\n}\n";
    String nodeJson = "{\n"
        + " \"dataStore\": {\"dbPath\": \"data\", \"storeMemoryLimit\": \"512MB\", \"concurrency\": 2},\n"
        + " \"cluster\": {\"serviceAddress\": \"127.0.0.1\", \"servicePort\": " + p.cluster + "},\n"
        + " \"sync\": {\"serviceAddress\": \"127.0.0.1\", \"servicePort\": " + p.sync + "},\n"
        + " \"system\": {\"serviceAddress\": \"127.0.0.1\", \"servicePort\": " + p.system
        + ", \"eventLogPath\": \"log\"},\n"
        + " \"transaction\": {\"serviceAddress\": \"127.0.0.1\", \"servicePort\": " + p.transaction + "},\n"
        + " \"sql\": {\"serviceAddress\": \"127.0.0.1\", \"servicePort\": " + p.sql + ", \"concurrency\": 2}\n}\n";
    Files.write(conf.resolve("gs_cluster.json"), clusterJson.getBytes(StandardCharsets.UTF_8));
    Files.write(conf.resolve("gs_node.json"), nodeJson.getBytes(StandardCharsets.UTF_8));
    Files.write(conf.resolve("password"), (user + "," + sha256(password) + "\n").getBytes(StandardCharsets.UTF_8));
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
