package site.ycsb.db.griddb;

import com.toshiba.mwcloud.gs.GSException;
import com.toshiba.mwcloud.gs.GSRecoverableException;
import com.toshiba.mwcloud.gs.GSTimeoutException;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import site.ycsb.Status;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests of retries, error conversion, status mapping and rate-limited logging. */
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
  void should_back_off_exponentially_when_retrying() throws Exception {
    List<Long> sleeps = new ArrayList<>();
    Retrier r = new Retrier(3, 100, sleeps::add);
    AtomicInteger calls = new AtomicInteger();
    StoreException e = assertThrows(StoreException.class, () -> r.call(() -> {
      calls.incrementAndGet();
      throw new StoreException(1, "again", true, false);
    }));
    assertEquals("again", e.getMessage());
    assertEquals(4, calls.get());
    assertEquals(java.util.Arrays.asList(100L, 200L, 400L), sleeps);
  }

  @Test
  void should_cap_the_back_off_when_many_retries_are_allowed() throws Exception {
    List<Long> sleeps = new ArrayList<>();
    Retrier r = new Retrier(10, 1000, sleeps::add);
    assertThrows(StoreException.class, () -> r.call(() -> {
      throw new StoreException(1, "again", true, false);
    }));
    assertEquals(5000L, (long) sleeps.get(9));
  }

  @Test
  void should_not_retry_when_the_error_is_not_recoverable_or_a_timeout() {
    List<Long> sleeps = new ArrayList<>();
    Retrier r = new Retrier(5, 1, sleeps::add);
    assertThrows(StoreException.class, () -> r.call(() -> {
      throw new StoreException(1, "no", false, false);
    }));
    assertThrows(StoreException.class, () -> r.call(() -> {
      throw new StoreException(1, "late", true, true);
    }));
    assertTrue(sleeps.isEmpty());
  }

  private static Logger capturing(List<String> lines) {
    return (Logger) Proxy.newProxyInstance(Logger.class.getClassLoader(), new Class<?>[] {Logger.class},
        (proxy, method, args) -> {
          if (method.getName().equals("warn") && args.length == 1) {
            lines.add((String) args[0]);
          }
          return method.getReturnType() == boolean.class ? Boolean.TRUE : null;
        });
  }

  @Test
  void should_log_one_line_per_kind_and_count_the_suppressed_ones_when_errors_repeat() throws Exception {
    List<String> lines = new ArrayList<>();
    RateLimitedLog log = new RateLimitedLog(capturing(lines), 200, TimeUnit.MILLISECONDS);
    for (int i = 0; i < 100; i++) {
      log.warn("read:1", "read failed");
    }
    log.warn("insert:2", "insert failed");
    assertEquals(java.util.Arrays.asList("read failed", "insert failed"), lines);
    Thread.sleep(250);
    log.warn("read:1", "read failed");
    assertEquals("read failed (99 more like this since the last report)", lines.get(2));
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
