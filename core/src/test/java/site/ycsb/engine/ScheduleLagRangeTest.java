package site.ycsb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The class "a measure that stops silently at its range": a schedule lag beyond the recorders' hour is recorded as one
 * hour and counted, as latencies above an hour are, whatever its size; lags inside the range are not counted.
 */
class ScheduleLagRangeTest {
  @ParameterizedTest(name = "{0} us late, {1} times")
  @CsvSource({"0,3,0", "1,1,0", "3599999999,2,0", "3600000000,2,0", "3600000001,2,2", "3600001000,1,1",
      "7200000000,5,5", "86400000000,1,1", "9223372036854,3,3"})
  void should_count_every_lag_beyond_an_hour_and_record_it_as_an_hour(long lagUs, int times, long counted) {
    RunState state = new RunState(1);
    long start = 1_000_000_000L;
    for (int i = 0; i < times; i++) {
      state.recordLag(start, start + TimeUnit.MICROSECONDS.toNanos(lagUs), start);
    }
    assertEquals(counted, state.lagsAbove1h.sum());
    org.HdrHistogram.Histogram h = state.scheduleLag();
    assertEquals(times, h.getTotalCount());
    assertEquals(true, h.getMaxValue() <= RunState.MAX_LAG_US * 1.001, "recorded within the range");
    if (counted > 0) {
      assertEquals(true, h.getMaxValue() >= RunState.MAX_LAG_US * 0.999, "recorded as an hour");
    }
  }
}
