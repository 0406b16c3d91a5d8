package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import site.ycsb.Status;
import site.ycsb.support.Backoff;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;
import site.ycsb.support.Sleeper;

/**
 * Retry behaviour against injected failures. The "driver" here is a unit-test double: an {@link Attempt} that
 * throws marker exceptions a test classifier maps to error kinds.
 */
class RetryingExecutorTest {
  /** Test double of a driver timeout. */
  static final class FakeTimeout extends RuntimeException {
    FakeTimeout() {
      super("timed out\nsecond line");
    }
  }

  /** Test double of a driver "not enough replicas". */
  static final class FakeUnavailable extends RuntimeException {
  }

  /** Test double of "more replicas required than the cluster has nodes" (e.g. THREE on one node). */
  static final class FakeUnavailableForGood extends RuntimeException {
    FakeUnavailableForGood() {
      super("Not enough replicas available for query at consistency THREE (3 required but only 1 alive)");
    }
  }

  /** Test double of a non-transient failure (e.g. a syntax error). */
  static final class FakeSyntaxError extends RuntimeException {
  }

  private static final ErrorClassifier CLASSIFIER = failure -> failure instanceof FakeTimeout ? ErrorKind.TIMEOUT
      : failure instanceof FakeUnavailable ? ErrorKind.UNAVAILABLE
      : failure instanceof FakeUnavailableForGood ? ErrorKind.UNAVAILABLE_FOR_GOOD : ErrorKind.OTHER;

  private final List<Long> sleeps = new ArrayList<>();
  private final List<String> logLines = new ArrayList<>();
  private final RetryCounters stats = OpType.retryCounters();

  private RetryingExecutor executor(int maxRetries, Sleeper sleeper) {
    RateLimitedLog log = new RateLimitedLog(logLines::add, 0, TimeUnit.SECONDS, System::nanoTime);
    return new RetryingExecutor(maxRetries, Backoff.exponential(100, 1000), CLASSIFIER, sleeper, stats, log, () -> 0.5);
  }

  private Sleeper recording() {
    return sleeps::add;
  }

  /** Fails {@code failures} times with the given exception, then returns "ok". */
  private static Attempt<String> failing(int failures, RuntimeException error, AtomicInteger calls) {
    return () -> {
      if (calls.incrementAndGet() <= failures) {
        throw error;
      }
      return "ok";
    };
  }

  @Test
  void should_succeed_and_count_retries_when_timeouts_stop_before_the_limit() {
    AtomicInteger calls = new AtomicInteger();
    Outcome<String> outcome = executor(3, recording()).execute(OpType.READ, true, failing(2, new FakeTimeout(), calls));
    assertTrue(outcome.isSuccess());
    assertEquals("ok", outcome.value());
    assertEquals(2, outcome.retries());
    assertEquals(3, calls.get());
    assertEquals(2, stats.retries(OpType.READ.name()));
    assertEquals(0, stats.retries(OpType.UPDATE.name()));
    assertEquals(java.util.Arrays.asList(75L, 150L), sleeps);
  }

  @Test
  void should_return_the_timeout_status_when_the_limit_is_reached() {
    AtomicInteger calls = new AtomicInteger();
    Outcome<String> outcome = executor(2, recording()).execute(OpType.INSERT, true,
        failing(100, new FakeTimeout(), calls));
    assertFalse(outcome.isSuccess());
    assertEquals(CqlStatus.TIMEOUT, outcome.failureStatus());
    assertEquals(3, calls.get());
    assertEquals(2, stats.retries(OpType.INSERT.name()));
    assertEquals(1, stats.gaveUp(OpType.INSERT.name()));
  }

