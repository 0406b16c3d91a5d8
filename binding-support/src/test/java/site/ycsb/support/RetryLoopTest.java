package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RetryLoopTest {
  private final List<Long> pauses = new ArrayList<>();
  private final Sleeper recording = pauses::add;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @Test
  void should_return_the_value_without_asking_the_policy_when_the_first_attempt_succeeds() {
    RetryLoop.Ending<String> ending = RetryLoop.run(() -> "v", (e, n) -> {
      throw new AssertionError("policy asked");
    }, recording);
    assertTrue(ending.succeeded());
    assertEquals("v", ending.value());
    assertEquals(0, ending.retries());
    assertTrue(pauses.isEmpty());
  }

  @Test
  void should_pause_as_the_policy_says_before_each_retry_and_count_retries_when_later_attempts_succeed() {
    AtomicInteger calls = new AtomicInteger();
    List<Integer> asked = new ArrayList<>();
    RetryLoop.Ending<Integer> ending = RetryLoop.run(() -> {
      if (calls.incrementAndGet() < 3) {
        throw new IOException("transient " + calls.get());
      }
      return calls.get();
    }, (e, n) -> {
      asked.add(n);
      return 10L * (n + 1);
    }, recording);
    assertTrue(ending.succeeded());
    assertEquals(3, ending.value());
    assertEquals(2, ending.retries());
    assertEquals(java.util.Arrays.asList(0, 1), asked);
    assertEquals(java.util.Arrays.asList(10L, 20L), pauses);
  }

  @Test
  void should_end_with_the_failure_the_policy_stopped_on_when_it_returns_stop() {
    IOException last = new IOException("third");
    AtomicInteger calls = new AtomicInteger();
    RetryLoop.Ending<String> ending = RetryLoop.run(() -> {
      throw calls.incrementAndGet() == 3 ? last : new IOException("earlier");
    }, (e, n) -> n < 2 ? 0 : RetryLoop.STOP, recording);
    assertFalse(ending.succeeded());
    assertSame(last, ending.failure());
    assertEquals(2, ending.retries());
    assertFalse(ending.interruptedAttempt());
    assertNull(ending.value());
  }

  @Test
  void should_give_unchecked_exceptions_to_the_policy_like_checked_ones_when_an_attempt_throws_them() {
    IllegalStateException bug = new IllegalStateException("bug");
    RetryLoop.Ending<String> ending = RetryLoop.run(() -> {
      throw bug;
    }, (e, n) -> RetryLoop.STOP, recording);
    assertSame(bug, ending.failure());
  }

  @Test
  void should_stop_at_once_keeping_the_interrupt_flag_when_an_attempt_is_interrupted() {
    InterruptedException interrupt = new InterruptedException("cut");
    RetryLoop.Ending<String> ending = RetryLoop.run(() -> {
      throw interrupt;
    }, (e, n) -> {
      throw new AssertionError("an interrupt is not retried");
    }, recording);
    assertTrue(ending.interruptedAttempt());
    assertSame(interrupt, ending.failure());
    assertEquals(0, ending.retries());
    assertTrue(Thread.currentThread().isInterrupted());
  }

  @Test
  void should_end_with_the_last_failure_keeping_the_interrupt_flag_when_a_pause_is_interrupted() {
    IOException failure = new IOException("transient");
    RetryLoop.Ending<String> ending = RetryLoop.run(() -> {
      throw failure;
    }, (e, n) -> 5, millis -> {
      throw new InterruptedException();
    });
    assertSame(failure, ending.failure());
    assertFalse(ending.interruptedAttempt());
    assertEquals(1, ending.retries(), "the retry whose pause was cut counts");
    assertTrue(Thread.currentThread().isInterrupted());
  }
}
