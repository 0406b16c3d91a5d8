package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CassandraYamlTest {

  /** Top-level "key: value" lines of the generated yaml. */
  private static Map<String, String> topLevel(String yaml) {
    Map<String, String> keys = new HashMap<>();
    for (String line : yaml.split("\n")) {
      if (line.isEmpty() || line.startsWith("#") || line.startsWith(" ")) {
        continue;
      }
      int colon = line.indexOf(':');
      String previous = keys.put(line.substring(0, colon), line.substring(colon + 1).trim());
      assertEquals(null, previous, "duplicate key in " + line);
    }
    return keys;
  }

  @Test
  void should_set_single_node_essentials_and_ports_when_rendering() {
    Map<String, String> y = topLevel(CassandraYaml.render(ServerSpec.forTests(java.nio.file.Paths.get("/srv/s1"),
        false)));
    assertEquals("'ycsb-local'", y.get("cluster_name"));
    assertTrue(Integer.parseInt(y.get("native_transport_port")) > 0, y.toString());
    assertTrue(Integer.parseInt(y.get("storage_port")) > 0, y.toString());
    assertEquals("1", y.get("num_tokens"));
    assertEquals("0", y.get("initial_token"));
    assertEquals("periodic", y.get("commitlog_sync"));
    assertEquals("10000ms", y.get("commitlog_sync_period"));
    assertEquals("SimpleSnitch", y.get("endpoint_snitch"));
    assertEquals("127.0.0.1", y.get("listen_address"));
    assertEquals("127.0.0.1", y.get("rpc_address"));
    assertEquals("true", y.get("start_native_transport"));
    assertEquals("false", y.get("auto_snapshot"));
    assertFalse(y.containsKey("authenticator"));
    assertFalse(y.containsKey("authorizer"));
  }

  @Test
  void should_name_seed_without_port_when_rendering() {
    String yaml = CassandraYaml.render("c", "127.0.0.1", "127.0.0.1", 0L, 1, 2, false);
    assertTrue(yaml.contains("class_name: org.apache.cassandra.locator.SimpleSeedProvider\n"), yaml);
    assertTrue(yaml.contains("- seeds: \"127.0.0.1\"\n"), yaml);
  }

  @Test
  void should_listen_on_the_node_address_with_its_token_and_the_first_node_as_seed_when_node_of_a_cluster() {
    ClusterLayout layout = new ClusterLayout(java.nio.file.Paths.get("/srv/cl"), 3, "127.0.0.40", 19042, 17000,
        "ycsb-local");
    String yaml = CassandraYaml.render(layout.nodeSpec(3, true, false));
    Map<String, String> y = topLevel(yaml);
    assertEquals("127.0.0.42", y.get("listen_address"));
    assertEquals("127.0.0.42", y.get("rpc_address"));
    assertEquals(Long.toString(layout.token(3)), y.get("initial_token"));
    assertEquals("1", y.get("num_tokens"));
    assertEquals("false", y.get("auto_bootstrap"));
    assertEquals("19042", y.get("native_transport_port"));
    assertEquals("17000", y.get("storage_port"));
    assertEquals("'ycsb-local'", y.get("cluster_name"));
    assertTrue(yaml.contains("- seeds: \"127.0.0.40\"\n"), yaml);
  }

  @Test
  void should_enable_password_authentication_when_auth_requested() {
    Map<String, String> y = topLevel(CassandraYaml.render("c", "127.0.0.1", "127.0.0.1", 0L, 1, 2, true));
    assertEquals("PasswordAuthenticator", y.get("authenticator"));
    assertEquals("CassandraAuthorizer", y.get("authorizer"));
  }

  @Test
  void should_reject_cluster_name_that_would_break_yaml() {
    assertThrows(IllegalArgumentException.class,
        () -> CassandraYaml.render("it's", "127.0.0.1", "127.0.0.1", 0L, 1, 2, false));
  }

  @Test
  void should_log_info_to_stdout_when_rendering_logback() {
    String xml = CassandraYaml.logback();
    assertTrue(xml.contains("ch.qos.logback.core.ConsoleAppender"), xml);
    assertTrue(xml.contains("<root level=\"INFO\">"), xml);
  }
}
