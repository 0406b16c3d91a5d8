package site.ycsb.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;

import org.junit.jupiter.api.Test;
import site.ycsb.cli.WorkloadHooks;

/** Record and operation counts derived from storage, checked against what YCSB 0.17.0 does for the same input. */
class ConstantOccupancyWorkloadTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static long[] derive(String... kv) throws Exception {
    Properties p = props(kv);
    ConstantOccupancyWorkload.deriveCounts(p);
    return new long[] {Long.parseLong(p.getProperty("recordcount")), Long.parseLong(p.getProperty("operationcount"))};
  }

  @Test
  void should_fill_ninety_percent_of_100MB_with_1000_byte_records_when_defaults() throws Exception {
    long[] c = derive();
    assertEquals(90000, c[0]); // 0.17.0: [INSERT], Operations, 90000
    assertEquals(900000, c[1]);
  }

  @Test
  void should_derive_counts_from_disksize_occupancy_fieldcount_fieldlength_and_storageages() throws Exception {
    assertEquals(5, derive("disksize", "10000", "occupancy", "0.5")[0]);
    assertEquals(450, derive("disksize", "10000", "fieldcount", "2", "fieldlength", "10")[0]);
    long[] c = derive("disksize", "10000", "storageages", "3");
    assertEquals(9, c[0]);
    assertEquals(27, c[1]);
    assertEquals(180, derive("disksize", "20000")[1]);
  }

  @Test
  void should_use_the_mean_field_length_when_lengths_are_uniform() throws Exception {
    // uniform 1..100 has mean 50.5: 9000 / 505 = 17.8 -> 17, as 0.17.0 loads.
    assertEquals(17, derive("disksize", "10000", "fieldlengthdistribution", "uniform", "fieldlength", "100")[0]);
  }

  @Test
  void should_override_explicit_recordcount_and_operationcount_when_sizing_by_storage() throws Exception {
    long[] c = derive("disksize", "10000", "recordcount", "7", "operationcount", "4");
    assertEquals(9, c[0]);
    assertEquals(90, c[1]);
  }

  @Test
  void should_reject_with_one_line_when_the_disk_holds_no_record() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> derive("disksize", "100"));
    assertTrue(e.getMessage().contains("disksize=100"), e.getMessage());
    assertTrue(!e.getMessage().contains("\n"));
  }

  @Test
  void should_reject_bad_values_of_each_sizing_property() {
    for (String[] bad : new String[][] {{"occupancy", "abc"}, {"occupancy", "0"}, {"occupancy", "-1"},
        {"occupancy", "NaN"}, {"occupancy", "Infinity"}, {"disksize", "0"}, {"disksize", "x"}, {"storageages", "0"},
        {"storageages", "1.5"}, {"fieldcount", "0"}}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> derive(bad[0], bad[1]),
          bad[0] + "=" + bad[1]);
      assertTrue(e.getMessage().contains(bad[0]), e.getMessage());
    }
  }

  @Test
  void should_leave_properties_alone_when_another_workload_is_selected() {
    Properties p = props("workload", "site.ycsb.workloads.CoreWorkload", "recordcount", "7");
    WorkloadHooks.of(p.getProperty("workload", "")).sizeRun(p);
    assertEquals("7", p.getProperty("recordcount"));
    Properties q = props("workload", "site.ycsb.workloads.ConstantOccupancyWorkload", "disksize", "10000");
    WorkloadHooks.of(q.getProperty("workload", "")).sizeRun(q);
    assertEquals("9", q.getProperty("recordcount"));
  }
}
