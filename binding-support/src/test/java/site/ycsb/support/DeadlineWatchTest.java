package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class DeadlineWatchTest {
  /** An entry that notes its expiry in a shared list. */
  private static final class Noted extends DeadlineWatch.Entry {
    final String name;
    final List<String> expired;

    Noted(String name, List<String> expired) {
      this.name = name;
      this.expired = expired;
    }

    @Override
    protected void expired() {
      expired.add(name);
    }
  }

  @Test
  void should_expire_only_the_entries_whose_deadline_has_passed_when_swept() {
    List<String> expired = new ArrayList<>();
    DeadlineWatch watch = DeadlineWatch.manual();
    Noted a = new Noted("a", expired);
    Noted b = new Noted("b", expired);
    Noted c = new Noted("c", expired);
    watch.watch(a, 100);
    watch.watch(b, 300);
    watch.watch(c, 200);
    assertEquals(0, watch.expireDue(99));
    assertEquals(2, watch.expireDue(200));
    assertEquals(java.util.Arrays.asList("a", "c"), expired);
    assertEquals(1, watch.size());
    assertFalse(watch.unwatch(a), "an expired entry is not unwatched: its late completion must be ignored");
    assertTrue(watch.unwatch(b), "b completed in time");
    assertEquals(0, watch.expireDue(Long.MAX_VALUE / 2));
    assertEquals(2, expired.size());
  }

  @Test
  void should_expire_nothing_that_was_unwatched_in_time_and_allow_watching_the_entry_again() {
    List<String> expired = new ArrayList<>();
    DeadlineWatch watch = DeadlineWatch.manual();
    Noted a = new Noted("a", expired);
    watch.watch(a, 100);
    assertTrue(watch.unwatch(a));
    assertFalse(watch.unwatch(a), "twice");
    watch.watch(a, 500);
    assertThrows(IllegalStateException.class, () -> watch.watch(a, 600));
    assertEquals(0, watch.expireDue(400));
    assertEquals(1, watch.expireDue(500));
    assertEquals(java.util.Collections.singletonList("a"), expired);
  }

  @Test
  void should_handle_deadlines_across_the_sign_change_of_the_nano_clock() {
    List<String> expired = new ArrayList<>();
    DeadlineWatch watch = DeadlineWatch.manual();
    watch.watch(new Noted("late", expired), Long.MIN_VALUE + 10); // just past Long.MAX_VALUE, wrapped round
    assertEquals(0, watch.expireDue(Long.MAX_VALUE - 10));
    assertEquals(1, watch.expireDue(Long.MIN_VALUE + 10));
  }

  @Test
  void should_expire_everything_still_watched_and_refuse_new_entries_when_closed() {
    List<String> expired = new ArrayList<>();
    DeadlineWatch watch = DeadlineWatch.manual();
    watch.watch(new Noted("a", expired), Long.MAX_VALUE);
    watch.watch(new Noted("b", expired), Long.MIN_VALUE); // far away in either direction: close expires it anyway
    watch.close();
    assertEquals(java.util.Arrays.asList("a", "b"), expired);
    assertFalse(watch.watch(new Noted("c", expired), 0), "a closed watch watches nothing");
    assertEquals(0, watch.size());
  }

  @Test
  void should_go_on_expiring_the_others_when_one_owner_throws() {
    List<String> expired = new ArrayList<>();
    DeadlineWatch watch = DeadlineWatch.manual();
    watch.watch(new DeadlineWatch.Entry() {
      @Override
      protected void expired() {
        throw new IllegalStateException("owner bug");
      }
    }, 1);
    watch.watch(new Noted("b", expired), 1);
    assertEquals(2, watch.expireDue(1));
    assertEquals(java.util.Collections.singletonList("b"), expired);
  }

  @Test
  void should_expire_on_its_own_daemon_thread_within_a_tick_of_the_deadline() throws Exception {
    DeadlineWatch watch = DeadlineWatch.start("unit-deadline-watch", 10, TimeUnit.MILLISECONDS);
    try {
      CompletableFuture<Thread> expiredOn = new CompletableFuture<>();
      long start = System.nanoTime();
      watch.watch(new DeadlineWatch.Entry() {
        @Override
        protected void expired() {
          expiredOn.complete(Thread.currentThread());
        }
      }, start + TimeUnit.MILLISECONDS.toNanos(50));
      Thread thread = expiredOn.get(10, TimeUnit.SECONDS);
      assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(50), "not before the deadline");
      assertEquals("unit-deadline-watch", thread.getName());
      assertTrue(thread.isDaemon(), "must not keep the JVM alive");
    } finally {
      watch.close();
    }
  }

  @Test
  void should_decide_each_entry_exactly_once_when_completions_race_the_deadline() throws Exception {
    DeadlineWatch watch = DeadlineWatch.start("unit-deadline-race", 1, TimeUnit.MILLISECONDS);
    AtomicInteger expired = new AtomicInteger();
    AtomicInteger completed = new AtomicInteger();
    int n = 20_000;
    CountDownLatch done = new CountDownLatch(2);
    try {
      List<DeadlineWatch.Entry> entries = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        DeadlineWatch.Entry e = new DeadlineWatch.Entry() {
          @Override
          protected void expired() {
            expired.incrementAndGet();
          }
        };
        entries.add(e);
        watch.watch(e, System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(i % 2000));
      }
      for (int t = 0; t < 2; t++) {
        int from = t;
        new Thread(() -> {
          for (int i = from; i < n; i += 2) {
            if (watch.unwatch(entries.get(i))) {
              completed.incrementAndGet();
            }
          }
          done.countDown();
        }).start();
      }
      assertTrue(done.await(30, TimeUnit.SECONDS));
      watch.close();
      assertEquals(n, expired.get() + completed.get(), "each entry either completed or expired, once");
    } finally {
      watch.close();
    }
  }
}
