package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** ConstantOccupancyWorkload through the real engine: the derived counts decide how much is loaded and run. */
class ConstantOccupancyRunTest {
  private static final String WORKLOAD = "workload=site.ycsb.workloads.ConstantOccupancyWorkload";

  @Test
  void should_load_the_derived_record_count_when_recordcount_is_also_given() {
    ClientRunner r = ClientRunner.run("-load", "-db", "site.ycsb.BasicDB", "-p", "basicdb.verbose=false",
        "-p", WORKLOAD, "-p", "disksize=10000", "-p", "occupancy=0.5", "-p", "recordcount=7");
    assertEquals(0, r.exitCode, r.err);
    assertEquals(5, r.longValue("INSERT", "Operations"));
  }

  @Test
  void should_run_storageages_operations_per_record() {
    ClientRunner r = ClientRunner.run("-t", "-db", "site.ycsb.BasicDB", "-p", "basicdb.verbose=false",
        "-p", WORKLOAD, "-p", "disksize=10000", "-p", "storageages=3");
    assertEquals(0, r.exitCode, r.err);
    assertEquals(27, r.longValueOrZero("READ", "Operations") + r.longValueOrZero("UPDATE", "Operations"));
  }

  @Test
  void should_exit_2_with_one_line_when_disksize_is_too_small() {
    ClientRunner r = ClientRunner.run("-load", "-db", "site.ycsb.BasicDB", "-p", WORKLOAD, "-p", "disksize=100");
    assertEquals(2, r.exitCode);
    assertTrue(r.err.contains("disksize=100"), r.err);
    assertTrue(!r.err.contains("at site.ycsb"), r.err);
  }
}
