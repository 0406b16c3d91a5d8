package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

class LiveRetriesTest {
  private static long of(Map<String, Long> totals, String op) {
    Long v = totals.get(op);
    return v == null ? 0 : v;
  }

  @Test
  void should_sum_every_live_counter_set_per_operation_when_several_bindings_count() {
    Map<String, Long> before = LiveRetries.totals();
    RetryCounters a = new RetryCounters("READ", "UPDATE");
    RetryCounters b = new RetryCounters("READ", "INSERT");
    a.recordRetry("READ");
    a.recordRetry("UPDATE");
    b.recordRetry("READ");
    b.recordRetry("READ");
    b.recordGaveUp("INSERT");
    Map<String, Long> after = LiveRetries.totals();
    assertEquals(3, of(after, "READ") - of(before, "READ"));
    assertEquals(1, of(after, "UPDATE") - of(before, "UPDATE"));
    assertEquals(0, of(after, "INSERT") - of(before, "INSERT"), "a give-up is not a retry");
    // keep both sets reachable until they are read
    assertEquals(4, a.totalRetries() + b.totalRetries());
  }
}
