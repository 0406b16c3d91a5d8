package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
  void should_pick_a_port_free_on_every_address_and_other_than_the_taken_one() throws IOException {
    java.util.List<String> hosts = java.util.Arrays.asList("127.0.0.1", "127.0.0.2", "127.0.0.3");
    for (int i = 0; i < 10; i++) {
      int port = FreePorts.pickFreeOnAll(hosts, 4242);
      assertNotEquals(4242, port);
      for (String host : hosts) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName(host))) {
          assertTrue(s.isBound(), host + ":" + port);
        }
      }
    }
  }

  @Test
  void should_name_the_address_where_a_port_is_taken_when_only_one_address_holds_it() throws IOException {
    java.util.List<String> hosts = java.util.Arrays.asList("127.0.0.1", "127.0.0.2", "127.0.0.3");
    int port = FreePorts.pickFreeOnAll(hosts, -1);
    try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.2"))) {
      assertEquals("127.0.0.2", FreePorts.firstTaken(hosts, s.getLocalPort()));
      assertTrue(FreePorts.isFree("127.0.0.3", s.getLocalPort()));
    }
  }

  @Test
  void should_pick_outside_the_ephemeral_range_so_that_no_outgoing_connection_takes_a_stopped_node_port()
      throws IOException {
    String[] range = java.nio.file.Files.readAllLines(
        java.nio.file.Paths.get("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim().split("\\s+");
    int low = Integer.parseInt(range[0]);
    int high = Integer.parseInt(range[1]);
    org.junit.jupiter.api.Assumptions.assumeTrue(FreePorts.candidateRange(new int[] {low, high}) != null,
        "this machine's ephemeral range leaves no room outside it");
    for (int i = 0; i < 30; i++) {
      int port = FreePorts.pick();
      assertTrue(port >= FreePorts.LOWEST && (port < low || port > high), port + " is in " + low + ".." + high);
    }
  }

  @Test
  void should_choose_the_larger_stretch_outside_the_ephemeral_range_or_none_when_both_are_small() {
    assertArrayEquals(new int[] {10_000, 32_767}, FreePorts.candidateRange(new int[] {32_768, 60_999}));
    assertArrayEquals(new int[] {10_000, 39_999}, FreePorts.candidateRange(new int[] {40_000, 50_000}));
    assertArrayEquals(new int[] {20_001, 65_535}, FreePorts.candidateRange(new int[] {10_000, 20_000}));
    assertArrayEquals(new int[] {10_000, 32_767}, FreePorts.candidateRange(null));
    assertNull(FreePorts.candidateRange(new int[] {1_024, 65_000}));
  }

  @Test
  void should_read_the_state_of_ipv4_and_mapped_ipv6_rows_whose_local_end_is_the_address_and_port() {
    byte[] address = {127, 0, 0, 2};
    String v4 = "1: 0200007F:3E80 0100007F:D431 05 00000000:00000000 00:00000000 00000000 0 0 0";
    String v6 = "3: 0000000000000000FFFF00000200007F:3E80 00000000000000000000000000000000:0000 0A 0:0 00:0 0 0 0 0";
    assertEquals("FIN_WAIT2", FreePorts.stateIfLocal(v4.split("\\s+"), address, 16000));
    assertEquals("LISTEN", FreePorts.stateIfLocal(v6.split("\\s+"), address, 16000));
    assertNull(FreePorts.stateIfLocal(v4.split("\\s+"), address, 16001), "another port");
    assertNull(FreePorts.stateIfLocal(v4.split("\\s+"), new byte[] {127, 0, 0, 1}, 16000), "another address");
    assertNull(FreePorts.stateIfLocal("sl local_address rem_address st".split(" "), address, 16000), "the header");
  }

  @Test
  void should_name_a_listening_socket_when_asked_what_holds_a_port() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.2"))) {
      assertEquals("1 socket [LISTEN]", FreePorts.holders("127.0.0.2", s.getLocalPort()));
    }
  }

  @Test
  void should_report_port_taken_when_a_listener_holds_it() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      assertFalse(FreePorts.isFree(s.getLocalPort()));
    }
  }
}
