package site.ycsb.testserver.griddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeConfigTest {
  @TempDir
  Path dir;

  @Test
  void should_write_every_service_on_loopback_with_its_port_and_the_hashed_password() throws Exception {
    NodeConfig.write(dir, NodePorts.from(30001), "c1", "admin", "admin");
    String node = new String(Files.readAllBytes(dir.resolve("gs_node.json")), StandardCharsets.UTF_8);
    String cluster = new String(Files.readAllBytes(dir.resolve("gs_cluster.json")), StandardCharsets.UTF_8);
    for (int port = 30001; port <= 30005; port++) {
      assertTrue(node.contains("\"servicePort\": " + port), node);
      assertTrue(cluster.contains("\"port\":" + port), cluster);
    }
    assertTrue(!node.contains("0.0.0.0") && !cluster.contains("0.0.0.0"));
    assertTrue(cluster.contains("\"clusterName\": \"c1\""), cluster);
    // The well-known SHA-256 of "admin".
    assertEquals("admin,8c6976e5b5410415bde908bd4dee15dfb167a9c873fc4bb8a81f6f2ab448a918\n",
        new String(Files.readAllBytes(dir.resolve("password")), StandardCharsets.UTF_8));
  }

  @Test
  void should_refuse_a_directory_without_gsserver_when_named_as_the_installation() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GridDBInstallation.at(dir));
    assertTrue(e.getMessage().startsWith("YCSB_GRIDDB_HOME=" + dir + " is not a GridDB installation"),
        e.getMessage());
  }

  @Test
  void should_refuse_ports_that_do_not_fit_when_given_a_base() {
    assertThrows(IllegalArgumentException.class, () -> NodePorts.from(80));
    assertThrows(IllegalArgumentException.class, () -> NodePorts.from(65533));
  }
}
