package site.ycsb.fleet.cluster;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FleetPlanTest {
  @Test
  void should_give_each_load_client_its_range_and_rate_share_when_loading() {
    FleetPlan p = FleetPlan.plan(3, true, 100, 1000, 5000, 1000);
    assertEquals(3, p.shares.size());
    assertEquals(100, p.shares.get(0).insertStart);
    assertEquals(334, p.shares.get(0).insertCount);
    assertEquals(434, p.shares.get(1).insertStart);
    assertEquals(767, p.shares.get(2).insertStart);
    assertEquals(333, p.shares.get(2).insertCount);
    assertEquals(-1, p.shares.get(0).operationCount);
    assertEquals(1000, p.shares.stream().mapToDouble(s -> s.target).sum(), 0);
  }

  @Test
  void should_leave_out_clients_without_records_and_split_the_rate_among_the_rest_when_records_are_few() {
    FleetPlan p = FleetPlan.plan(5, true, 0, 2, -1, 100);
    assertEquals(Arrays.asList(2, 3, 4), p.leftOut);
    assertEquals(2, p.shares.size());
    assertEquals(0, p.shares.get(0).insertStart);
    assertEquals(1, p.shares.get(1).insertStart);
    assertEquals(50, p.shares.get(0).target, 0);
    assertEquals(50, p.shares.get(1).target, 0);
  }

  @Test
  void should_split_operations_and_not_keys_when_running() {
    FleetPlan p = FleetPlan.plan(3, false, 0, 1000, 10, 0);
    assertEquals(Arrays.asList(4L, 3L, 3L), Arrays.asList(p.shares.get(0).operationCount,
        p.shares.get(1).operationCount, p.shares.get(2).operationCount));
    assertEquals(-1, p.shares.get(0).insertCount);
    assertEquals(0, p.shares.get(0).target, 0);
  }

  @Test
  void should_run_every_client_when_the_operation_count_is_unknown() {
    FleetPlan p = FleetPlan.plan(2, false, 0, 1000, -1, 10);
    assertEquals(2, p.shares.size());
    assertEquals(-1, p.shares.get(1).operationCount);
    assertEquals(5, p.shares.get(1).target, 0);
  }
}
