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
import site.ycsb.db.cql.RetryingExecutorTest.FakeUnavailableForGood;
import site.ycsb.support.Backoff;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;

/**
 * The non-blocking executor against injected failures: attempts are futures the test completes, the back-off
 * timer is a queue the test drains, so every step is observed without sleeping.
 */
class AsyncRetryingExecutorTest {
  private static final ErrorClassifier CLASSIFIER = failure -> failure instanceof FakeTimeout ? ErrorKind.TIMEOUT
      : failure instanceof FakeUnavailable ? ErrorKind.UNAVAILABLE
      : failure instanceof FakeUnavailableForGood ? ErrorKind.UNAVAILABLE_FOR_GOOD : ErrorKind.OTHER;

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
        new Object[] {true, 5, Arrays.asList(new FakeUnavailableForGood(), new FakeUnavailableForGood())},
        new Object[] {false, 5, Arrays.asList(new FakeUnavailable(), new FakeUnavailableForGood())},
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

  // ---- attempts the driver never answers, and attempts that throw (issue 35: no caller waits for ever)

  private final site.ycsb.support.DeadlineWatch watch = site.ycsb.support.DeadlineWatch.manual();

  /** Attempts whose futures are returned to the test, which completes them (or not). */
  private static AsyncRetryingExecutor.AsyncAttempt<String> handedOut(List<CompletableFuture<String>> futures) {
    return () -> {
      CompletableFuture<String> f = new CompletableFuture<>();
      futures.add(f);
      return f;
    };
  }

  private void pastTheDeadline() {
    watch.expireDue(System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
  }

  @Test
  void should_retry_an_attempt_the_driver_never_answers_and_ignore_its_late_answer_when_the_deadline_passes() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    CompletableFuture<Outcome<String>> f = new AsyncRetryingExecutor(rules(3), timer, watch, 1000)
        .execute(OpType.READ, true, handedOut(futures)).toCompletableFuture();
    assertEquals(1, watch.size(), "the attempt is watched from its start");
    watch.expireDue(System.nanoTime());
    assertFalse(f.isDone(), "not before the deadline");
    pastTheDeadline();
    assertEquals(1, stats.unanswered(OpType.READ.name()));
    assertEquals(1, stats.retries(OpType.READ.name()), "an unanswered attempt is a timeout: retried when safe");
    timer.fireAll();
    assertEquals(2, futures.size());
    futures.get(0).complete("late"); // the lost attempt answers after all: must not decide the request
    assertFalse(f.isDone(), "a late answer of the expired attempt was taken for the retry's");
    futures.get(1).complete("ok");
    Outcome<String> outcome = f.join();
    assertEquals("ok", outcome.value());
    assertEquals(1, outcome.retries());
    assertEquals(0, watch.size());
    assertTrue(logLines.stream().anyMatch(l -> l.contains("no answer from the driver within 1000 ms")), logLines.toString());
  }

  @Test
  void should_end_with_timeout_after_every_retry_when_the_driver_answers_no_attempt() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    CompletableFuture<Outcome<String>> f = new AsyncRetryingExecutor(rules(2), timer, watch, 1000)
        .execute(OpType.UPDATE, true, handedOut(futures)).toCompletableFuture();
    for (int i = 0; i < 3; i++) {
      pastTheDeadline();
      timer.fireAll();
    }
    Outcome<String> outcome = f.join();
    assertEquals(CqlStatus.TIMEOUT, outcome.failureStatus());
    assertEquals(2, outcome.retries());
    assertEquals(3, futures.size());
    assertEquals(3, stats.unanswered(OpType.UPDATE.name()));
    assertEquals(1, stats.gaveUp(OpType.UPDATE.name()));
  }

  @Test
  void should_not_retry_an_unanswered_conditional_write_when_it_may_have_been_applied() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    CompletableFuture<Outcome<String>> f = new AsyncRetryingExecutor(rules(5), timer, watch, 1000)
        .execute(OpType.INSERT, false, handedOut(futures)).toCompletableFuture();
    pastTheDeadline();
    assertEquals(CqlStatus.TIMEOUT, f.join().failureStatus());
    assertEquals(1, futures.size());
    assertTrue(timer.delays.isEmpty());
  }

  static List<Object[]> thrownAtStart() {
    return Arrays.asList(new Object[] {new IllegalStateException("session closed")},
        new Object[] {new FakeUnavailable()}, new Object[] {new NoClassDefFoundError("driver class")},
        new Object[] {new StackOverflowError()}, new Object[] {null});
  }

  /** executeAsync may throw instead of returning a future (a closed session, a driver bug), or return nothing. */
  @ParameterizedTest
  @MethodSource("thrownAtStart")
  void should_complete_and_leave_nothing_watched_when_starting_the_attempt_throws(Throwable thrown) {
    AsyncRetryingExecutor.AsyncAttempt<String> attempt = () -> {
      if (thrown instanceof Error) {
        throw (Error) thrown;
      }
      if (thrown != null) {
        throw (RuntimeException) thrown;
      }
      return null;
    };
    CompletableFuture<Outcome<String>> f = new AsyncRetryingExecutor(rules(2), timer, watch, 1000)
        .execute(OpType.READ, true, attempt).toCompletableFuture();
    timer.fireAll();
    assertTrue(f.isDone(), "the caller got no answer");
    assertFalse(f.join().isSuccess());
    assertEquals(0, watch.size(), "a thrown attempt must not stay watched");
  }

  @Test
  void should_complete_with_a_failure_when_deciding_about_a_failure_throws() {
    ErrorClassifier broken = failure -> {
      throw new IllegalStateException("classifier bug");
    };
    RateLimitedLog log = new RateLimitedLog(logLines::add, 0, TimeUnit.SECONDS, System::nanoTime);
    RetryRules rules = new RetryRules(3, Backoff.exponential(100, 1000), broken, stats, log, () -> 0.5);
    AtomicInteger calls = new AtomicInteger();
    Outcome<String> outcome = new AsyncRetryingExecutor(rules, timer, watch, 1000).execute(OpType.READ, true,
        failingAsync(Arrays.asList(new FakeTimeout()), calls)).toCompletableFuture().join();
    assertEquals(ErrorKind.OTHER, outcome.failure());
  }

  @Test
  void should_answer_every_pending_caller_when_the_watch_is_closed() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    timer.shutDown = true; // cleanup: the retry timer is already gone
    AsyncRetryingExecutor executor = new AsyncRetryingExecutor(rules(3), timer, watch, 60_000);
    List<CompletableFuture<Outcome<String>>> callers = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      callers.add(executor.execute(OpType.READ, true, handedOut(futures)).toCompletableFuture());
    }
    watch.close();
    for (CompletableFuture<Outcome<String>> c : callers) {
      assertEquals(CqlStatus.TIMEOUT, c.join().failureStatus());
    }
  }

  @Test
  void should_expire_an_unanswered_attempt_on_the_watch_thread_when_it_runs_for_real() throws Exception {
    site.ycsb.support.DeadlineWatch real = site.ycsb.support.DeadlineWatch.start("unit-cql-deadlines", 10,
        TimeUnit.MILLISECONDS);
    try {
      List<CompletableFuture<String>> futures = new java.util.concurrent.CopyOnWriteArrayList<>();
      Outcome<String> outcome = new AsyncRetryingExecutor(rules(0), timer, real, 50)
          .execute(OpType.READ, true, handedOut(futures)).toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertEquals(CqlStatus.TIMEOUT, outcome.failureStatus());
    } finally {
      real.close();
    }
  }
}
