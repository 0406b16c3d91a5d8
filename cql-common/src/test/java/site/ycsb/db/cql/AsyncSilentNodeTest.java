package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import site.ycsb.db.cql.RetryingExecutorTest.FakeTimeout;
import site.ycsb.db.cql.RetryingExecutorTest.FakeUnavailable;
import site.ycsb.support.Backoff;
import site.ycsb.support.DeadlineWatch;
import site.ycsb.support.RateLimitedLog;
import site.ycsb.support.RetryCounters;

/**
 * The non-blocking executor with the silent-node guard, on an injected clock and a deadline watch the test turns by
 * hand: an attempt waiting on a silent node is given up after the threshold and retried, a conditional write is not,
 * a node that answers others keeps its attempts; and the answer, the early give-up and the deadline decide an attempt
 * exactly once, also when the answer comes while the watch is looking at it.
 */
class AsyncSilentNodeTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long DEADLINE_MS = 18_000;
  private static final ErrorClassifier CLASSIFIER = failure -> failure instanceof FakeTimeout ? ErrorKind.TIMEOUT
      : failure instanceof FakeUnavailable ? ErrorKind.UNAVAILABLE : ErrorKind.OTHER;

  /** The clock; reading it can also run a test's action once (an answer arriving mid-check). */
  private final AtomicLong time = new AtomicLong(7_000_000_000L);
  private volatile Runnable onNextRead;
  private final long start = time.get();

  private long clock() {
    Runnable r = onNextRead;
    if (r != null) {
      onNextRead = null;
      r.run();
    }
    return time.get();
  }

  private void at(long millis) {
    time.set(start + millis * MS);
  }

  private final AnswerWatchTest.Events events = new AnswerWatchTest.Events();
  private final AnswerWatch<String> answers = new AnswerWatch<>(AnswerWatchTest.THRESHOLD_MS, k -> k, k -> true,
      this::clock, events);
  /** The node that answers, where retries go. */
  private final AnswerWatch.Node n1 = answers.node("n1");
  private final DeadlineWatch watch = DeadlineWatch.manual();
  private final RetryCounters stats = OpType.retryCounters();
  private final List<String> logLines = new CopyOnWriteArrayList<>();
  private final Deque<Runnable> timer = new ArrayDeque<>();

  /** What the query plan recorded on this thread: set by the test's attempts as the driver's plan would. */
  private final ThreadLocal<AnswerWatch.Node> recorded = new ThreadLocal<>();
  private final SentNodes sent = new SentNodes() {
    @Override
    public void clear() {
      recorded.remove();
    }

    @Override
    public AnswerWatch.Node take() {
      AnswerWatch.Node n = recorded.get();
      recorded.remove();
      return n;
    }
  };

  private AsyncRetryingExecutor executor() {
    RateLimitedLog log = new RateLimitedLog(logLines::add, 0, TimeUnit.SECONDS, System::nanoTime);
    RetryRules rules = new RetryRules(3, Backoff.exponential(100, 1000), CLASSIFIER, stats, log, () -> 0.5);
    return new AsyncRetryingExecutor(rules, (delay, task) -> {
      synchronized (timer) {
        timer.add(task);
      }
    }, watch, DEADLINE_MS, answers, sent);
  }

  private void fireTimer() {
    while (true) {
      Runnable task;
      synchronized (timer) {
        task = timer.poll();
      }
      if (task == null) {
        return;
      }
      task.run();
    }
  }

  /** Attempts sent to {@code nodes[i]} in turn (the last one again after that), each a future the test completes. */
  private AsyncRetryingExecutor.AsyncAttempt<String> sentTo(List<CompletableFuture<String>> futures, String... nodes) {
    return () -> {
      int i = futures.size();
      recorded.set(answers.node(nodes[Math.min(i, nodes.length - 1)]));
      CompletableFuture<String> f = new CompletableFuture<>();
      futures.add(f);
      return f;
    };
  }

  private void expireDue() {
    watch.expireDue(time.get());
  }

  @Test
  void should_give_up_an_idempotent_attempt_at_the_threshold_and_retry_it_when_its_node_answers_nothing() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    CompletableFuture<Outcome<String>> f = executor().execute(OpType.READ, true, sentTo(futures, "n3", "n1"))
        .toCompletableFuture();
    AnswerWatch.Node n3 = answers.node("n3");
    at(AnswerWatchTest.THRESHOLD_MS - 1);
    expireDue();
    assertTrue(timer.isEmpty() && !f.isDone(), "not before the threshold");
    at(AnswerWatchTest.THRESHOLD_MS);
    expireDue();
    assertTrue(futures.get(0).isCancelled(), "the given-up request is cancelled in the driver");
    assertEquals(1, stats.unanswered(OpType.READ.name()), "counted as an unanswered attempt");
    assertEquals(1, stats.retries(OpType.READ.name()));
    assertEquals(1, events.copy().size(), events.copy().toString());
    assertTrue(logLines.stream().anyMatch(l -> l.contains("node n3 is silent")), "the log line names the node: "
        + logLines);
    fireTimer();
    assertEquals(2, futures.size());
    futures.get(1).complete("ok");
    Outcome<String> outcome = f.join();
    assertEquals("ok", outcome.value());
    assertEquals(1, outcome.retries());
    assertEquals(0, watch.size());
  }

  @Test
  void should_keep_an_idempotent_attempt_and_look_again_when_no_other_node_answers() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    assertTrue(answers.silent(n1, start, start + AnswerWatchTest.THRESHOLD_MS * MS),
        "the only other node is silent too");
    CompletableFuture<Outcome<String>> f = executor().execute(OpType.READ, true, sentTo(futures, "n3"))
        .toCompletableFuture();
    at(AnswerWatchTest.THRESHOLD_MS);
    expireDue();
    assertFalse(f.isDone(), "a retry would only go to a silent node");
    assertTrue(answers.isSilent(answers.node("n3")));
    at(2 * AnswerWatchTest.THRESHOLD_MS - 1);
    expireDue();
    answers.answered(n1); // another node answers again: now the attempt can go there
    at(2 * AnswerWatchTest.THRESHOLD_MS);
    expireDue();
    assertTrue(futures.get(0).isCancelled(), "given up at the next look");
    fireTimer();
    futures.get(1).complete("ok");
    assertEquals(1, f.join().retries());
  }

  @Test
  void should_wait_for_the_deadline_and_not_retry_when_a_conditional_write_waits_on_a_silent_node() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    CompletableFuture<Outcome<String>> f = executor().execute(OpType.INSERT, false, sentTo(futures, "n3"))
        .toCompletableFuture();
    at(AnswerWatchTest.THRESHOLD_MS);
    expireDue();
    assertFalse(f.isDone(), "a conditional write is never given up early");
    assertEquals(1, events.copy().size(), "its wait still finds the silence: " + events.copy());
    assertEquals(1, watch.size(), "watched again, for its deadline");
    at(DEADLINE_MS - 1);
    expireDue();
    assertFalse(f.isDone());
    at(DEADLINE_MS);
    expireDue();
    assertEquals(CqlStatus.TIMEOUT, f.join().failureStatus());
    assertTrue(timer.isEmpty(), "not retried: it may have been applied");
    assertFalse(futures.get(0).isCancelled());
    assertTrue(logLines.stream().anyMatch(l -> l.contains("no answer from the driver within 18000 ms")),
        logLines.toString());
  }

  @Test
  void should_keep_waiting_when_the_node_answers_other_requests() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    CompletableFuture<Outcome<String>> f = executor().execute(OpType.UPDATE, true, sentTo(futures, "n2"))
        .toCompletableFuture();
    AnswerWatch.Node n2 = answers.node("n2");
    at(1500);
    answers.answered(n2);
    at(AnswerWatchTest.THRESHOLD_MS);
    expireDue();
    assertFalse(f.isDone());
    assertEquals(1, watch.size(), "looked, and watched again");
    at(3499);
    expireDue();
    assertEquals(1, watch.size(), "the next look is a threshold after the node's last answer");
    futures.get(0).complete("slow but answered");
    assertEquals("slow but answered", f.join().value());
    assertEquals(0, f.join().retries());
    assertEquals(0, watch.size());
    assertTrue(events.copy().isEmpty(), events.copy().toString());
  }

  @Test
  void should_let_the_answer_decide_when_it_comes_while_the_watch_is_giving_the_attempt_up() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    CompletableFuture<Outcome<String>> f = executor().execute(OpType.READ, true, sentTo(futures, "n3"))
        .toCompletableFuture();
    at(AnswerWatchTest.THRESHOLD_MS);
    onNextRead = () -> futures.get(0).complete("just in time"); // the answer lands inside the look at the attempt
    expireDue();
    assertEquals("just in time", f.join().value());
    assertEquals(0, f.join().retries());
    assertEquals(0, stats.unanswered(OpType.READ.name()), "the answer decided; the give-up found it decided");
    assertTrue(timer.isEmpty(), "no retry");
    assertFalse(futures.get(0).isCancelled());
    assertEquals(0, watch.size());
  }

  @Test
  void should_leave_nothing_watched_when_the_answer_comes_while_the_attempt_is_watched_again() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    CompletableFuture<Outcome<String>> f = executor().execute(OpType.READ, true, sentTo(futures, "n1"))
        .toCompletableFuture();
    at(1900);
    answers.answered(answers.node("n1")); // answering others: the look watches the attempt again
    at(AnswerWatchTest.THRESHOLD_MS);
    onNextRead = () -> futures.get(0).complete("ok"); // answered while out of the watch's list for the look
    expireDue();
    assertEquals("ok", f.join().value());
    assertEquals(0, watch.size(), "the look took the entry out again after watching it anew");
  }

  @Test
  void should_ignore_the_late_answer_when_the_deadline_decided_first() {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    CompletableFuture<Outcome<String>> f = executor().execute(OpType.INSERT, false, sentTo(futures, "n3"))
        .toCompletableFuture();
    at(AnswerWatchTest.THRESHOLD_MS);
    expireDue();
    at(DEADLINE_MS);
    expireDue();
    futures.get(0).complete("applied at last");
    assertEquals(CqlStatus.TIMEOUT, f.join().failureStatus());
    assertEquals(1, stats.unanswered(OpType.INSERT.name()));
    assertEquals(0, watch.size());
  }

  /** How the watch's look meets the answers in {@link #runRace}. */
  private enum Race {
    /** Silent node, idempotent attempts: each look gives its attempt up (and it is retried) unless answered. */
    GIVE_UP,
    /** The node answers others: each look watches its attempt again, for a later look. */
    LOOK_AGAIN,
    /** Silent node, conditional writes (never given up early): the deadline passes as they are answered. */
    DEADLINE
  }

  /**
   * Many attempts on a silent node, each answered on one thread while the watch gives them up on another: every
   * request ends once, either answered (no retry) or given up and retried once — never both, never twice — and
   * nothing stays watched or counted as waiting.
   */
  @Test
  void should_decide_each_attempt_once_when_answers_race_with_early_give_ups() throws Exception {
    runRace(Race.GIVE_UP);
  }

  /** The same race where each look watches the attempt again (the node answers others): nothing left watched. */
  @Test
  void should_decide_each_attempt_once_when_answers_race_with_looks_that_watch_again() throws Exception {
    runRace(Race.LOOK_AGAIN);
  }

  /** The same race at the attempts' deadline: each ends answered or unanswered, once. */
  @Test
  void should_decide_each_attempt_once_when_answers_race_with_the_deadline() throws Exception {
    runRace(Race.DEADLINE);
  }

  private void runRace(Race race) throws Exception {
    int n = 3000;
    boolean idempotent = race != Race.DEADLINE;
    AsyncRetryingExecutor executor = executor();
    List<CompletableFuture<String>> firsts = new ArrayList<>();
    List<CompletableFuture<Outcome<String>>> outcomes = new ArrayList<>();
    AnswerWatch.Node n3 = answers.node("n3");
    for (int i = 0; i < n; i++) {
      List<CompletableFuture<String>> mine = new ArrayList<>();
      outcomes.add(executor.execute(idempotent ? OpType.READ : OpType.INSERT, idempotent, () -> {
        if (mine.isEmpty()) {
          recorded.set(n3);
          CompletableFuture<String> first = new CompletableFuture<>();
          mine.add(first);
          synchronized (firsts) {
            firsts.add(first);
          }
          return first;
        }
        recorded.set(answers.node("n1"));
        mine.add(CompletableFuture.completedFuture("retried"));
        return mine.get(mine.size() - 1);
      }).toCompletableFuture());
    }
    at(AnswerWatchTest.THRESHOLD_MS);
    if (race == Race.LOOK_AGAIN) {
      answers.answered(n3);
    } else {
      assertTrue(answers.silent(n3, start, time.get()));
    }
    if (race == Race.DEADLINE) {
      expireDue(); // the looks at the threshold: each is watched again, for its deadline
      assertEquals(n, watch.size());
      at(DEADLINE_MS);
    }
    CountDownLatch go = new CountDownLatch(1);
    Thread looker = new Thread(() -> {
      awaitQuietly(go);
      expireDue();
    });
    Thread answerer = new Thread(() -> {
      awaitQuietly(go);
      for (CompletableFuture<String> first : firsts) {
        first.complete("answered");
      }
    });
    looker.start();
    answerer.start();
    go.countDown();
    looker.join(60_000);
    answerer.join(60_000);
    fireTimer();
    int retried = 0;
    int unanswered = 0;
    for (CompletableFuture<Outcome<String>> o : outcomes) {
      Outcome<String> outcome = o.get(10, TimeUnit.SECONDS);
      assertTrue(outcome.retries() <= 1, "retried once at most");
      retried += outcome.retries();
      if (!outcome.isSuccess()) {
        assertEquals(Race.DEADLINE, race, "only a conditional write may end unanswered");
        assertEquals(CqlStatus.TIMEOUT, outcome.failureStatus());
        assertEquals(0, outcome.retries());
        unanswered++;
        continue;
      }
      assertEquals(outcome.retries() == 0 ? "answered" : "retried", outcome.value());
    }
    assertEquals(retried + unanswered, stats.unanswered(idempotent ? OpType.READ.name() : OpType.INSERT.name()),
        "each retry or timeout follows exactly one decision of the watch");
    if (race == Race.LOOK_AGAIN) {
      assertEquals(0, retried, "a node that answers others keeps its attempts");
    }
    assertEquals(0, watch.size(), "nothing left watched");
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
