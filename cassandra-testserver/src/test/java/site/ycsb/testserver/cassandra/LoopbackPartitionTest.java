package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public partition of one loopback server: its rules (no iptables needed) and its classes of bad input. */
class LoopbackPartitionTest {
  private static final ProcessStamp OWNER = new ProcessStamp(4242, 987654);

  @TempDir
  Path dir;

  @Test
  void should_drop_both_ways_on_the_given_ports_only_with_the_modules_mark_when_made() {
    List<FaultRule> rules = LoopbackPartition.of(dir, "127.0.0.1", 4242, 10001, 20001).rules(OWNER);
    String mark = "ycsb-fault:" + FaultRule.clusterId(dir) + ":node1:owner4242.987654";
    assertEquals(Arrays.asList("-d", "127.0.0.1/32", "-p", "tcp", "-m", "multiport", "--ports", "10001,20001",
        "-m", "comment", "--comment", mark, "-j", "DROP"), rules.get(0).spec());
    assertEquals(Arrays.asList("-s", "127.0.0.1/32", "-p", "tcp", "-m", "multiport", "--ports", "10001,20001",
        "-m", "comment", "--comment", mark, "-j", "DROP"), rules.get(1).spec());
    assertEquals(2, rules.size());
    // read back as iptables prints it, the rule is the module's own: swept when stale, removed by a heal
    FaultRule read = FaultRule.parse("-A INPUT " + String.join(" ", rules.get(0).spec()));
    assertEquals(FaultRule.clusterId(dir), read.clusterId);
    assertEquals(OWNER, read.owner);
  }

  @Test
  void should_mark_two_servers_apart_when_their_directories_differ() {
    FaultRule a = LoopbackPartition.of(dir.resolve("a"), "127.0.0.1", 1, 10001).rules(OWNER).get(0);
    FaultRule b = LoopbackPartition.of(dir.resolve("b"), "127.0.0.1", 1, 10001).rules(OWNER).get(0);
    assertNotEquals(a.clusterId, b.clusterId);
  }

  @Test
  void should_refuse_with_one_line_when_address_ports_or_process_are_bad() {
    String[] messages = {
        assertThrows(IllegalArgumentException.class, () -> LoopbackPartition.of(dir, "10.0.0.1", 1, 10001))
            .getMessage(),
        assertThrows(IllegalArgumentException.class, () -> LoopbackPartition.of(dir, "127.0.0.1", 1)).getMessage(),
        assertThrows(IllegalArgumentException.class, () -> LoopbackPartition.of(dir, "127.0.0.1", 1,
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)).getMessage(),
        assertThrows(IllegalArgumentException.class, () -> LoopbackPartition.of(dir, "127.0.0.1", 1, 70000))
            .getMessage(),
        assertThrows(IllegalArgumentException.class, () -> LoopbackPartition.of(dir, "127.0.0.1", 0, 10001))
            .getMessage(),
    };
    assertTrue(messages[0].contains("loopback"), messages[0]);
    assertEquals("a partition needs 1 to 15 ports, got 0", messages[1]);
    assertEquals("a partition needs 1 to 15 ports, got 16", messages[2]);
    assertEquals("port must be 1..65535, got 70000", messages[3]);
    assertEquals("not a process id: 0", messages[4]);
    for (String m : messages) {
      assertTrue(!m.contains("\n"), m);
    }
  }

  @Test
  void should_refuse_to_partition_when_the_server_process_has_ended() throws Exception {
    long pid;
    try (Sleeper ended = Sleeper.start()) {
      pid = ended.pid;
    }
    LoopbackPartition partition = LoopbackPartition.of(dir, "127.0.0.1", pid, 10001);
    IllegalStateException e = assertThrows(IllegalStateException.class, partition::partition);
    assertEquals("cannot partition 127.0.0.1 (ports 10001): its server process " + pid + " is not running",
        e.getMessage());
  }
}
