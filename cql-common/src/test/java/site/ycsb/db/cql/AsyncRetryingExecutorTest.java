package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import site.ycsb.db.cql.RetryingExecutorTest.FakeSyntaxError;
import site.ycsb.db.cql.RetryingExecutorTest.FakeTimeout;
import site.ycsb.db.cql.RetryingExecutorTest.FakeUnavailable;
import site.ycsb.support.Backoff;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;

/**
 * The non-blocking executor against injected failures: attempts are futures the test completes, the back-off
 * timer is a queue the test drains, so every step is observed without sleeping.
 */
class AsyncRetryingExecutorTest {
  private static final ErrorClassifier CLASSIFIER = failure -> failure instanceof FakeTimeout ? ErrorKind.TIMEOUT
      : failure instanceof FakeUnavailable ? ErrorKind.UNAVAILABLE : ErrorKind.OTHER;

  /** A back-off timer that only queues: the test decides when the pause is over. */
  private static final class QueuedTimer implements AsyncRetryingExecutor.Delayer {
    final List<Long> delays = new ArrayList<>();
    final Deque<Runnable> due = new ArrayDeque<>();
    boolean shutDown;

    @Override
    public void schedule(long delayMillis, Runnable task) {
      if (shutDown) {
        throw new java.util.concurrent.RejectedExecutionException("timer shut down");
      }
      delays.add(delayMillis);
      due.add(task);
    }

    void fireAll() {
      while (!due.isEmpty()) {
        due.poll().run();
      }
    }
  }

  private final RetryCounters stats = OpType.retryCounters();
  private final List<String> logLines = new ArrayList<>();
  private final QueuedTimer timer = new QueuedTimer();

  private RetryRules rules(int maxRetries) {
    RateLimitedLog log = new RateLimitedLog(logLines::add, 0, TimeUnit.SECONDS, System::nanoTime);
    return new RetryRules(maxRetries, Backoff.exponential(100, 1000), CLASSIFIER, stats, log, () -> 0.5);
  }

  /** Attempts that fail with {@code failures[i]} (completed exceptionally, not thrown), then succeed. */
  private static AsyncRetryingExecutor.AsyncAttempt<String> failingAsync(List<RuntimeException> failures,
                                                                       AtomicInteger calls) {
    return () -> {
      int call = calls.getAndIncrement();
      CompletableFuture<String> f = new CompletableFuture<>();
      if (call < failures.size()) {
        f.completeExceptionally(failures.get(call));
      } else {
        f.complete("ok");
      }
      return f;
    };
  }

  @Test
  void should_wait_for_the_back_off_on_the_timer_not_on_the_caller_when_an_attempt_times_out() {
    AtomicInteger calls = new AtomicInteger();
    CompletionStage<Outcome<String>> stage = new AsyncRetryingExecutor(rules(3), timer).execute(OpType.READ, true,
        failingAsync(Arrays.asList(new FakeTimeout(), new FakeTimeout()), calls));
    CompletableFuture<Outcome<String>> f = stage.toCompletableFuture();
    assertFalse(f.isDone(), "returned before the back-off elapsed");
    assertEquals(1, calls.get());
    assertEquals(Arrays.asList(75L), timer.delays);
    timer.due.poll().run();
    assertFalse(f.isDone());
    assertEquals(Arrays.asList(75L, 150L), timer.delays);
    timer.fireAll();
    Outcome<String> outcome = f.join();
    assertTrue(outcome.isSuccess());
    assertEquals("ok", outcome.value());
    assertEquals(2, outcome.retries());
    assertEquals(2, stats.retries(OpType.READ.name()));
  }

  @Test
  void should_not_retry_a_timed_out_conditional_write_when_it_may_have_been_applied() {
    AtomicInteger calls = new AtomicInteger();
    Outcome<String> outcome = new AsyncRetryingExecutor(rules(5), timer).execute(OpType.INSERT, false,
        failingAsync(Arrays.asList(new FakeTimeout()), calls)).toCompletableFuture().join();
    assertEquals(CqlStatus.TIMEOUT, outcome.failureStatus());
    assertEquals(1, calls.get());
    assertTrue(timer.delays.isEmpty());
    assertEquals(1, stats.gaveUp(OpType.INSERT.name()));
    assertTrue(logLines.get(0).contains("not retried"), logLines.toString());
  }

