package site.ycsb.db.griddb;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static site.ycsb.db.griddb.Rows.values;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node killed (SIGKILL) and started again on the same data, under one client that stays open: operations fail
 * with SERVICE_UNAVAILABLE in bounded time while it is down, then succeed again once it is back — reads, whole-row
 * writes and the locked partial update, whose handles the client may have closed — and rows written before the kill
 * are still there.
 */
class GridDBRestartedServerIT {
  @AfterEach
  void forgetHealth() {
    ClusterHealth.reset();
  }

  @Test
  void should_answer_again_with_the_rows_written_before_when_a_killed_node_is_restarted() throws Exception {
    try (OwnGridDBNode node = OwnGridDBNode.startOrSkip("restarted-server")) {
      Properties p = node.workload(10, 3);
      p.setProperty("griddb.failovertimeoutseconds", "3");
      p.setProperty("griddb.retrybackoffms", "10");
      GridDBClient client = new GridDBClient();
      client.setProperties(p);
      client.init();
      try {
        check(node, client);
      } finally {
        client.cleanup();
      }
    }
  }

  private static void check(OwnGridDBNode node, GridDBClient client) throws Exception {
    for (int i = 0; i < 10; i++) {
      assertSame(Status.OK, client.insert("usertable", "user" + i, values("field0", "a" + i, "field1", "b" + i)));
    }
    // With /dataStore/logWriteMode 1 (GridDB's sample configuration) the transaction log is written about once a
    // second: a row acknowledged in the last second before a kill may be lost, which this test is not about. Five
    // such seconds: a loaded machine may run the node's log writer late.
    Thread.sleep(5_000);
    assertTrue(node.signal("KILL"));

    long t0 = System.nanoTime();
    assertSame(Status.SERVICE_UNAVAILABLE, client.read("usertable", "user1", null, new HashMap<>()));
    assertSame(Status.SERVICE_UNAVAILABLE, client.update("usertable", "user2", values("field0", "x")));
    long downSeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
    assertTrue(downSeconds < 30, "failed after " + downSeconds + " s");

    node.restart();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    Status read;
    do {
      Thread.sleep(500);
      read = client.read("usertable", "user1", null, new HashMap<>());
    } while (read != Status.OK && System.nanoTime() < deadline);
    assertSame(Status.OK, read, "reads work again after the restart");
    assertSame(Status.OK, client.update("usertable", "user2", values("field0", "x")), "locked partial update");
    assertSame(Status.OK, client.insert("usertable", "user10", values("field0", "n", "field1", "m")));
    assertSame(Status.OK, client.delete("usertable", "user3"));
    for (int i = 0; i < 11; i++) {
      Map<String, ByteIterator> row = new HashMap<>();
      Status s = client.read("usertable", "user" + i, null, row);
      if (i == 3) {
        assertSame(Status.NOT_FOUND, s);
        continue;
      }
      assertSame(Status.OK, s, "user" + i);
      assertEquals(i == 2 ? "x" : i == 10 ? "n" : "a" + i, row.get("field0").toString(), "user" + i);
    }
  }
}
