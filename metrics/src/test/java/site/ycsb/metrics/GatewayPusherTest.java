package site.ycsb.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;

import site.ycsb.observe.RunLabels;

class GatewayPusherTest {
  /** A loopback port where nothing listens (it was free a moment ago). */
  private static int deadPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void should_push_each_run_and_client_to_its_own_group_when_the_names_need_escaping() {
    RunLabels labels = new RunLabels("0b6e-run", "client a/1", "site.ycsb.BasicDB", "w", "run");
    assertEquals("http://127.0.0.1:9091/metrics/job/ycsb/run_id/0b6e-run/host/client%20a%2F1",
        GatewayPusher.groupUrl("http://127.0.0.1:9091/", labels).toString());
  }

  @Test
  void should_fail_the_push_but_not_the_end_of_the_run_when_the_gateway_is_down() throws Exception {
    LiveRegistry live = new LiveRegistry(Scrape.LABELS);
    live.interval(Scrape.figures(1, 0, 1, 100));
    GatewayPusher p = GatewayPusher.start("http://127.0.0.1:" + deadPort(), Scrape.LABELS, live, 3_600_000_000_000L);
    assertThrows(IOException.class, p::push);
    p.stop(true); // the final push fails with a warning line; it must not throw
  }
}
