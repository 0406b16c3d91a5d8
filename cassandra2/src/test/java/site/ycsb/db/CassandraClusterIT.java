package site.ycsb.db;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import site.ycsb.db.cql.driver.AbstractClusterIT;
import site.ycsb.db.cql.driver.BindingUnderTest;

/**
 * The cassandra-cql binding on the local 3-node cluster (see {@link AbstractClusterIT}), and the cassandra-stress
 * profile of lightweight transactions on it (what CassandraStressProfileIT runs on the single node).
 */
class CassandraClusterIT extends AbstractClusterIT {
  @Override
  protected BindingUnderTest binding() {
    return CassandraBinding.INSTANCE;
  }

  @Test
  @Order(2)
  void should_apply_each_account_once_when_a_profile_of_lightweight_transactions_runs_at_serial_on_three_replicas()
      throws Exception {
    runLwtProfileOnThreeReplicas();
  }

  @Test
  @Order(3)
  void should_go_on_and_blame_the_database_with_the_stall_in_intended_latency_when_a_node_is_paused_at_quorum()
      throws Exception {
    pausedNodeScenario();
  }

  @Test
  @Order(100)
  void should_end_in_bounded_time_keep_what_it_measured_and_say_the_cluster_was_unreachable_when_all_nodes_stop()
      throws Exception {
    allNodesStopScenario();
  }
}
