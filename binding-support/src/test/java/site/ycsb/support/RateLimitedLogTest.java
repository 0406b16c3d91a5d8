package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class RateLimitedLogTest {
  private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
  private final AtomicLong clock = new AtomicLong(1_000);
  private final RateLimitedLog log = new RateLimitedLog(lines::add, 10, TimeUnit.SECONDS, clock::get);

  @Test
  void should_emit_one_line_per_key_per_interval_when_errors_repeat() {
    for (int i = 0; i < 1000; i++) {
      log.log("TIMEOUT", "read timed out " + i);
    }
    log.log("UNAVAILABLE", "no replicas");
    assertEquals(Arrays.asList("read timed out 0", "no replicas"), lines);
  }

  @Test
  void should_report_the_suppressed_count_when_the_interval_has_passed() {
    assertTrue(log.log("TIMEOUT", "first"));
    assertFalse(log.log("TIMEOUT", "second"));
    assertFalse(log.log("TIMEOUT", "third"));
    clock.addAndGet(TimeUnit.SECONDS.toNanos(10) - 1);
    assertFalse(log.log("TIMEOUT", "still too early"));
    clock.incrementAndGet();
    assertTrue(log.log("TIMEOUT", "fourth"));
    assertEquals(Arrays.asList("first", "fourth (3 similar message(s) suppressed)"), lines);
    clock.addAndGet(TimeUnit.SECONDS.toNanos(10));
    log.log("TIMEOUT", "fifth");
    assertEquals("fifth", lines.get(2), "the count starts again after each line");
  }

  @Test
  void should_write_the_free_lines_one_by_one_when_a_key_starts() {
    RateLimitedLog burst = new RateLimitedLog(lines::add, 10, TimeUnit.SECONDS, clock::get, 3);
    for (int i = 1; i <= 6; i++) {
      burst.log("insert", "line " + i);
    }
    assertEquals(Arrays.asList("line 1", "line 2", "line 3"), lines);
    clock.addAndGet(TimeUnit.SECONDS.toNanos(10));
    burst.log("insert", "line 7");
    assertEquals("line 7 (3 similar message(s) suppressed)", lines.get(3));
  }

  @Test
  void should_lose_no_count_when_many_threads_log_the_same_key() throws Exception {
    int threads = 8;
    int perThread = 10_000;
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread w = new Thread(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < perThread; i++) {
          log.log("k", "x");
        }
      });
      w.start();
      workers.add(w);
    }
    start.countDown();
    for (Thread w : workers) {
      w.join();
    }
    clock.addAndGet(TimeUnit.SECONDS.toNanos(10));
    log.log("k", "x");
    assertEquals(Arrays.asList("x", "x (" + (threads * perThread - 1) + " similar message(s) suppressed)"), lines);
  }

  @Test
  void should_describe_a_failure_on_one_short_line_when_its_message_is_long() {
    String described = RateLimitedLog.describe(new IllegalStateException("line one\nline two\n" + repeat("x", 500)));
    assertEquals("IllegalStateException: line one", described);
    String longOne = RateLimitedLog.describe(new IllegalStateException(repeat("y", 500)));
    assertTrue(longOne.length() < 260 && longOne.endsWith("..."), longOne);
    assertEquals("IllegalStateException", RateLimitedLog.describe(new IllegalStateException()));
  }

  @Test
  void should_reject_no_free_lines_when_constructed() {
    assertThrows(IllegalArgumentException.class,
        () -> new RateLimitedLog(lines::add, 1, TimeUnit.SECONDS, clock::get, 0));
  }

  private static String repeat(String s, int times) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < times; i++) {
      out.append(s);
    }
    return out.toString();
  }
}
