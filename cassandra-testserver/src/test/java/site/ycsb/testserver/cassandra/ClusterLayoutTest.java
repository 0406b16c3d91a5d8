package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterLayoutTest {
  private static final BigInteger RING = BigInteger.ONE.shiftLeft(64);

  @TempDir
  Path dir;

  @Test
  void should_give_a_single_node_token_0_when_one_node() {
    assertArrayEquals(new long[] {0L}, ClusterLayout.tokens(1));
  }

  @Test
  void should_space_tokens_evenly_around_the_whole_ring_when_several_nodes() {
    for (int n = 2; n <= ClusterLayout.MAX_NODES; n++) {
      long[] tokens = ClusterLayout.tokens(n);
      assertEquals(n, tokens.length);
      BigInteger step = RING.divide(BigInteger.valueOf(n));
      for (int i = 0; i < n; i++) {
        assertNotEquals(Long.MIN_VALUE, tokens[i], "the ring's minimum has no nameable primary range");
        // each node owns the range ending at its token: (previous token, token], wrapping around for the first
        BigInteger previous = BigInteger.valueOf(tokens[(i + n - 1) % n]);
        BigInteger owned = BigInteger.valueOf(tokens[i]).subtract(previous).mod(RING);
        assertTrue(owned.subtract(step).abs().compareTo(BigInteger.ONE) <= 0,
            n + " nodes: node " + (i + 1) + " owns " + owned + ", expected " + step);
      }
      long[] sorted = tokens.clone();
      Arrays.sort(sorted);
      assertArrayEquals(sorted, tokens, "node i+1 follows node i on the ring");
    }
  }

  @Test
  void should_reject_a_token_count_below_one() {
    assertThrows(IllegalArgumentException.class, () -> ClusterLayout.tokens(0));
    assertThrows(IllegalArgumentException.class, () -> ClusterLayout.tokens(-3));
  }

  @Test
  void should_put_node_i_on_the_ith_address_and_in_its_own_directory() {
    ClusterLayout layout = new ClusterLayout(dir, 3, "127.0.0.40", 19042, 17000, "c");
    assertEquals("127.0.0.40,127.0.0.41,127.0.0.42", layout.hosts());
    assertEquals("127.0.0.41", layout.host(2));
    assertEquals("127.0.0.40", layout.seed());
    assertEquals(dir.resolve("node3"), layout.nodeDir(3));
    assertEquals(3, layout.replicationFactor());
    assertEquals(2, new ClusterLayout(dir, 2, "127.0.0.1", 1, 2, "c").replicationFactor());
    assertEquals(3, new ClusterLayout(dir, 5, "127.0.0.1", 1, 2, "c").replicationFactor());
    assertThrows(IllegalArgumentException.class, () -> layout.host(0));
    assertThrows(IllegalArgumentException.class, () -> layout.host(4));
  }

  @Test
  void should_give_every_node_the_seed_its_token_and_the_shared_ports() {
    ClusterLayout layout = new ClusterLayout(dir, 3, "127.0.0.1", 19042, 17000, "ycsb-test-17000");
    for (int i = 1; i <= 3; i++) {
      ServerSpec spec = layout.nodeSpec(i, false, true);
      assertEquals(layout.host(i), spec.host);
      assertEquals("127.0.0.1", spec.seed);
      assertEquals(layout.token(i), spec.initialToken);
      assertEquals(19042, spec.nativePort);
      assertEquals(17000, spec.storagePort);
      assertEquals("ycsb-test-17000", spec.clusterName);
      assertTrue(spec.clustered);
      assertTrue(spec.wipe);
      assertTrue(!spec.keepingData().wipe, "a restart keeps the node's data");
    }
  }

  @Test
  void should_reject_sizes_outside_one_to_five() {
    for (int n : new int[] {0, -1, 6, 100}) {
      assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(dir, n, "127.0.0.1", 1, 2, "c"));
    }
  }

  @Test
  void should_reject_ports_out_of_range_or_equal() {
    assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(dir, 1, "127.0.0.1", 0, 2, "c"));
    assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(dir, 1, "127.0.0.1", 1, 65536, "c"));
    assertThrows(IllegalArgumentException.class, () -> new ClusterLayout(dir, 1, "127.0.0.1", 9042, 9042, "c"));
  }

  @Test
  void should_reject_addresses_that_are_not_dotted_loopback_with_room_for_every_node() {
    String[] bad = {
        null, "", " ", "localhost", "127.0.0", "127.0.0.1.5", "127.0.0.256", "127.0.0.-1", "127.0.0.1a", "127..0.1",
        "10.0.0.1", "192.168.1.10", "0.0.0.0", "127.0.0.0", "127.0.0.255", "::1", "[::1]", "127.0.0.1/8",
        "\u0661\u0662\u0667.0.0.1", "127.0.0.1:9042", "1270.0.0.1",
    };
    for (String address : bad) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ClusterLayout.parseFirstAddress(address, 1), String.valueOf(address));
      assertTrue(e.getMessage().contains("address"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> ClusterLayout.parseFirstAddress("127.0.0.252", 5));
    assertArrayEquals(new int[] {127, 0, 0, 250}, ClusterLayout.parseFirstAddress("127.0.0.250", 5));
    assertArrayEquals(new int[] {127, 1, 2, 3}, ClusterLayout.parseFirstAddress(" 127.1.2.3 ", 1));
  }

  @Test
  void should_restore_the_same_layout_when_saved_and_loaded() {
    ClusterLayout saved = new ClusterLayout(dir, 4, "127.0.0.60", 19142, 17100, "ycsb-local");
    saved.save();
    ClusterLayout loaded = ClusterLayout.load(dir);
    assertEquals(saved.hosts(), loaded.hosts());
    assertEquals(4, loaded.size);
    assertEquals(19142, loaded.nativePort);
    assertEquals(17100, loaded.storagePort);
    assertEquals("ycsb-local", loaded.clusterName);
    assertEquals("512M", loaded.heap);
    assertNull(ClusterLayout.load(dir.resolve("elsewhere")));
    saved.withHeap("2G").save();
    assertEquals("2048M", ClusterLayout.load(dir).heap);
    assertEquals("2048M", ClusterLayout.load(dir).nodeSpec(3, true, false).heap, "every node gets the cluster's heap");
  }

  @Test
  void should_name_the_file_and_the_remedy_when_the_saved_layout_is_damaged() throws IOException {
    String[] damaged = {"nodes=three\naddress=127.0.0.1\nport=1\nstorage_port=2\n",
        "nodes=3\naddress=8.8.8.8\nport=1\nstorage_port=2\n", "nodes=3\naddress=127.0.0.1\nport=1\n", ""};
    for (String content : damaged) {
      Files.write(ClusterLayout.stateFile(dir), content.getBytes(StandardCharsets.ISO_8859_1));
      TestServerException e = assertThrows(TestServerException.class, () -> ClusterLayout.load(dir), content);
      assertTrue(e.getMessage().contains("cluster.properties is damaged"), e.getMessage());
      assertTrue(e.getMessage().contains("remove " + dir), e.getMessage());
      assertEquals(1, e.getMessage().split("\n").length);
    }
  }

  @Test
  void should_probe_exactly_the_one_token_range_that_ends_at_the_target_token() {
    ClusterLayout layout = new ClusterLayout(dir, 3, "127.0.0.1", 1, 2, "c");
    String cql = new ClusterProbe(layout).aliveProbeCql(2);
    long token = layout.token(2);
    assertTrue(cql.contains("token(role) > " + (token - 1) + " AND token(role) <= " + token), cql);
    assertTrue(cql.startsWith("SELECT role FROM system_auth.roles"), cql);
  }
}
