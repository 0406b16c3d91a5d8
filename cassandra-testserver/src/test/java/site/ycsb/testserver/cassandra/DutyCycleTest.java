package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The slow-node cycle on a real process (a sleep): frozen part of the time, always left running. */
class DutyCycleTest {
  @Test
  void should_reject_a_cycle_when_frozen_is_not_positive_or_not_shorter_than_the_period() {
    long[][] wrong = {{0, 1000}, {-1, 1000}, {1000, 1000}, {1500, 1000}, {1, DutyCycle.MAX_PERIOD_MILLIS + 1}};
    String[] said = {"must be positive", "must be positive", "longer than the frozen time",
        "longer than the frozen time", "at most"};
    for (int i = 0; i < wrong.length; i++) {
      long[] c = wrong[i];
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DutyCycle.check(c[0], c[1]));
      assertTrue(e.getMessage().contains(said[i]), e.getMessage());
    }
    DutyCycle.check(1, 2);
  }

  @Test
  void should_stop_the_process_part_of_the_time_when_cycling_and_leave_it_running_when_stopped() throws Exception {
    try (Sleeper sleeper = Sleeper.start()) {
      DutyCycle cycle = new DutyCycle(sleeper.stamp(), 150, 300);
      Thread thread = new Thread(cycle::run, "test-cycle");
      thread.start();
      int stopped = 0;
      int samples = 0;
      long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
      while (System.nanoTime() < end) {
        stopped += sleeper.state() == 'T' ? 1 : 0;
        samples++;
        Thread.sleep(5);
      }
      cycle.stop();
      assertTrue(cycle.awaitEnd(30_000), "the cycle must end once stopped");
      assertNotEquals('T', sleeper.state(), "a stopped cycle leaves the process running");
      // Half the time frozen; wide bounds for a loaded machine, where the kill commands themselves take a while.
      assertTrue(stopped > samples / 10 && stopped < samples * 9 / 10, stopped + " of " + samples + " samples");
    }
  }

  @Test
  void should_leave_the_process_running_when_stopped_while_it_is_frozen() throws Exception {
    try (Sleeper sleeper = Sleeper.start()) {
      DutyCycle cycle = new DutyCycle(sleeper.stamp(), 60_000, 60_001);
      Thread thread = new Thread(cycle::run, "test-cycle");
      thread.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (sleeper.state() != 'T' && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertEquals('T', sleeper.state(), "frozen for a minute");
      cycle.stop();
      assertTrue(cycle.awaitEnd(30_000));
      assertNotEquals('T', sleeper.state());
    }
  }

  @Test
  void should_leave_the_process_running_when_the_cycle_thread_is_interrupted() throws Exception {
    try (Sleeper sleeper = Sleeper.start()) {
      DutyCycle cycle = new DutyCycle(sleeper.stamp(), 60_000, 60_001);
      Thread thread = new Thread(cycle::run, "test-cycle");
      thread.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (sleeper.state() != 'T' && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      thread.interrupt();
      assertTrue(cycle.awaitEnd(30_000));
      assertNotEquals('T', sleeper.state());
    }
  }

  @Test
  void should_end_on_its_own_when_the_process_is_gone() throws Exception {
    DutyCycle cycle;
    try (Sleeper sleeper = Sleeper.start()) {
      cycle = new DutyCycle(sleeper.stamp(), 20, 40);
      new Thread(cycle::run, "test-cycle").start();
    }
    assertTrue(cycle.awaitEnd(30_000), "no process, no cycle");
  }
}
