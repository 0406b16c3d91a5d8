package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class RateLimitedLogTest {
  private final List<String> lines = new ArrayList<>();
  private final AtomicLong clock = new AtomicLong(1_000);
  private final RateLimitedLog log = new RateLimitedLog(lines::add, 10, TimeUnit.SECONDS, clock::get);

  @Test
  void should_emit_one_line_per_kind_per_interval_when_errors_repeat() {
    for (int i = 0; i < 1000; i++) {
      log.log("TIMEOUT", "read timed out " + i);
    }
    log.log("UNAVAILABLE", "no replicas");
    assertEquals(java.util.Arrays.asList("read timed out 0", "no replicas"), lines);
  }

  @Test
  void should_report_the_suppressed_count_when_the_interval_has_passed() {
    log.log("TIMEOUT", "first");
    log.log("TIMEOUT", "second");
    log.log("TIMEOUT", "third");
    clock.addAndGet(TimeUnit.SECONDS.toNanos(10));
    log.log("TIMEOUT", "fourth");
    assertEquals(2, lines.size());
    assertEquals("fourth (2 similar message(s) suppressed)", lines.get(1));
  }

  @Test
  void should_describe_a_failure_on_one_short_line_when_its_message_is_long() {
    String described = RateLimitedLog.describe(new IllegalStateException("line one\nline two\n" + repeat("x", 500)));
    assertEquals("IllegalStateException: line one", described);
    String longOne = RateLimitedLog.describe(new IllegalStateException(repeat("y", 500)));
    assertTrue(longOne.length() < 260 && longOne.endsWith("..."), longOne);
  }

  private static String repeat(String s, int times) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < times; i++) {
      out.append(s);
    }
    return out.toString();
  }
}
