package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;

class ListenAddressTest {
  private static String refusal(String raw) {
    return assertThrows(IllegalArgumentException.class, () -> ListenAddress.parse("metrics.listen", raw))
        .getMessage();
  }

  @Test
  void should_listen_on_loopback_when_only_a_port_is_given() {
    ListenAddress a = ListenAddress.parse("metrics.listen", " 9400 ");
    assertTrue(a.host().isLoopbackAddress());
    assertEquals(9400, a.port());
  }

  @Test
  void should_keep_the_address_when_an_ipv4_or_ipv6_address_is_named() {
    assertEquals("0.0.0.0:80", ListenAddress.parse("metrics.listen", "0.0.0.0:80").toString());
    assertEquals("127.0.0.2:65535", ListenAddress.parse("metrics.listen", "127.0.0.2:65535").toString());
    assertEquals(0, ListenAddress.parse("metrics.listen", "127.0.0.1:0").port());
    assertTrue(ListenAddress.parse("metrics.listen", "[::1]:9400").toString().endsWith(":9400"));
    assertTrue(ListenAddress.parse("metrics.listen", "[::1]:9400").toString().startsWith("["));
  }

  @Test
  void should_refuse_in_one_line_when_the_port_is_out_of_range() {
    for (String raw : new String[] {"65536", "127.0.0.1:70000", "999999999"}) {
      String m = refusal(raw);
      assertTrue(m.contains("out of range") && m.startsWith("metrics.listen=") && !m.contains("\n"), m);
    }
  }

  @Test
  void should_refuse_when_the_host_is_not_an_ip_address() {
    for (String raw : new String[] {"localhost:9400", "prometheus.example.com:9400", "256.1.1.1:9400", "1.2.3:9400",
        "[zz::1]:9400", "[1:2:3:4:5:6:7:8:9]:9400"}) {
      String m = refusal(raw);
      assertFalse(m.contains("\n"), m);
      assertTrue(m.contains("address") || m.contains("PORT"), m);
    }
  }

  @Test
  void should_refuse_when_the_value_is_not_a_port_at_all() {
    for (String raw : new String[] {"-1", "abc", "127.0.0.1:", ":9400", "9400:127.0.0.1", "1.5"}) {
      assertTrue(refusal(raw).contains("is not PORT or ADDRESS:PORT"), raw);
    }
  }

  @Test
  void should_be_off_when_the_option_is_absent_or_blank() {
    Properties p = new Properties();
    assertEquals("", new PropertyReader(p).get(EngineOptions.METRICS_LISTEN));
    p.setProperty("metrics.listen", " ");
    assertEquals("", new PropertyReader(p).get(EngineOptions.METRICS_LISTEN));
  }

  @Test
  void should_accept_only_an_http_url_without_credentials_when_a_pushgateway_is_named() {
    Properties p = new Properties();
    p.setProperty("metrics.pushgateway", "http://127.0.0.1:9091");
    assertEquals("http://127.0.0.1:9091", new PropertyReader(p).get(EngineOptions.METRICS_PUSHGATEWAY));
    for (String raw : new String[] {"127.0.0.1:9091", "ftp://127.0.0.1:9091", "http://", "http://user:s3cret@gw:9091",
        "http://gw:9091/?token=s3cret", "http://gw:9091 x"}) {
      p.setProperty("metrics.pushgateway", raw);
      String m = assertThrows(IllegalArgumentException.class,
          () -> new PropertyReader(p).get(EngineOptions.METRICS_PUSHGATEWAY)).getMessage();
      assertTrue(m.startsWith("metrics.pushgateway") && !m.contains("\n"), m);
      assertFalse(m.contains("s3cret"), m);
    }
  }
}
