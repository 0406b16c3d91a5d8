package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class RetryCountersTest {
  private final RetryCounters counters = new RetryCounters("READ", "UPDATE", "INSERT");

  @Test
  void should_print_every_operation_and_the_total_in_the_results_format_when_retries_were_made() {
    counters.recordRetry("READ");
    counters.recordRetry("READ");
    counters.recordRetry("INSERT");
    assertEquals("[X-RETRIES], READ, 2\n[X-RETRIES], UPDATE, 0\n[X-RETRIES], INSERT, 1\n[X-RETRIES], TOTAL, 3\n",
        printed());
  }

  @Test
  void should_list_gave_up_lines_only_for_operations_that_gave_up() {
    counters.recordGaveUp("UPDATE");
    counters.recordGaveUp("UPDATE");
    assertEquals(2, counters.gaveUp("UPDATE"));
    assertEquals("[X-RETRIES], READ, 0\n[X-RETRIES], UPDATE, 0\n[X-RETRIES], INSERT, 0\n[X-RETRIES], TOTAL, 0\n"
        + "[X-RETRIES], UPDATE-GAVE-UP, 2\n", printed());
  }

  @Test
  void should_list_unanswered_lines_after_the_gave_up_lines_only_for_operations_the_library_left_unanswered() {
    counters.recordUnanswered("INSERT");
    counters.recordGaveUp("READ");
    assertEquals(1, counters.unanswered("INSERT"));
    assertEquals(0, counters.unanswered("READ"));
    assertEquals("[X-RETRIES], READ, 0\n[X-RETRIES], UPDATE, 0\n[X-RETRIES], INSERT, 0\n[X-RETRIES], TOTAL, 0\n"
        + "[X-RETRIES], READ-GAVE-UP, 1\n[X-RETRIES], INSERT-UNANSWERED, 1\n", printed());
  }

  @Test
  void should_count_every_retry_when_threads_record_at_once() throws Exception {
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      Thread thread = new Thread(() -> {
        for (int i = 0; i < 25_000; i++) {
          counters.recordRetry("UPDATE");
        }
      });
      thread.start();
      threads.add(thread);
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(100_000, counters.retries("UPDATE"));
    assertEquals(100_000, counters.totalRetries());
  }

  @Test
  void should_reject_an_unknown_operation_when_recording() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> counters.recordRetry("SCAN"));
    assertEquals("no retry counter for operation SCAN; known: [READ, UPDATE, INSERT]", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new RetryCounters("READ", "READ"));
    assertThrows(IllegalArgumentException.class, RetryCounters::new);
  }

  private String printed() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    counters.print(new PrintStream(bytes, true), "X-RETRIES");
    return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
  }
}
