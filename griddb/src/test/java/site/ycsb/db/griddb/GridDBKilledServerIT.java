package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;
import site.ycsb.testserver.griddb.GridDBServer;

import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run whose server is killed (SIGKILL) mid-run, against a node of its own started from YCSB_GRIDDB_HOME (the
 * shared node of the other ITs must survive): the run must end in bounded time, exit 1, and say why in a line that
 * names the unreachable cluster, without waiting on the dead node at cleanup.
 */
class GridDBKilledServerIT {
  @Test
  void should_end_the_run_in_bounded_time_with_exit_1_naming_the_cluster_when_the_server_is_killed()
      throws Exception {
    try (OwnGridDBNode node = OwnGridDBNode.startOrSkip("killed-server")) {
      Properties p = node.workload(2000, 4);
      p.setProperty("griddb.insertbatchsize", "100");
      String cp = YcsbRun.itClasspath();
      YcsbRun load = YcsbRun.run(cp, p, "-load", "-db", GridDBClient.class.getName(), "-threads", "4");
      assertEquals(0, load.exitCode, load.tail());

      p.remove("griddb.insertbatchsize");
      p.setProperty("operationcount", "100000000");
      p.setProperty("maxexecutiontime", "600");
      p.setProperty("readproportion", "0.5");
      p.setProperty("updateproportion", "0.5");
      YcsbRun r;
      long killed;
      try (YcsbRun.Started run = YcsbRun.start(cp, p, "-t", "-db", GridDBClient.class.getName(),
          "-threads", "8", "-target", "500")) {
        // The kill comes 5 s into the operations, however long the child JVM took to get there.
        run.awaitOutput(YcsbRun.OPERATIONS_START, 5, TimeUnit.MINUTES);
        Thread.sleep(5_000);
        assertTrue(node.pid() > 0);
        assertTrue(node.signal("KILL"));
        killed = System.nanoTime();
        r = run.finish();
      }
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
      assertEquals(1, r.exitCode, r.tail());
      // failoverTimeout (10 s) for the operations in flight, then fast failures; a margin for a busy machine.
      assertTrue(seconds < 90, "ended " + seconds + " s after the kill\n" + r.tail());
      assertTrue(r.output.contains("GridDB cluster unreachable ("), r.tail());
      assertTrue(r.returns().getOrDefault("READ OK", 0L) > 0, "ran before the kill\n" + r.tail());
      assertFalse(r.output.contains("historyOfTop10"), r.tail());
      assertFalse(r.output.contains("password=" + GridDBServer.PASSWORD), r.tail());
    }
  }

}
