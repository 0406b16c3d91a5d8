package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The one duration syntax of the engine's options and the tools'. */
class DurationsTest {
  @ParameterizedTest
  @CsvSource({"0, 0", "250us, 250000", "500ms, 500000000", "1.5ms, 1500000", "30s, 30000000000",
      "' 2 S ', 2000000000", "1.5m, 90000000000", "1e3ms, 1000000000", "0s, 0", "3650m, 219000000000000"})
  void should_read_a_number_and_a_unit_when_written_so(String text, long nanos) {
    assertEquals(nanos, Durations.nanos(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "30", "5", "-1s", "s", "ms", "1.2.3s", "1h", "NaNs", "infinitys", "0x10s",
      "5 seconds", "１s", "99999999999999999m", "5d", "1e400s"})
  void should_refuse_anything_else_when_not_a_number_and_a_unit(String text) {
    assertEquals(-1, Durations.nanos(text), text);
  }
}
