package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreePortsTest {

  @Test
  void should_return_bindable_port_when_picking() throws IOException {
    int port = FreePorts.pick();
    try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
      assertTrue(s.isBound());
    }
  }

  @Test
  void should_never_repeat_a_recent_port_when_picking_in_a_row() {
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      assertTrue(seen.add(FreePorts.pick()), "repeated port in " + seen);
    }
    int a = FreePorts.pick();
    assertNotEquals(a, FreePorts.pickOtherThan(a));
  }

  @Test
  void should_report_port_taken_when_a_listener_holds_it() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      assertFalse(FreePorts.isFree(s.getLocalPort()));
    }
  }
}
