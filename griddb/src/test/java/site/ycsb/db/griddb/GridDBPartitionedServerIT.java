package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;
import site.ycsb.testserver.cassandra.LoopbackPartition;
import site.ycsb.testserver.cassandra.NodeFaults;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The node partitioned from its client in the middle of a run: every packet on its transaction and SQL ports dropped
 * both ways (iptables rules of cassandra-testserver's {@link LoopbackPartition}, marked, swept if left behind), so its
 * connections stay open and nothing answers on them, nor on a new one. Root and iptables only; elsewhere skipped with
 * one line. Operations in flight fail within the bound, the binding holds the node silent, and once the partition
 * heals operations succeed again; the run's record names the node ({@link SilentNodeRun}).
 */
class GridDBPartitionedServerIT {

  @Test
  void should_fail_within_the_bound_and_name_the_node_when_it_is_partitioned_mid_run() throws Exception {
    String reason = NodeFaults.networkUnavailableReason();
    assumeTrue(reason == null, "GridDB partition test skipped: " + reason);
    try (OwnGridDBNode node = OwnGridDBNode.startOrSkip("partitioned-server")) {
      LoopbackPartition partition = node.partition();
      try {
        SilentNodeRun run = SilentNodeRun.of(node, "partitioned", new SilentNodeRun.Fault() {
          @Override
          public void begin() {
            partition.partition();
          }

          @Override
          public void end() {
            partition.heal();
          }
        });
        run.assertBoundedAndNamed(node.member());
      } finally {
        partition.close();
      }
      assertFalse(partition.isActive(), "no rule left behind");
    }
  }
}
