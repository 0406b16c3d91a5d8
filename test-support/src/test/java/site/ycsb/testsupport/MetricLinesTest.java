package site.ycsb.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class MetricLinesTest {
  private static final String OUTPUT = String.join("\n",
      "YCSB Client 1.0.0 (commit x)",
      "2026-01-01 00:00:10:000 10 sec: 500 operations; [READ: Count=500, Max=9]",
      "[OVERALL], RunTime(ms), 10000",
      "[OVERALL], Throughput(ops/sec), 99.5",
      "[READ], Operations, 395",
      "[READ], Return=OK, 390",
      "[READ], Return=NOT_FOUND, 5",
      "[Intended-READ], Return=OK, 390",
      "[INSERT], Return=BATCHED_OK, 10",
      "[TS-PROBE], inserts=4096, reads=0, scans=0",
      "  [UPDATE], Operations, 7  ");

  @Test
  void should_read_every_result_line_and_pass_over_the_rest_when_given_a_run_output() {
    MetricLines m = MetricLines.of(OUTPUT);
    assertEquals("99.5", m.value("OVERALL", "Throughput(ops/sec)"));
    assertEquals(99, m.longValue("OVERALL", "Throughput(ops/sec)"));
    assertEquals(395, m.longValue("READ", "Operations"));
    assertEquals(7, m.longValue("UPDATE", "Operations"));
    assertEquals("reads=0, scans=0", m.value("TS-PROBE", "inserts=4096"));
    assertNull(m.value("DELETE", "Operations"));
    assertEquals(0, m.longValue("DELETE", "Operations", 0));
    assertThrows(AssertionError.class, () -> m.longValue("DELETE", "Operations"));
    assertEquals(9, MetricLines.lines(OUTPUT).size());
  }

  @Test
  void should_count_the_operations_statuses_without_the_intended_time_repeats_when_asked_for_returns() {
    assertEquals("{INSERT BATCHED_OK=10, READ NOT_FOUND=5, READ OK=390}", MetricLines.of(OUTPUT).returns().toString());
  }

  @Test
  void should_keep_order_and_repeats_when_listing_lines() {
    assertEquals(Arrays.asList("a", "a"), Arrays.asList(MetricLines.lines("[X], a, 1\n[X], a, 2").get(0).name,
        MetricLines.lines("[X], a, 1\n[X], a, 2").get(1).name));
    assertEquals("2", MetricLines.of("[X], a, 1\n[X], a, 2").value("X", "a"));
  }
}
