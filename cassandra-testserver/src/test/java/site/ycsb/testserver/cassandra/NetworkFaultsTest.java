package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class NetworkFaultsTest {
  private static final String A = "0123456789ab";
  private static final String B = "ba9876543210";
  private static final ProcessStamp LIVE = new ProcessStamp(100, 1);
  private static final ProcessStamp DEAD = new ProcessStamp(200, 2);

  private static String line(String cluster, int node, ProcessStamp owner, boolean in, String probability) {
    return "-A INPUT " + (in ? "-d" : "-s") + " 127.0.0." + node + "/32 -p tcp -m multiport --ports 19042,17001"
        + (probability == null ? "" : " -m statistic --mode random --probability " + probability)
        + " -m comment --comment \"ycsb-fault:" + cluster + ":node" + node + ":owner" + owner + "\" -j DROP";
  }

  private static final List<String> LISTING = Arrays.asList(
      "-P INPUT ACCEPT",
      line(A, 3, LIVE, true, null),
      "-A INPUT -d 127.0.0.3/32 -p tcp -m comment --comment other-tool -j DROP",
      line(A, 3, LIVE, false, null),
      line(A, 2, DEAD, true, "0.5"),
      line(B, 3, DEAD, false, null),
      "-A INPUT -s 127.0.0.3/32 -j DROP");

  @Test
  void should_find_only_marked_rules_when_reading_a_listing() {
    List<FaultRule> ours = NetworkFaults.ours(LISTING);
    assertEquals(4, ours.size());
    for (FaultRule rule : ours) {
      assertTrue(rule.comment().startsWith("ycsb-fault:"), rule.toString());
    }
  }

  @Test
  void should_select_one_node_or_a_whole_cluster_when_asked() {
    List<FaultRule> ours = NetworkFaults.ours(LISTING);
    assertEquals(2, NetworkFaults.select(ours, A, 3).size());
    assertEquals(1, NetworkFaults.select(ours, A, 2).size());
    assertEquals(3, NetworkFaults.select(ours, A, 0).size());
    assertEquals(1, NetworkFaults.select(ours, B, 0).size());
    assertEquals(0, NetworkFaults.select(ours, B, 2).size());
  }

  @Test
  void should_sweep_a_rule_when_its_owner_is_gone_and_keep_it_when_alive() {
    List<FaultRule> stale = NetworkFaults.stale(NetworkFaults.ours(LISTING), owner -> owner.equals(LIVE));
    assertEquals(2, stale.size());
    for (FaultRule rule : stale) {
      assertEquals(DEAD, rule.owner);
    }
  }

  @Test
  void should_sweep_a_rule_when_its_owner_pid_now_belongs_to_another_process() {
    ProcessStamp self = ProcessStamp.current();
    ProcessStamp recycled = new ProcessStamp(self.pid, self.startTicks + 1);
    List<FaultRule> rules = NetworkFaults.ours(Arrays.asList(line(A, 1, self, true, null),
        line(A, 1, recycled, false, null)));
    List<FaultRule> stale = NetworkFaults.stale(rules, ProcessStamp::isAlive);
    assertEquals(1, stale.size());
    assertEquals(recycled, stale.get(0).owner);
  }

  @Test
  void should_describe_rules_in_words_when_asked_for_a_node_s_faults() {
    List<FaultRule> ours = NetworkFaults.ours(LISTING);
    assertEquals(Collections.singletonList("partition (in and out)"),
        NetworkFaults.describe(NetworkFaults.select(ours, A, 3)));
    assertEquals(Collections.singletonList("lossy 50% (in)"), NetworkFaults.describe(NetworkFaults.select(ours, A, 2)));
    assertEquals(Collections.singletonList("partition (out)"), NetworkFaults.describe(NetworkFaults.select(ours, B, 3)));
    assertEquals(Collections.singletonList("lossy 30% (in and out)"), NetworkFaults.describe(NetworkFaults.ours(
        Arrays.asList(line(A, 1, LIVE, true, "0.29999999981"), line(A, 1, LIVE, false, "0.29999999981")))));
    assertEquals(new ArrayList<String>(), NetworkFaults.describe(new ArrayList<>()));
    assertEquals("0.1%", NetworkFaults.percent(0.001));
    assertEquals("100%", NetworkFaults.percent(1));
  }
}
