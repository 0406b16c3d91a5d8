package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExternalTargetTest {
  private final Map<String, String> env = new HashMap<>();

  @Test
  void should_start_nothing_when_hosts_variable_is_unset_or_blank() {
    assertNull(ExternalTarget.fromEnvironment(env));
    env.put(ExternalTarget.ENV_HOSTS, "  ");
    assertNull(ExternalTarget.fromEnvironment(env));
  }

  @Test
  void should_use_port_of_first_host_and_keep_hosts_as_given_when_ports_are_inline() {
    env.put(ExternalTarget.ENV_HOSTS, "10.0.0.1:9142, node2");
    ExternalTarget t = ExternalTarget.fromEnvironment(env);
    assertEquals("10.0.0.1:9142, node2", t.hosts);
    assertEquals(9142, t.port);
    assertEquals("10.0.0.1:9142", t.contactPoints.get(0).toString());
    assertEquals("node2:9042", t.contactPoints.get(1).toString());
    assertNull(t.username);
    assertNull(t.password);
    assertNull(t.datacenter);
  }

  @Test
  void should_apply_port_variable_to_hosts_without_port() {
    env.put(ExternalTarget.ENV_HOSTS, "a,b:7000,[::1],[fe80::1]:9100");
    env.put(ExternalTarget.ENV_PORT, "19042");
    ExternalTarget t = ExternalTarget.fromEnvironment(env);
    assertEquals(19042, t.port);
    assertEquals("a:19042", t.contactPoints.get(0).toString());
    assertEquals("b:7000", t.contactPoints.get(1).toString());
    assertEquals("[::1]:19042", t.contactPoints.get(2).toString());
    assertEquals("[fe80::1]:9100", t.contactPoints.get(3).toString());
  }

  @Test
  void should_read_credentials_and_datacenter_when_set() {
    env.put(ExternalTarget.ENV_HOSTS, "h");
    env.put(ExternalTarget.ENV_USERNAME, "bench");
    env.put(ExternalTarget.ENV_PASSWORD, "pw");
    env.put(ExternalTarget.ENV_DC, "dc2");
    ExternalTarget t = ExternalTarget.fromEnvironment(env);
    assertEquals("bench", t.username);
    assertEquals("pw", t.password);
    assertEquals("dc2", t.datacenter);
  }

  @Test
  void should_fail_clearly_when_input_is_invalid() {
    env.put(ExternalTarget.ENV_HOSTS, "h");
    env.put(ExternalTarget.ENV_PORT, "90000");
    TestServerException e = assertThrows(TestServerException.class, () -> ExternalTarget.fromEnvironment(env));
    assertTrue(e.getMessage().contains("YCSB_CASSANDRA_PORT"), e.getMessage());
    env.remove(ExternalTarget.ENV_PORT);
    env.put(ExternalTarget.ENV_HOSTS, "h:x");
    assertThrows(TestServerException.class, () -> ExternalTarget.fromEnvironment(env));
    env.put(ExternalTarget.ENV_HOSTS, " , ");
    assertThrows(TestServerException.class, () -> ExternalTarget.fromEnvironment(env));
    env.put(ExternalTarget.ENV_HOSTS, "h");
    env.put(ExternalTarget.ENV_USERNAME, "bench");
    e = assertThrows(TestServerException.class, () -> ExternalTarget.fromEnvironment(env));
    assertTrue(e.getMessage().contains("YCSB_CASSANDRA_PASSWORD"), e.getMessage());
  }
}
