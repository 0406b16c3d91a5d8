package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

import java.util.HashMap;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node paused (SIGSTOP) for longer than {@code griddb.failoverTimeout} in the middle of a load, against a node of
 * its own started from YCSB_GRIDDB_HOME. Seen against GridDB 5.9: the client keeps its connections open and waits
 * (the failover timeout does not apply to a connection that is still open), so every operation in flight finishes
 * OK once the node resumes. The load must end soon after the pause, report only OK, and every acknowledged insert
 * must be readable afterwards.
 */
class GridDBPausedServerIT {
  private static final int RECORDS = 3000;
  private static final int PAUSE_S = 15;

  @Test
  void should_finish_with_every_acknowledged_insert_present_when_the_node_pauses_longer_than_the_failover_timeout()
      throws Exception {
    try (OwnGridDBNode node = OwnGridDBNode.startOrSkip("paused-server")) {
      Properties p = node.workload(RECORDS, 4);
      p.setProperty("insertorder", "ordered");
      p.setProperty("griddb.failovertimeoutseconds", "5");
      String cp = YcsbRun.itClasspath();
      YcsbRun r;
      long resumed;
      // ~10 s of load at 300 inserts/s; the pause comes 2 s after its operations start, however long the child JVM
      // took to get there.
      try (YcsbRun.Started load = YcsbRun.start(cp, p, "-load", "-db", GridDBClient.class.getName(),
          "-threads", "4", "-target", "300")) {
        load.awaitOutput(YcsbRun.OPERATIONS_START, 5, TimeUnit.MINUTES);
        Thread.sleep(2_000);
        assertTrue(node.pid() > 0);
        assertTrue(node.signal("STOP"));
        try {
          Thread.sleep(PAUSE_S * 1000L);
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
          if (reader.read("usertable", "user" + i, null, new HashMap<String, ByteIterator>()) != Status.OK) {
            missing++;
          }
        }
        assertEquals(0, missing, "acknowledged inserts missing after the pause");
      } finally {
        reader.cleanup();
      }
    }
  }
}
