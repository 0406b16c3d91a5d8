package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project's iptables rules for real (root and iptables; else skipped with one line): stale ones are swept, live
 * ones kept, and rules the project did not add are left alone by a sweep and a heal. No server: the rules are on
 * addresses and ports nothing uses.
 */
class FaultRulesIT {
  @TempDir
  Path dir;

  @BeforeAll
  static void requireIptables() {
    String reason = NodeFaults.networkUnavailableReason();
    assumeTrue(reason == null, reason);
  }

  private static boolean listed(List<String> spec) {
    return Iptables.listInput().stream().anyMatch(line -> FaultRule.words(line).equals(
        java.util.stream.Stream.concat(java.util.stream.Stream.of("-A", "INPUT"), spec.stream())
            .collect(java.util.stream.Collectors.toList())));
  }

  @Test
  void should_cut_a_loopback_server_off_and_heal_it_and_sweep_its_rules_once_its_owner_has_ended()
      throws Exception {
    String id = FaultRule.clusterId(dir.resolve("server"));
    try {
      try (Sleeper server = Sleeper.start()) {
        LoopbackPartition partition = LoopbackPartition.of(dir.resolve("server"), "127.0.0.253", server.pid, 19996,
            19997);
        partition.partition();
        assertTrue(partition.isActive());
        assertEquals(Arrays.asList("partition (in and out)"), NetworkFaults.describe(NetworkFaults.active(id, 1)));
        partition.heal();
        assertTrue(!partition.isActive(), "healed");
        partition.partition();
      }
      // the server is gone with its rules still there: stale, so the next sweep removes them
      assertEquals(2, NetworkFaults.active(id, 1).size());
      assertTrue(NetworkFaults.sweepStale() >= 2);
      assertEquals(0, NetworkFaults.active(id, 1).size());
    } finally {
      NetworkFaults.remove(id, 0);
    }
  }

  @Test
  void should_sweep_a_stale_rule_keep_a_live_one_and_leave_foreign_rules_alone_when_sweeping_and_healing()
      throws Exception {
    ClusterLayout gone = new ClusterLayout(dir.resolve("gone"), 1, "127.0.0.251", 19998, 19999, "gone");
    ClusterLayout live = new ClusterLayout(dir.resolve("live"), 1, "127.0.0.252", 19998, 19999, "live");
    List<List<String>> foreign = Arrays.asList(
        Arrays.asList("-d", "127.0.0.251/32", "-p", "tcp", "-m", "multiport", "--ports", "19998,19999", "-m",
            "comment", "--comment", "another-tool", "-j", "DROP"),
        Arrays.asList("-s", "127.0.0.252/32", "-p", "tcp", "-m", "multiport", "--ports", "19998,19999", "-j", "DROP"),
        Arrays.asList("-d", "127.0.0.252/32", "-p", "tcp", "-m", "comment", "--comment",
            "ycsb-faultless:" + FaultRule.clusterId(live.dir) + ":node1:owner1.2", "-j", "DROP"));
    String goneId = FaultRule.clusterId(gone.dir);
    String liveId = FaultRule.clusterId(live.dir);
    try (Sleeper owner = Sleeper.start()) {
      ProcessStamp dead;
      try (Sleeper ended = Sleeper.start()) {
        dead = ended.stamp();
      }
      for (List<String> rule : foreign) {
        Iptables.insert(rule);
      }
      try {
        NetworkFaults.apply(gone, 1, NodeFaults.Direction.BOTH, 1, dead);
        NetworkFaults.apply(live, 1, NodeFaults.Direction.IN, 0.5, owner.stamp());
        assertEquals(2, NetworkFaults.active(goneId, 1).size());

        assertTrue(NetworkFaults.sweepStale() >= 2);
        assertEquals(0, NetworkFaults.active(goneId, 1).size(), "the dead owner's rules are swept");
        assertEquals(Arrays.asList("lossy 50% (in)"), NetworkFaults.describe(NetworkFaults.active(liveId, 1)),
            "a live owner's rule stays");
        for (List<String> rule : foreign) {
          assertTrue(listed(rule), "a sweep removed a foreign rule: " + rule);
        }

        assertEquals(1, NetworkFaults.remove(liveId, 1));
        assertEquals(0, NetworkFaults.active(liveId, 1).size());
        for (List<String> rule : foreign) {
          assertTrue(listed(rule), "a heal removed a foreign rule: " + rule);
        }
      } finally {
        for (List<String> rule : foreign) {
          Iptables.delete(rule);
        }
        NetworkFaults.remove(goneId, 0);
        NetworkFaults.remove(liveId, 0);
      }
      for (List<String> rule : foreign) {
        assertTrue(!listed(rule), "left behind: " + rule);
      }
    }
  }
}