  @Test
  void should_treat_a_thrown_attempt_and_a_wrapped_failure_like_a_failed_attempt() {
    AtomicInteger calls = new AtomicInteger();
    AsyncRetryingExecutor.AsyncAttempt<String> attempt = () -> {
      int call = calls.getAndIncrement();
      if (call == 0) {
        throw new FakeUnavailable();
      }
      CompletableFuture<String> f = new CompletableFuture<>();
      if (call == 1) {
        f.completeExceptionally(new CompletionException(new FakeTimeout()));
      } else {
        f.complete("ok");
      }
      return f;
    };
    CompletableFuture<Outcome<String>> f = new AsyncRetryingExecutor(rules(5), timer)
        .execute(OpType.SCAN, true, attempt).toCompletableFuture();
    timer.fireAll();
    assertTrue(f.join().isSuccess());
    assertEquals(2, stats.retries(OpType.SCAN.name()));
    assertTrue(logLines.stream().anyMatch(l -> l.contains("failed with TIMEOUT")), logLines.toString());
  }

  @Test
  void should_end_with_the_failure_when_the_timer_is_shut_down() {
    timer.shutDown = true;
    AtomicInteger calls = new AtomicInteger();
    Outcome<String> outcome = new AsyncRetryingExecutor(rules(5), timer).execute(OpType.UPDATE, true,
        failingAsync(Arrays.asList(new FakeTimeout()), calls)).toCompletableFuture().join();
    assertEquals(CqlStatus.TIMEOUT, outcome.failureStatus());
    assertEquals(1, calls.get());
  }

  static List<Object[]> failureSequences() {
    return Arrays.asList(
        new Object[] {true, 3, Arrays.asList()},
        new Object[] {true, 3, Arrays.asList(new FakeTimeout(), new FakeUnavailable())},
        new Object[] {true, 2, Arrays.asList(new FakeTimeout(), new FakeTimeout(), new FakeTimeout())},
        new Object[] {true, 0, Arrays.asList(new FakeTimeout())},
        new Object[] {true, 5, Arrays.asList(new FakeUnavailable(), new FakeSyntaxError())},
        new Object[] {false, 5, Arrays.asList(new FakeUnavailable(), new FakeTimeout())},
        new Object[] {false, 5, Arrays.asList(new FakeUnavailable(), new FakeUnavailable())});
  }

  /** The two executors share their rules: for any failure sequence, same outcome, same counts, same pauses. */
  @ParameterizedTest
  @MethodSource("failureSequences")
  void should_decide_exactly_like_the_blocking_executor_when_given_the_same_failures(
      boolean idempotent, int maxRetries, List<RuntimeException> failures) {
    List<Long> sleeps = new ArrayList<>();
    RetryCounters blockingStats = OpType.retryCounters();
    RateLimitedLog log = new RateLimitedLog(l -> { }, 0, TimeUnit.SECONDS, System::nanoTime);
    RetryingExecutor blocking = new RetryingExecutor(maxRetries, Backoff.exponential(100, 1000), CLASSIFIER, sleeps::add,
        blockingStats, log, () -> 0.5);
    AtomicInteger blockingCalls = new AtomicInteger();
    Outcome<String> expected = blocking.execute(OpType.INSERT, idempotent, () -> {
      int call = blockingCalls.getAndIncrement();
      if (call < failures.size()) {
        throw failures.get(call);
      }
      return "ok";
    });

    AtomicInteger calls = new AtomicInteger();
    CompletableFuture<Outcome<String>> f = new AsyncRetryingExecutor(rules(maxRetries), timer)
        .execute(OpType.INSERT, idempotent, failingAsync(failures, calls)).toCompletableFuture();
    timer.fireAll();
    Outcome<String> actual = f.join();
    assertEquals(expected.isSuccess(), actual.isSuccess());
    assertEquals(expected.failure(), actual.failure());
    assertEquals(expected.retries(), actual.retries());
    assertEquals(blockingCalls.get(), calls.get());
    assertEquals(sleeps, timer.delays);
    assertEquals(blockingStats.retries(OpType.INSERT.name()), stats.retries(OpType.INSERT.name()));
    assertEquals(blockingStats.gaveUp(OpType.INSERT.name()), stats.gaveUp(OpType.INSERT.name()));
  }
}
