package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class PeriodicTest {
  @Test
  void should_run_at_once_and_again_after_each_delay_on_a_named_daemon_thread() throws Exception {
    List<String> threads = new CopyOnWriteArrayList<>();
    CountDownLatch three = new CountDownLatch(3);
    try (Periodic p = Periodic.start("test-sampler", 10, 1000, () -> {
      Thread t = Thread.currentThread();
      threads.add(t.getName() + (t.isDaemon() ? " daemon" : ""));
      three.countDown();
      return true;
    })) {
      assertTrue(three.await(30, TimeUnit.SECONDS), "runs: " + threads);
    }
    assertEquals("test-sampler daemon", threads.get(0));
  }

  @Test
  void should_stop_running_when_the_task_answers_false() throws Exception {
    AtomicInteger runs = new AtomicInteger();
    Periodic p = Periodic.start("test-cancel", 1, 1000, () -> runs.incrementAndGet() < 2);
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!p.isTerminated() && System.nanoTime() < end) {
      Thread.sleep(5);
    }
    assertTrue(p.isTerminated());
    assertEquals(2, runs.get());
  }

  @Test
  void should_interrupt_a_run_under_way_and_end_within_the_close_wait_when_closed() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    AtomicInteger interrupted = new AtomicInteger();
    Periodic p = Periodic.start("test-close", 1000, 5000, () -> {
      running.countDown();
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        interrupted.incrementAndGet();
      }
      return true;
    });
    assertTrue(running.await(30, TimeUnit.SECONDS));
    p.close();
    assertTrue(p.isTerminated());
    assertEquals(1, interrupted.get());
  }
}
