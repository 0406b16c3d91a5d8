package site.ycsb.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class RetryTimerTest {
  @Test
  void should_run_the_task_on_a_named_daemon_thread_when_the_delay_has_passed() throws Exception {
    ScheduledExecutorService timer = RetryTimer.start("unit-retry-timer");
    try {
      CompletableFuture<Thread> ranOn = new CompletableFuture<>();
      long start = System.nanoTime();
      timer.schedule(() -> ranOn.complete(Thread.currentThread()), 20, TimeUnit.MILLISECONDS);
      Thread thread = ranOn.get(10, TimeUnit.SECONDS);
      assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(20), "not before the delay");
      assertEquals("unit-retry-timer", thread.getName());
      assertTrue(thread.isDaemon(), "must not keep the JVM alive");
    } finally {
      timer.shutdownNow();
    }
  }
}
