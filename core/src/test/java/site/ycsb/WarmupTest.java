package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The warmup property: parsing, and which operations are measured. */
class WarmupTest {
  @Test
  void should_parse_durations_and_operation_counts_when_given_a_warmup() throws UsageException {
    assertEquals(30_000_000_000L, Warmup.parse("30s").durationNs());
    assertEquals(120_000_000_000L, Warmup.parse("2m").durationNs());
    assertEquals(500_000_000L, Warmup.parse("500ms").durationNs());
    assertEquals(10_000, Warmup.parse("10000ops").operations());
    assertTrue(Warmup.parse(null).isNone());
    UsageException e = assertThrows(UsageException.class, () -> Warmup.parse("30"));
    assertTrue(e.getMessage().contains("30s, 2m, 500ms"), e.getMessage());
  }

  @Test
  void should_measure_only_after_the_warmup_when_deciding_per_operation() throws UsageException {
    Warmup byOps = Warmup.parse("100ops");
    assertTrue(!byOps.isMeasured(99, 0, 0) && byOps.isMeasured(100, 0, 0));
    Warmup byTime = Warmup.parse("1s");
    assertTrue(!byTime.isMeasured(0, 999_999_999L, 0) && byTime.isMeasured(0, 1_000_000_000L, 0));
  }
}
