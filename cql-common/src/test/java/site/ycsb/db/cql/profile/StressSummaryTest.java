package site.ycsb.db.cql.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The cassandra-stress summary's figures: rates over the duration, per operation and in total (merged latency). */
class StressSummaryTest {
  private static StressSummary.OpFigures op(long ok, long notFound, long errors, long partitions, long rows,
                                            long... latenciesUs) {
    StressSummary.OpFigures f = new StressSummary.OpFigures();
    f.ok = ok;
    f.notFound = notFound;
    f.errors = errors;
    f.partitions = partitions;
    f.rows = rows;
    f.latencyUs = new Histogram(3);
    for (long l : latenciesUs) {
      f.latencyUs.recordValue(l);
    }
    return f;
  }

  private static String line(List<String> lines, String label) {
    for (String l : lines) {
      if (l.startsWith(label + " ") || l.startsWith(label + ":")) {
        return l;
      }
    }
    throw new AssertionError("no line " + label + " in " + lines);
  }

  @Test
  void should_give_rates_per_operation_and_in_total_over_the_duration() {
    Map<String, StressSummary.OpFigures> ops = new LinkedHashMap<>();
    ops.put("insert", op(100, 0, 2, 1000, 1000, 1000, 2000, 3000));
    ops.put("select1", op(90, 10, 0, 90, 90, 500, 500, 500, 500));
    List<String> lines = StressSummary.format(ops, 10.0, 3, 1500);

    assertEquals("Op rate                   : 20 op/s [insert: 10 op/s, select1: 10 op/s]", line(lines, "Op rate"));
    assertEquals("Partition rate            : 109 pk/s [insert: 100 pk/s, select1: 9 pk/s]",
        line(lines, "Partition rate"));
    assertEquals("Row rate                  : 109 row/s [insert: 100 row/s, select1: 9 row/s]",
        line(lines, "Row rate"));
    assertEquals("Total partitions          : 1,090 [insert: 1,000, select1: 90]", line(lines, "Total partitions"));
    assertEquals("Total errors              : 2 [insert: 2, select1: 0]", line(lines, "Total errors"));
    assertEquals("Total not found           : 10 [insert: 0, select1: 10]", line(lines, "Total not found"));
    assertEquals("Total GC count            : 3", line(lines, "Total GC count"));
    assertEquals("Total GC time             : 1.5 seconds", line(lines, "Total GC time"));
    assertEquals("Total operation time      : 00:00:10", line(lines, "Total operation time"));
  }

  @Test
  void should_count_lightweight_transactions_that_did_not_apply_as_operations_and_apart_from_errors() {
    Map<String, StressSummary.OpFigures> ops = new LinkedHashMap<>();
    StressSummary.OpFigures insert = op(30, 0, 1, 30, 30, 1000);
    insert.notApplied = 10;
    ops.put("insert", insert);
    List<String> lines = StressSummary.format(ops, 10.0, 0, 0);
    assertEquals("Op rate                   : 4 op/s [insert: 4 op/s]", line(lines, "Op rate"));
    assertEquals("Total errors              : 1 [insert: 1]", line(lines, "Total errors"));
    assertEquals("Total not applied         : 10 [insert: 10]", line(lines, "Total not applied"));
  }

  @Test
  void should_merge_the_histograms_for_the_total_latency() {
    Map<String, StressSummary.OpFigures> ops = new LinkedHashMap<>();
    ops.put("insert", op(3, 0, 0, 3, 3, 1000, 2000, 3000));
    ops.put("select1", op(4, 0, 0, 4, 4, 500, 500, 500, 500));
    List<String> lines = StressSummary.format(ops, 1.0, 0, 0);
    // Total mean over the 7 values: (6000 + 2000) / 7 us = 1.14 ms; the median of the merged values is 0.5 ms,
    // which no per-operation figure would give.
    assertEquals("Latency mean              : 1.1 ms [insert: 2.0 ms, select1: 0.5 ms]", line(lines, "Latency mean"));
    assertEquals("Latency median            : 0.5 ms [insert: 2.0 ms, select1: 0.5 ms]",
        line(lines, "Latency median"));
    assertTrue(line(lines, "Latency max").startsWith("Latency max               : 3.0 ms"), lines.toString());
    assertTrue(line(lines, "Latency 99.9th percentile").contains(": 3.0 ms ["), lines.toString());
  }

  @Test
  void should_add_intended_latency_lines_only_when_it_was_measured() {
    Map<String, StressSummary.OpFigures> ops = new LinkedHashMap<>();
    ops.put("insert", op(2, 0, 0, 2, 2, 1000, 1000));
    List<String> without = StressSummary.format(ops, 1.0, 0, 0);
    assertTrue(without.stream().noneMatch(l -> l.startsWith("Intended")), without.toString());
    ops.get("insert").intendedUs = new Histogram(3);
    ops.get("insert").intendedUs.recordValue(4000);
    ops.get("insert").intendedUs.recordValue(6000);
    List<String> with = StressSummary.format(ops, 1.0, 0, 0);
    assertEquals("Intended mean             : 5.0 ms [insert: 5.0 ms]", line(with, "Intended mean"));
    assertEquals("Intended 99th             : 6.0 ms [insert: 6.0 ms]", line(with, "Intended 99th"));
    assertEquals("Latency 99th percentile   : 1.0 ms [insert: 1.0 ms]", line(with, "Latency 99th percentile"));
  }

  @Test
  void should_print_dashes_when_nothing_was_measured() {
    Map<String, StressSummary.OpFigures> ops = new LinkedHashMap<>();
    StressSummary.OpFigures none = new StressSummary.OpFigures();
    ops.put("insert", none);
    List<String> lines = StressSummary.format(ops, 0, 0, 0);
    assertEquals("Op rate                   : - op/s [insert: - op/s]", line(lines, "Op rate"));
    assertEquals("Latency mean              : - ms [insert: - ms]", line(lines, "Latency mean"));
  }
}
