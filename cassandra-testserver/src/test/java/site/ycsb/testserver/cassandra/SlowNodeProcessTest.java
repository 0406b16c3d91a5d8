package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI's background slow-node process, run for real on a sleep process standing in for a node. */
class SlowNodeProcessTest {
  @TempDir
  Path dir;

  private ClusterLayout layout() {
    return new ClusterLayout(dir, 1, "127.0.0.1", 19042, 17001, "c");
  }

  private static void awaitState(Sleeper sleeper, char state) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (sleeper.state() != state && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertEquals(state, sleeper.state());
  }

  private static void awaitGone(ProcessStamp process) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (process.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertFalse(process.isAlive(), "pid " + process.pid + " is still there");
  }

  @Test
  void should_cycle_in_a_process_of_its_own_and_leave_the_node_running_when_ended() throws Exception {
    try (Sleeper node = Sleeper.start()) {
      SlowNodeProcess slow = SlowNodeProcess.start(layout(), 1, node.stamp(), 100, 200);
      try {
        assertTrue(slow.cycler.isAlive());
        assertEquals(node.stamp(), slow.node);
        assertEquals(slow.cycler, SlowNodeProcess.current(layout(), 1).cycler, "recorded in node1/slow.properties");
        awaitState(node, 'T');
        assertTrue(SlowNodeProcess.end(layout(), 1));
        assertFalse(slow.cycler.isAlive());
        assertNotEquals('T', node.state());
        assertFalse(Files.exists(SlowNodeProcess.recordFile(layout(), 1)));
        assertFalse(SlowNodeProcess.end(layout(), 1), "nothing left to end");
      } finally {
        if (slow.cycler.isAlive()) { // only when an assertion failed
          Signals.send("KILL", slow.cycler.pid);
        }
      }
    }
  }

  @Test
  void should_thaw_the_node_on_its_way_out_when_terminated() throws Exception {
    try (Sleeper node = Sleeper.start()) {
      SlowNodeProcess slow = SlowNodeProcess.start(layout(), 1, node.stamp(), 60_000, 60_001);
      awaitState(node, 'T');
      Signals.send("TERM", slow.cycler.pid);
      awaitGone(slow.cycler);
      assertNotEquals('T', node.state(), "its exit hook thaws the node");
    }
  }

  @Test
  void should_thaw_the_node_and_drop_the_record_when_its_process_was_killed() throws Exception {
    try (Sleeper node = Sleeper.start()) {
      SlowNodeProcess slow = SlowNodeProcess.start(layout(), 1, node.stamp(), 60_000, 60_001);
      awaitState(node, 'T');
      Signals.send("KILL", slow.cycler.pid);
      awaitGone(slow.cycler);
      Thread.sleep(200);
      assertEquals('T', node.state(), "a SIGKILLed cycle leaves the node frozen");
      assertNull(SlowNodeProcess.current(layout(), 1));
      assertNotEquals('T', node.state(), "the next look at the record thaws it");
      assertFalse(Files.exists(SlowNodeProcess.recordFile(layout(), 1)));
    }
  }

  @Test
  void should_end_by_itself_when_the_node_is_gone() throws Exception {
    SlowNodeProcess slow;
    try (Sleeper node = Sleeper.start()) {
      slow = SlowNodeProcess.start(layout(), 1, node.stamp(), 20, 40);
    }
    awaitGone(slow.cycler);
  }
}
