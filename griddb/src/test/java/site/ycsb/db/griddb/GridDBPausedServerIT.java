package site.ycsb.db.griddb;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

import java.util.HashMap;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node paused (SIGSTOP) in the middle of a run, against a node of the class's own started from YCSB_GRIDDB_HOME
 * (its tests share it). GridDB's client keeps its connections to a paused node open, and its failover timeout does not
 * apply to a connection that is still open: without {@code griddb.requesttimeoutmillis} an operation waited as long as
 * the pause, and this test expected every insert OK after a 15 s pause with a failover timeout of 5 s. With the request
 * timeout (default 5 s) the expectation depends on the pause's length, and says so:
 * <ul>
 *   <li>a pause shorter than the request timeout is not an error: the inserts in flight wait and succeed, and every
 *       acknowledged insert is present afterwards;</li>
 *   <li>a pause longer than the bound (README, "A node that stops answering") fails the operations in flight within
 *       the bound, counted as SERVICE_UNAVAILABLE, then at once while the binding holds the node silent; after the
 *       thaw operations succeed again, and the run's record names the node ({@link SilentNodeRun}).</li>
 * </ul>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GridDBPausedServerIT {
  private static final int RECORDS = 3000;
  /** Shorter than the default request timeout (5 s), with 2 s to spare for a busy machine. */
  private static final int SHORT_PAUSE_S = 3;

  private OwnGridDBNode node;

  @BeforeAll
  void start() throws Exception {
    node = OwnGridDBNode.startOrSkip("paused-server");
  }

  @AfterAll
  void stop() throws Exception {
    if (node != null) {
      node.close();
    }
  }

  @Test
  void should_finish_with_every_acknowledged_insert_present_when_the_node_pauses_for_less_than_the_request_timeout()
      throws Exception {
    Properties p = node.workload(RECORDS, 4);
    p.setProperty("table", "pausedshort");
    p.setProperty("insertorder", "ordered");
    String cp = YcsbRun.itClasspath();
    YcsbRun r;
    long resumed;
    // ~10 s of load at 300 inserts/s; the pause comes 2 s after its operations start, however long the child JVM
    // took to get there.
    try (YcsbRun.Started load = YcsbRun.start(cp, p, "-load", "-db", GridDBClient.class.getName(),
        "-threads", "4", "-target", "300")) {
      load.awaitOutput(YcsbRun.OPERATIONS_START, 5, TimeUnit.MINUTES);
      Thread.sleep(2_000);
      assertTrue(node.signal("STOP"));
      try {
        Thread.sleep(SHORT_PAUSE_S * 1000L);
      } finally {
        assertTrue(node.signal("CONT"));
      }
      resumed = System.nanoTime();
      r = load.finish();
    }
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - resumed);
    assertEquals(0, r.exitCode, r.tail());
    assertEquals(Long.valueOf(RECORDS), r.returns().get("INSERT OK"), r.tail());
    assertTrue(r.nonOk().isEmpty(), r.nonOk() + "\n" + r.tail());
    assertFalse(r.output.contains("stopped answering"), "a pause shorter than the request timeout is no silence\n"
        + r.tail());
    // At most ~8 s of load remain after the pause; a wide margin for a busy machine, far below an unbounded hang.
    assertTrue(seconds < 8 + 60, "ended " + seconds + " s after the node resumed\n" + r.tail());

    GridDBClient reader = new GridDBClient();
    Properties rp = new Properties();
    rp.putAll(p);
    reader.setProperties(rp);
    reader.init();
    try {
      int missing = 0;
      for (int i = 0; i < RECORDS; i++) {
        if (reader.read("pausedshort", "user" + i, null, new HashMap<String, ByteIterator>()) != Status.OK) {
          missing++;
        }
      }
      assertEquals(0, missing, "acknowledged inserts missing after the pause");
    } finally {
      reader.cleanup();
    }
  }

  @Test
  void should_fail_within_the_bound_and_name_the_node_when_it_is_paused_longer_than_the_bound() throws Exception {
    SilentNodeRun run = SilentNodeRun.of(node, "pausedlong", new SilentNodeRun.Fault() {
      @Override
      public void begin() throws Exception {
        assertTrue(node.signal("STOP"));
      }

      @Override
      public void end() throws Exception {
        assertTrue(node.signal("CONT"));
      }
    });
    run.assertBoundedAndNamed(node.member());
  }
}
