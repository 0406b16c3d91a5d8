package site.ycsb.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Finding the local servers this process talks to from /proc, without configuration. */
class LoopbackServersTest {
  @Test
  void should_read_addresses_as_proc_net_writes_them() {
    assertEquals("127.0.0.1", LoopbackServers.address("0100007F", false));
    assertEquals("127.0.0.42", LoopbackServers.address("2A00007F", false));
    assertEquals("0.0.0.0", LoopbackServers.address("00000000", false));
    assertEquals("::1", LoopbackServers.address("00000000000000000000000001000000", true));
    assertEquals("::", LoopbackServers.address("00000000000000000000000000000000", true));
    assertEquals("127.0.0.3", LoopbackServers.address("0000000000000000FFFF00000300007F", true));
    assertEquals("fe80:0:0:0:a00:27ff:fe4e:66a1",
        LoopbackServers.address("000080FE00000000FF27000AA1664EFE", true));
    assertTrue(LoopbackServers.isLoopback("127.0.0.9"));
    assertTrue(LoopbackServers.isLoopback("::1"));
    assertFalse(LoopbackServers.isLoopback("10.0.0.1"));
  }

  @Test
  void should_match_a_connection_to_the_socket_listening_on_its_address_or_the_wildcard() {
    String tcp = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
        + "   0: 0200007F:2352 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1\n"
        + "   1: 00000000:2353 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 222 1\n"
        + "   2: 0100007F:9C40 0200007F:2352 01 00000000:00000000 00:00000000 00000000     0        0 333 1\n"
        + "   3: 0100007F:9C41 0300007F:2353 01 00000000:00000000 00:00000000 00000000     0        0 444 1\n"
        + "   4: 0100007F:9C42 0A00000A:2353 01 00000000:00000000 00:00000000 00000000     0        0 555 1\n";
    List<LoopbackServers.Socket> sockets = LoopbackServers.parse(tcp, false);
    assertEquals(5, sockets.size());
    java.util.Set<Long> own = new java.util.HashSet<>(java.util.Arrays.asList(333L, 444L, 555L));
    assertEquals(new ArrayList<>(java.util.Arrays.asList("127.0.0.2:9042", "127.0.0.3:9043")),
        new ArrayList<>(LoopbackServers.targets(sockets, own)));
    assertEquals(Long.valueOf(111), LoopbackServers.listener(sockets, "127.0.0.2:9042"));
    assertEquals(Long.valueOf(222), LoopbackServers.listener(sockets, "127.0.0.3:9043"));
    assertEquals(null, LoopbackServers.listener(sockets, "127.0.0.3:1"));
    assertTrue(LoopbackServers.targets(sockets, Collections.singleton(999L)).isEmpty(), "not this process's");
  }

  @Test
  void should_find_the_process_of_a_real_server_this_process_is_connected_to() throws Exception {
    Assumptions.assumeTrue(LocalProc.available(), "needs Linux /proc");
    try (EchoServer server = EchoServer.start("127.0.0.7", 0); Socket s = new Socket(server.address, server.port)) {
      List<String> problems = new ArrayList<>();
      List<LoopbackServers.Server> found = LoopbackServers.connected(problems);
      LoopbackServers.Server mine = null;
      for (LoopbackServers.Server f : found) {
        if (f.port == server.port) {
          mine = f;
        }
      }
      assertTrue(mine != null, "found " + found + " problems " + problems);
      assertEquals("127.0.0.7", mine.address);
      assertEquals(server.pid(), mine.pid);
      assertEquals("java", mine.command);
    }
  }
}
