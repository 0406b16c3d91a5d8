package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GSRecoverableException;
import com.toshiba.mwcloud.gs.GSTimeoutException;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;
import site.ycsb.support.RetryCounters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests of retries, error conversion and status mapping (the rate-limited log is binding-support's). */
class ErrorHandlingTest {

  @Test
  void should_keep_code_and_recoverable_flags_when_converting_gridDB_exceptions() {
    StoreException rec = GridStoreSession.convert(new GSRecoverableException(1234, "try again"));
    assertEquals(1234, rec.getCode());
    assertTrue(rec.isRetryable());
    assertFalse(rec.isTimeout());
    StoreException to = GridStoreSession.convert(new GSTimeoutException(145028, "timed out"));
    assertTrue(to.isTimeout());
    StoreException plain = GridStoreSession.convert(new GSException(150018, "Binary operation is not defined"));
    assertFalse(plain.isRetryable() || plain.isTimeout());
    assertTrue(plain.oneLine().contains("150018"), plain.oneLine());
  }

  @Test
  void should_keep_only_the_first_line_when_formatting_an_error() {
    StoreException e = new StoreException(7, "first\n\tat some.Frame", false, false);
    assertEquals("[7] first", e.oneLine());
  }

  @Test
  void should_map_statuses_by_kind_of_failure() {
    assertSame(Status.SERVICE_UNAVAILABLE, ErrorMapper.toStatus(new StoreException(1, "t", false, true)));
    assertSame(Status.SERVICE_UNAVAILABLE, ErrorMapper.toStatus(new StoreException(1, "r", true, false)));
    assertSame(Status.FORBIDDEN, ErrorMapper.toStatus(new StoreException(10005, "auth", false, false)));
    assertSame(Status.ERROR, ErrorMapper.toStatus(new StoreException(150018, "x", false, false)));
  }

  @Test
  void should_keep_kind_code_and_flags_when_a_failure_is_reworded() {
    // A recoverable failure of a request that may have been applied: not retryable, yet SERVICE_UNAVAILABLE.
    StoreException commit = GridStoreSession.convert(new GSRecoverableException(1234, "try again"), false);
    StoreException reworded = commit.withMessage("batch of 2 inserts not written: " + commit.oneLine());
    assertSame(ErrorKind.RECOVERABLE, reworded.kind());
    assertSame(Status.SERVICE_UNAVAILABLE, ErrorMapper.toStatus(reworded));
    assertEquals(1234, reworded.getCode());
    assertFalse(reworded.isRetryable() || reworded.isTimeout());
    assertSame(commit, reworded.getCause());
    assertTrue(reworded.oneLine().startsWith("batch of 2 inserts not written: ")
        && reworded.oneLine().endsWith("1234] try again"), reworded.oneLine());
    StoreException down = GridStoreSession.convert(new GSTimeoutException(145028, "timed out"));
    assertTrue(down.withMessage("lost").isTimeout());
    assertTrue(ClusterHealth.isUnreachable(down.withMessage("lost")));
  }

  private final RetryCounters counters = Retrier.newCounters();

  @Test
  void should_back_off_exponentially_with_jitter_and_count_the_retries_when_retrying() throws Exception {
    List<Long> sleeps = new ArrayList<>();
    Retrier r = new Retrier(3, 100, sleeps::add, counters, () -> 0.0);
    AtomicInteger calls = new AtomicInteger();
    StoreException e = assertThrows(StoreException.class, () -> r.call("UPDATE", () -> {
      calls.incrementAndGet();
      throw new StoreException(1, "again", true, false);
    }));
    assertEquals("again", e.getMessage());
    assertEquals(4, calls.get());
    // the shortest pauses the jitter allows: half of 100, 200, 400 ms
    assertEquals(java.util.Arrays.asList(50L, 100L, 200L), sleeps);
    assertEquals(3, counters.retries("UPDATE"));
    assertEquals(1, counters.gaveUp("UPDATE"));
    assertEquals(0, counters.retries("READ"));
  }

  @Test
  void should_wait_at_most_the_ceiling_when_the_jitter_is_at_its_top() throws Exception {
    List<Long> sleeps = new ArrayList<>();
    Retrier r = new Retrier(3, 100, sleeps::add, counters, () -> 0.99999);
    assertThrows(StoreException.class, () -> r.call("READ", () -> {
      throw new StoreException(1, "again", true, false);
    }));
    assertEquals(java.util.Arrays.asList(99L, 199L, 399L), sleeps);
  }

  @Test
  void should_cap_the_back_off_when_many_retries_are_allowed() throws Exception {
    List<Long> sleeps = new ArrayList<>();
    Retrier r = new Retrier(10, 1000, sleeps::add, counters, () -> 0.99999);
    assertThrows(StoreException.class, () -> r.call("INSERT", () -> {
      throw new StoreException(1, "again", true, false);
    }));
    assertEquals(4999L, (long) sleeps.get(9));
    List<Long> longBase = new ArrayList<>();
    new Retrier(1, 60_000, longBase::add, counters, () -> 0.0).call("INSERT", new Retrier.Call<Object>() {
      private boolean failed;

      @Override
      public Object run() throws StoreException {
        if (!failed) {
          failed = true;
          throw new StoreException(1, "again", true, false);
        }
        return null;
      }
    });
    assertEquals(java.util.Collections.singletonList(2500L), longBase, "a base above the cap is the cap");
  }

  @Test
  void should_cap_the_back_off_at_the_given_cap_when_one_is_given() throws Exception {
    List<Long> sleeps = new ArrayList<>();
    Retrier r = new Retrier(4, 100, 300, sleeps::add, counters, () -> 0.99999);
    assertThrows(StoreException.class, () -> r.call("SCAN", () -> {
      throw new StoreException(1, "again", true, false);
    }));
    assertEquals(java.util.Arrays.asList(99L, 199L, 299L, 299L), sleeps);
  }

  @Test
  void should_return_the_value_and_count_one_retry_when_the_second_attempt_succeeds() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    Retrier r = new Retrier(3, 0, millis -> { }, counters, () -> 0.5);
    String value = r.call("READ", () -> {
      if (calls.incrementAndGet() == 1) {
        throw new StoreException(1, "once", true, false);
      }
      return "row";
    });
    assertEquals("row", value);
    assertEquals(1, counters.retries("READ"));
    assertEquals(0, counters.gaveUp("READ"));
  }

  @Test
  void should_not_retry_when_the_error_is_not_recoverable_or_a_timeout() {
    List<Long> sleeps = new ArrayList<>();
    Retrier r = new Retrier(5, 1, sleeps::add, counters, () -> 0.5);
    assertThrows(StoreException.class, () -> r.call("DELETE", () -> {
      throw new StoreException(1, "no", false, false);
    }));
    assertEquals(0, counters.gaveUp("DELETE"), "a permanent error is not a transient failure given up on");
    assertThrows(StoreException.class, () -> r.call("DELETE", () -> {
      throw new StoreException(1, "late", true, true);
    }));
    assertTrue(sleeps.isEmpty());
    assertEquals(0, counters.totalRetries());
    assertEquals(1, counters.gaveUp("DELETE"), "a timeout ends the operation on a transient failure");
  }

  @Test
  void should_pass_an_unchecked_exception_through_uncounted_and_unretried_when_a_call_throws_one() {
    List<Long> sleeps = new ArrayList<>();
    Retrier r = new Retrier(5, 1, sleeps::add, counters, () -> 0.5);
    IllegalStateException bug = new IllegalStateException("a bug, not a database answer");
    AtomicInteger calls = new AtomicInteger();
    assertSame(bug, assertThrows(IllegalStateException.class, () -> r.call("READ", () -> {
      calls.incrementAndGet();
      throw bug;
    })));
    assertEquals(1, calls.get());
    assertTrue(sleeps.isEmpty());
    assertEquals(0, counters.totalRetries());
    assertEquals(0, counters.gaveUp("READ"));
  }

  /** The message of GridDB 5.6's client for a refused connection after failover (as seen against port 1). */
  private static String failoverMessage(int trials) {
    String reason = "[145028:JC_BAD_CONNECTION] Failed to connect (address=/127.0.0.1:1, reason=Connection refused)";
    StringBuilder sb = new StringBuilder("[145028:JC_BAD_CONNECTION] Failover timed out (trialCount=" + trials
        + ", failureMillis=10169, timeoutMillis=10000, reason=" + reason + ", historySize=" + (trials + 1)
        + ", historyOfTop10(trial, millisFromInitial, millisFromPrev, reason)=[");
    for (int i = 2; i <= trials + 1; i++) {
      sb.append(i == 2 ? "" : ", ").append("(").append(i).append(", ").append(1000 * i).append(", 1001, ")
          .append(reason).append(")");
    }
    return sb.append("])").toString();
  }

  @Test
  void should_keep_the_code_and_first_reason_and_drop_the_retry_list_when_failover_timed_out() {
    for (int trials : new int[] {1, 10, 300}) {
      String line = new StoreException(145028, failoverMessage(trials), false, true).oneLine();
      assertEquals("[145028:JC_BAD_CONNECTION] Failover timed out after " + trials + " trials in 10169 ms: "
          + "[145028:JC_BAD_CONNECTION] Failed to connect (address=/127.0.0.1:1, reason=Connection refused)", line);
    }
  }

  @Test
  void should_cut_an_unknown_long_message_when_formatting_an_error() {
    StringBuilder sb = new StringBuilder("[1:X] ");
    for (int i = 0; i < 500; i++) {
      sb.append("word ");
    }
    String line = new StoreException(1, sb.toString(), false, false).oneLine();
    assertTrue(line.length() <= StoreException.MAX_MESSAGE + 3, line);
    assertTrue(line.startsWith("[1:X] word"), line);
  }
}
