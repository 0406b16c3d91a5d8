package site.ycsb.fleet.cluster;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SplitTest {
  @Test
  void should_give_remainders_to_the_first_clients_when_the_count_does_not_divide() {
    assertArrayEquals(new long[] {4, 3, 3}, Split.counts(10, 3));
    assertArrayEquals(new long[] {3, 3, 2, 2}, Split.counts(10, 4));
  }

  @Test
  void should_give_zero_to_the_last_clients_when_there_are_more_clients_than_records() {
    assertArrayEquals(new long[] {1, 1, 0, 0, 0}, Split.counts(2, 5));
  }

  @Test
  void should_give_everything_to_one_client_when_there_is_one() {
    List<Split.Range> r = Split.keyRanges(0, 1000, 1);
    assertEquals(1, r.size());
    assertEquals(0, r.get(0).start);
    assertEquals(1000, r.get(0).count);
  }

  @Test
  void should_cover_the_key_space_contiguously_from_insertstart_when_split() {
    List<Split.Range> r = Split.keyRanges(500, 1001, 3);
    assertEquals(500, r.get(0).start);
    assertEquals(334, r.get(0).count);
    assertEquals(834, r.get(1).start);
    assertEquals(334, r.get(1).count);
    assertEquals(1168, r.get(2).start);
    assertEquals(333, r.get(2).count);
    assertEquals(500 + 1001, r.get(2).start + r.get(2).count);
  }

  @Test
  void should_split_counts_beyond_two_to_the_31_when_large() {
    long total = 3L * Integer.MAX_VALUE + 2;
    long[] parts = Split.counts(total, 3);
    assertEquals(total, parts[0] + parts[1] + parts[2]);
    assertEquals(Integer.MAX_VALUE + 1L, parts[0]);
  }

  @Test
  void should_split_a_whole_rate_into_whole_rates_that_sum_to_the_total_when_it_does_not_divide() {
    double[] r = Split.rates(1000, 3);
    assertArrayEquals(new double[] {334, 333, 333}, r);
  }

  @Test
  void should_give_every_client_a_fraction_not_zero_when_the_rate_is_below_the_client_count() {
    double[] r = Split.rates(2, 4);
    for (double x : r) {
      assertEquals(0.5, x, 0);
    }
  }

  @Test
  void should_keep_every_client_unthrottled_when_the_total_is_zero() {
    assertArrayEquals(new double[] {0, 0}, Split.rates(0, 2));
  }

  @Test
  void should_split_a_fractional_rate_evenly_when_not_whole() {
    double[] r = Split.rates(100.5, 2);
    assertEquals(100.5, r[0] + r[1], 1e-9);
  }

  @Test
  void should_format_whole_rates_without_decimals_when_passed_to_the_engine() {
    assertEquals("334", site.ycsb.cli.EngineCommandLine.formatRate(334));
    assertEquals("0.5", site.ycsb.cli.EngineCommandLine.formatRate(0.5));
  }

  @Test
  void should_refuse_zero_clients_when_asked_to_split() {
    assertThrows(IllegalArgumentException.class, () -> Split.counts(10, 0));
    assertThrows(IllegalArgumentException.class, () -> Split.rates(10, 0));
  }
}
