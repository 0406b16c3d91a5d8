package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HostNamesTest {
  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1", "0.0.0.0", "255.255.255.255", "10.20.30.40", "localhost", "db-2.example.org",
      "db-2.example.org.", "node_1", "a", "a1.b2", "::1", "[::1]", "fe80::1", "2001:db8:0:0:0:0:2:1",
      "2001:db8::2:1", "::ffff:10.0.0.1", "1:2:3:4:5:6:7:8"})
  void should_accept_when_a_value_is_a_host_name_or_an_address(String host) {
    assertNull(HostNames.problem(host, "port"), host);
  }

  @ParameterizedTest
  @ValueSource(strings = {"256.1.1.1", "1.2.3", "1.2.3.4.5", "1.2.3.", ".1.2.3", "010.0.0.1", "1..2.3", "12345",
      "999.0.0.1", "1.2.3.1000"})
  void should_refuse_as_an_ipv4_mistake_when_a_value_has_only_digits_and_dots(String host) {
    String problem = HostNames.problem(host, "port");
    assertNotNull(problem, host);
    assertTrue(problem.contains("IPv4"), problem);
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.150:19550", "db1:9042", "localhost:", "h.example.org:7000"})
  void should_name_the_port_property_when_a_value_has_a_port(String host) {
    String problem = HostNames.problem(host, "scylla.port");
    assertNotNull(problem, host);
    assertTrue(problem.contains("has a port") && problem.contains("scylla.port"), problem);
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.150?password=x", "db1/24", "h1 h2", "-db", "db-", "db..example", "db#1", "d%b",
      "http://h", "1:2:3:4:5:6:7:8:9", "1::2::3", "::g", "[::1", "12345::1", "::1.2.3", "a.1", "\u00e9t\u00e9",
      "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.org", "h=1", "h;x", "h'"})
  void should_refuse_when_a_value_is_neither_a_name_nor_an_address(String host) {
    assertNotNull(HostNames.problem(host, "port"), host);
  }

  @org.junit.jupiter.api.Test
  void should_refuse_when_a_value_is_empty_or_a_name_too_long() {
    assertNotNull(HostNames.problem("", "port"));
    StringBuilder longName = new StringBuilder("a");
    while (longName.length() < 254) {
      longName.append(".a");
    }
    assertNotNull(HostNames.problem(longName.toString(), "port"));
    assertNull(HostNames.problem(longName.substring(0, 253), "port"));
  }
}
