package site.ycsb.testserver.griddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeConfigTest {
  @TempDir
  Path dir;

  private JsonNode json(String file) throws Exception {
    return new ObjectMapper().readTree(dir.resolve(file).toFile());
  }

  private static Set<Integer> ints(List<JsonNode> values) {
    Set<Integer> out = new TreeSet<>();
    for (JsonNode v : values) {
      out.add(v.asInt());
    }
    return out;
  }

  @Test
  void should_write_every_service_on_loopback_with_its_port_and_the_hashed_password() throws Exception {
    NodeConfig.write(dir, NodePorts.from(30001), "c1", "admin", "admin");
    JsonNode node = json("gs_node.json");
    JsonNode cluster = json("gs_cluster.json");
    Set<Integer> ports = new TreeSet<>(java.util.Arrays.asList(30001, 30002, 30003, 30004, 30005));
    assertEquals(ports, ints(node.findValues("servicePort")), node.toString());
    assertEquals(ports, ints(cluster.findValues("port")), cluster.toString());
    for (JsonNode a : node.findValues("serviceAddress")) {
      assertEquals("127.0.0.1", a.asText());
    }
    for (JsonNode a : cluster.findValues("address")) {
      assertEquals("127.0.0.1", a.asText());
    }
    assertEquals("c1", cluster.path("cluster").path("clusterName").asText(), cluster.toString());
    assertEquals(NodeConfig.PARTITIONS, cluster.path("dataStore").path("partitionNum").asInt());
    // The well-known SHA-256 of "admin".
    assertEquals("admin,8c6976e5b5410415bde908bd4dee15dfb167a9c873fc4bb8a81f6f2ab448a918\n",
        new String(Files.readAllBytes(dir.resolve("password")), StandardCharsets.UTF_8));
  }

  @Test
  void should_escape_the_cluster_name_when_it_holds_characters_json_quotes() throws Exception {
    String name = "c\"1\\ \u00e9";
    NodeConfig.write(dir, NodePorts.from(30001), name, "admin", "admin");
    assertEquals(name, json("gs_cluster.json").path("cluster").path("clusterName").asText());
  }

  @Test
  void should_read_the_node_status_from_the_rest_answer_wherever_it_stands() {
    JsonNode stat = GridDBServer.json("{\"cluster\": {\"clusterStatus\": \"MASTER\", \"nodeStatus\": \"ACTIVE\"}}");
    assertEquals("ACTIVE", GridDBServer.status(stat, "nodeStatus"));
    assertEquals("MASTER", GridDBServer.status(stat, "clusterStatus"));
    assertEquals("", GridDBServer.status(GridDBServer.json("not json"), "nodeStatus"));
    assertEquals("", GridDBServer.status(GridDBServer.json(null), "nodeStatus"));
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