  @Test
  void should_not_retry_when_the_failure_is_not_transient() {
    AtomicInteger calls = new AtomicInteger();
    Outcome<String> outcome = executor(5, recording()).execute(OpType.UPDATE, true,
        failing(1, new FakeSyntaxError(), calls));
    assertEquals(Status.ERROR, outcome.failureStatus());
    assertEquals(1, calls.get());
    assertTrue(sleeps.isEmpty());
    assertEquals(0, stats.totalRetries());
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "idempotent {0}")
  @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
  void should_return_unavailable_at_once_and_say_why_when_the_cluster_has_fewer_nodes_than_required(
      boolean idempotent) {
    AtomicInteger calls = new AtomicInteger();
    Outcome<String> outcome = executor(5, recording()).execute(OpType.READ, idempotent,
        failing(100, new FakeUnavailableForGood(), calls));
    assertEquals(CqlStatus.UNAVAILABLE, outcome.failureStatus(), "the database's answer, as its status");
    assertEquals(1, calls.get(), "no retry can change it");
    assertTrue(sleeps.isEmpty());
    assertEquals(0, stats.totalRetries());
    assertEquals(0, stats.gaveUp(OpType.READ.name()), "nothing was given up: nothing was tried again");
    assertTrue(logLines.get(0).contains("not retried: more replicas required than the cluster has nodes"),
        logLines.toString());
  }

  @Test
  void should_not_retry_a_timed_out_conditional_write_when_it_may_have_been_applied() {
    AtomicInteger calls = new AtomicInteger();
    Outcome<String> outcome = executor(5, recording()).execute(OpType.INSERT, false,
        failing(1, new FakeTimeout(), calls));
    assertEquals(CqlStatus.TIMEOUT, outcome.failureStatus());
    assertEquals(1, calls.get());
    assertTrue(logLines.get(0).contains("not retried"), logLines.toString());
  }

  @Test
  void should_retry_an_unavailable_conditional_write_when_it_certainly_did_not_execute() {
    AtomicInteger calls = new AtomicInteger();
    Outcome<String> outcome = executor(5, recording()).execute(OpType.INSERT, false,
        failing(1, new FakeUnavailable(), calls));
    assertTrue(outcome.isSuccess());
    assertEquals(1, stats.retries(OpType.INSERT.name()));
  }

  @Test
  void should_log_one_line_without_stack_trace_when_an_attempt_fails() {
    AtomicInteger calls = new AtomicInteger();
    executor(0, recording()).execute(OpType.READ, true, failing(1, new FakeTimeout(), calls));
    assertEquals(1, logLines.size());
    assertFalse(logLines.get(0).contains("\n"), logLines.get(0));
    assertTrue(logLines.get(0).startsWith("READ failed with TIMEOUT"), logLines.get(0));
  }

  @Test
  void should_report_a_latency_of_at_least_the_back_off_when_an_operation_is_retried_twice() {
    // Real sleeping: the call's own duration (what YCSB's DBWrapper measures around the DB call) must cover
    // both back-off pauses, 75 ms + 150 ms here.
    AtomicInteger calls = new AtomicInteger();
    Sleeper sleepAndRecord = millis -> {
      sleeps.add(millis);
      Thread.sleep(millis);
    };
    long start = System.nanoTime();
    Outcome<String> outcome = executor(3, sleepAndRecord).execute(OpType.READ, true,
        failing(2, new FakeTimeout(), calls));
    long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(outcome.isSuccess());
    assertEquals(2, outcome.retries());
    long backoff = sleeps.stream().mapToLong(Long::longValue).sum();
    assertEquals(225, backoff);
    assertTrue(elapsedMillis >= backoff, "latency " + elapsedMillis + " ms < back-off " + backoff + " ms");
  }

  @Test
  void should_stop_retrying_and_keep_the_interrupt_when_interrupted_during_back_off() {
    AtomicInteger calls = new AtomicInteger();
    Sleeper interrupted = millis -> {
      throw new InterruptedException();
    };
    Outcome<String> outcome = executor(5, interrupted).execute(OpType.SCAN, true,
        failing(10, new FakeTimeout(), calls));
    assertEquals(CqlStatus.TIMEOUT, outcome.failureStatus());
    assertEquals(1, calls.get());
    assertTrue(Thread.interrupted());
  }
}
