package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultRuleTest {
  private static final ProcessStamp OWNER = new ProcessStamp(4242, 987654);

  @TempDir
  Path dir;

  private ClusterLayout layout() {
    return new ClusterLayout(dir, 3, "127.0.0.1", 19042, 17001, "c");
  }

  private String mark() {
    return "ycsb-fault:" + FaultRule.clusterId(dir) + ":node3:owner4242.987654";
  }

  @Test
  void should_drop_what_the_node_receives_and_sends_on_the_cluster_ports_only_when_partitioned_both_ways() {
    List<FaultRule> rules = FaultRule.forFault(layout(), 3, NodeFaults.Direction.BOTH, 1, OWNER);
    assertEquals(2, rules.size());
    assertEquals(Arrays.asList("-d", "127.0.0.3/32", "-p", "tcp", "-m", "multiport", "--ports", "19042,17001",
        "-m", "comment", "--comment", mark(), "-j", "DROP"), rules.get(0).spec());
    assertEquals(Arrays.asList("-s", "127.0.0.3/32", "-p", "tcp", "-m", "multiport", "--ports", "19042,17001",
        "-m", "comment", "--comment", mark(), "-j", "DROP"), rules.get(1).spec());
  }

  @Test
  void should_make_one_rule_when_one_direction() {
    List<FaultRule> in = FaultRule.forFault(layout(), 2, NodeFaults.Direction.IN, 1, OWNER);
    assertEquals(1, in.size());
    assertEquals(Arrays.asList("-d", "127.0.0.2/32"), in.get(0).spec().subList(0, 2));
    List<FaultRule> out = FaultRule.forFault(layout(), 2, NodeFaults.Direction.OUT, 1, OWNER);
    assertEquals(1, out.size());
    assertEquals(Arrays.asList("-s", "127.0.0.2/32"), out.get(0).spec().subList(0, 2));
  }

  @Test
  void should_add_a_random_statistic_match_when_lossy() {
    List<String> spec = FaultRule.forFault(layout(), 1, NodeFaults.Direction.IN, 0.3, OWNER).get(0).spec();
    assertEquals(Arrays.asList("-m", "statistic", "--mode", "random", "--probability", "0.3"), spec.subList(8, 14));
    List<String> tiny = FaultRule.forFault(layout(), 1, NodeFaults.Direction.IN, 1e-7, OWNER).get(0).spec();
    assertEquals("0.0000001", tiny.get(13), "no exponent: iptables reads plain decimals");
  }

  @Test
  void should_reject_a_fault_when_its_probability_is_outside_0_exclusive_to_1_inclusive() {
    for (double p : new double[] {0, -0.1, 1.0000001, 2, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> FaultRule.forFault(layout(), 1, NodeFaults.Direction.BOTH, p, OWNER), "p=" + p);
      assertTrue(e.getMessage().startsWith("probability must be in (0, 1]"), e.getMessage());
    }
  }

  @Test
  void should_read_back_a_rule_exactly_as_iptables_printed_it_when_marked() {
    String line = "-A INPUT -d 127.0.0.3/32 -p tcp -m multiport --ports 19042,17001 -m statistic --mode random"
        + " --probability 0.29999999981 -m comment --comment \"" + mark() + "\" -j DROP";
    FaultRule rule = FaultRule.parse(line);
    assertEquals(FaultRule.clusterId(dir), rule.clusterId);
    assertEquals(3, rule.node);
    assertEquals("127.0.0.3", rule.host);
    assertEquals("19042,17001", rule.ports);
    assertTrue(rule.inbound);
    assertEquals(0.3, rule.probability, 1e-6);
    assertEquals(OWNER, rule.owner);
    // -D must name the rule as iptables normalised it (0.29999999981, not 0.3), the comment unquoted.
    assertEquals(FaultRule.words(line).subList(2, FaultRule.words(line).size()), rule.spec());
    assertTrue(rule.spec().contains("0.29999999981"));
    assertTrue(rule.spec().contains(mark()));

    FaultRule out = FaultRule.parse("-A INPUT -s 127.0.0.3/32 -p tcp -m multiport --ports 19042,17001"
        + " -m comment --comment \"" + mark() + "\" -j DROP");
    assertTrue(!out.inbound);
    assertEquals(1.0, out.probability);
  }

  @Test
  void should_not_take_a_rule_for_ours_when_its_comment_lacks_our_exact_mark() {
    String rest = " -d 127.0.0.3/32 -p tcp -m multiport --ports 19042,17001 -j DROP";
    for (String line : new String[] {
        "-A INPUT" + rest,
        "-A INPUT -m comment --comment other-tool" + rest,
        "-A INPUT -m comment --comment \"ycsb-faultless:" + FaultRule.clusterId(dir) + ":node3:owner1.2\"" + rest,
        "-A INPUT -m comment --comment \"ycsb-fault:xyz:node3:owner1.2\"" + rest,
        "-A INPUT -m comment --comment \"ycsb-fault:" + FaultRule.clusterId(dir) + ":node3:owner1.2 and more\"" + rest,
        "-A OUTPUT -m comment --comment \"" + mark() + "\"" + rest,
        "-P INPUT ACCEPT",
        "",
    }) {
      assertNull(FaultRule.parse(line), line);
    }
  }

  @Test
  void should_split_words_as_iptables_quotes_them_when_a_word_has_blanks_or_quotes() {
    assertEquals(Arrays.asList("-A", "INPUT", "--comment", "a b \"c\" \\d", "-j", "DROP"),
        FaultRule.words("-A INPUT --comment \"a b \\\"c\\\" \\\\d\" -j DROP"));
    assertEquals(Arrays.asList("x", ""), FaultRule.words("  x   \"\" "));
  }

  @Test
  void should_name_a_cluster_directory_by_its_absolute_path_when_written_in_different_ways() {
    String id = FaultRule.clusterId(dir);
    assertTrue(id.matches("[0-9a-f]{12}"), id);
    assertEquals(id, FaultRule.clusterId(dir.resolve("x").resolve("..")));
    assertNotEquals(id, FaultRule.clusterId(dir.resolve("other")));
  }
}
