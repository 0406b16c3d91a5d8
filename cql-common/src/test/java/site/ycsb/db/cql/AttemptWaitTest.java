package site.ycsb.db.cql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

import org.junit.jupiter.api.Test;

/**
 * The blocking path's wait for one attempt, on an injected clock: a future whose timed wait moves the clock instead of
 * sleeping, so every slice the wait asks for is seen.
 */
class AttemptWaitTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long DEADLINE_MS = 18_000;

  private final AtomicLong clock = new AtomicLong(5_000_000_000L);
  private final AnswerWatchTest.Events events = new AnswerWatchTest.Events();
  private final AnswerWatch<String> answers = new AnswerWatch<>(AnswerWatchTest.THRESHOLD_MS, k -> k, k -> true,
      clock::get, events);
  /** Another node, which answers: somewhere for a retry to go. */
  private final AnswerWatch.Node elsewhere = answers.node("elsewhere");

  /** A driver future that answers at a given time (or never), and meanwhile lets the test act at each wait. */
  private final class ClockedFuture implements Future<String> {
    final long answerAtNs;
    final List<Long> waitsMs = new ArrayList<>();
    LongConsumer during = t -> { };
    boolean cancelled;

    ClockedFuture(long answerAtNs) {
      this.answerAtNs = answerAtNs;
    }

    @Override
    public String get(long timeout, TimeUnit unit) throws TimeoutException {
      long wait = unit.toNanos(timeout);
      waitsMs.add(wait / MS);
      long now = clock.get();
      if (answerAtNs - now <= wait) {
        clock.set(Math.max(now, answerAtNs));
        return "answer";
      }
      clock.set(now + wait);
      during.accept(clock.get());
      throw new TimeoutException();
    }

    @Override
    public String get() {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      cancelled = true;
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public boolean isDone() {
      return cancelled;
    }
  }

  private ClockedFuture never() {
    return new ClockedFuture(Long.MAX_VALUE);
  }

  @Test
  void should_wait_once_for_an_answer_that_comes_within_the_threshold() throws Exception {
    AnswerWatch.Node node = answers.node("n1");
    long sent = clock.get();
    ClockedFuture future = new ClockedFuture(sent + 40 * MS);
    assertEquals("answer", AttemptWait.get(future, answers, node, sent, true, DEADLINE_MS));
    assertEquals(1, future.waitsMs.size(), "one timed wait, as without the watch");
    assertEquals(AnswerWatchTest.THRESHOLD_MS, (long) future.waitsMs.get(0));
  }

  @Test
  void should_give_up_an_idempotent_attempt_at_the_threshold_when_its_node_answers_nothing() {
    AnswerWatch.Node node = answers.node("127.0.0.3:9042");
    long sent = clock.get();
    ClockedFuture future = never();
    SilentNodeException e = assertThrows(SilentNodeException.class,
        () -> AttemptWait.get(future, answers, node, sent, true, DEADLINE_MS));
    assertTrue(e.getMessage().startsWith("node 127.0.0.3:9042 is silent (no answer to any request for 2000 ms or "
        + "more): attempt given up after 2000 ms"), e.getMessage());
    assertTrue(future.cancelled, "the driver is told to forget the request");
    assertEquals(1, events.copy().size(), events.copy().toString());
    assertTrue(answers.isSilent(node));
  }

  @Test
  void should_keep_waiting_and_looking_when_no_other_node_answers() throws Exception {
    AnswerWatch.Node node = answers.node("n3");
    long sent = clock.get();
    assertTrue(answers.silent(elsewhere, sent, sent + AnswerWatchTest.THRESHOLD_MS * MS),
        "the only other node is silent too");
    ClockedFuture future = new ClockedFuture(sent + 9_000 * MS);
    assertEquals("answer", AttemptWait.get(future, answers, node, sent, true, DEADLINE_MS),
        "a retry would only go to a silent node: the late answer is worth more");
    assertFalse(future.cancelled);
    assertTrue(future.waitsMs.size() >= 4, "it looked again each threshold: " + future.waitsMs);
    assertTrue(answers.isSilent(node), "it was found silent all the same");
  }

  @Test
  void should_keep_waiting_when_its_node_answers_other_requests() throws Exception {
    AnswerWatch.Node node = answers.node("n1");
    long sent = clock.get();
    ClockedFuture future = new ClockedFuture(sent + 7_000 * MS);
    future.during = t -> answers.answered(node); // each slice, something else the node was asked is answered
    assertEquals("answer", AttemptWait.get(future, answers, node, sent, true, DEADLINE_MS));
    assertTrue(future.waitsMs.size() >= 3, "it looked between slices: " + future.waitsMs);
    assertTrue(events.copy().isEmpty(), events.copy().toString());
    assertFalse(future.cancelled);
  }

  @Test
  void should_not_give_up_a_conditional_write_before_its_deadline_when_its_node_is_silent() {
    AnswerWatch.Node node = answers.node("n3");
    long sent = clock.get();
    ClockedFuture future = never();
    UnansweredAttemptException e = assertThrows(UnansweredAttemptException.class,
        () -> AttemptWait.get(future, answers, node, sent, false, DEADLINE_MS));
    assertFalse(e instanceof SilentNodeException, e.toString());
    assertEquals(sent + DEADLINE_MS * MS, clock.get(), "waited to its deadline");
    assertEquals(1, events.copy().size(), "its wait still finds the silence: " + events.copy());
  }

  @Test
  void should_wait_to_the_deadline_in_one_slice_when_the_node_is_unknown() {
    long sent = clock.get();
    ClockedFuture future = never();
    assertThrows(UnansweredAttemptException.class, () -> AttemptWait.get(future, answers, null, sent, true,
        DEADLINE_MS));
    assertEquals(1, future.waitsMs.size());
    assertEquals(DEADLINE_MS, (long) future.waitsMs.get(0));
    assertTrue(future.cancelled);
  }

  @Test
  void should_throw_the_attempts_own_failure_when_the_driver_reports_one() {
    AnswerWatch.Node node = answers.node("n1");
    IllegalStateException failure = new IllegalStateException("driver says no");
    Future<String> failed = new java.util.concurrent.CompletableFuture<String>() {
      {
        completeExceptionally(failure);
      }
    };
    assertSame(failure, assertThrows(IllegalStateException.class,
        () -> AttemptWait.get(failed, answers, node, clock.get(), true, DEADLINE_MS)));
  }

  @Test
  void should_keep_the_interrupt_and_wait_on_when_interrupted() throws Exception {
    AnswerWatch.Node node = answers.node("n1");
    long sent = clock.get();
    int[] calls = {0};
    Future<String> interruptedOnce = new java.util.concurrent.CompletableFuture<String>() {
      @Override
      public String get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException {
        if (calls[0]++ == 0) {
          throw new InterruptedException();
        }
        return "answer";
      }
    };
    try {
      assertEquals("answer", AttemptWait.get(interruptedOnce, answers, node, sent, true, DEADLINE_MS));
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is the caller's to handle");
    } finally {
      assertTrue(Thread.interrupted());
    }
  }
}
