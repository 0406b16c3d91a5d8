package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;
import site.ycsb.testserver.griddb.GridDBInstallation;
import site.ycsb.testserver.griddb.GridDBServer;
import site.ycsb.testserver.griddb.NodePorts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A run whose server is killed (SIGKILL) mid-run, against a node of its own started from YCSB_GRIDDB_HOME (the
 * shared node of the other ITs must survive): the run must end in bounded time, exit 1, and say why in a line that
 * names the unreachable cluster, without waiting on the dead node at cleanup.
 */
class GridDBKilledServerIT {
  @Test
  void should_end_the_run_in_bounded_time_with_exit_1_naming_the_cluster_when_the_server_is_killed()
      throws Exception {
    GridDBInstallation installation = GridDBInstallation.fromEnvironment();
    assumeTrue(installation != null, "GridDB killed-server test skipped: YCSB_GRIDDB_HOME is not set");
    Path dir = Files.createTempDirectory("griddb-killed");
    try (GridDBServer server = GridDBServer.startTiedToThisJvm(installation, dir, NodePorts.free())) {
      Properties p = server.bindingProperties();
      p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
      p.setProperty("recordcount", "2000");
      p.setProperty("fieldcount", "4");
      p.setProperty("griddb.insertbatchsize", "100");
      String cp = YcsbRun.itClasspath();
      YcsbRun load = YcsbRun.run(cp, p, "-load", "-db", GridDBClient.class.getName(), "-threads", "4");
      assertEquals(0, load.exitCode, load.tail());

      p.remove("griddb.insertbatchsize");
      p.setProperty("operationcount", "100000000");
      p.setProperty("maxexecutiontime", "600");
      p.setProperty("readproportion", "0.5");
      p.setProperty("updateproportion", "0.5");
      ExecutorService pool = Executors.newSingleThreadExecutor();
      Future<YcsbRun> run = pool.submit(() -> YcsbRun.run(cp, p, "-t", "-db", GridDBClient.class.getName(),
          "-threads", "8", "-target", "500"));
      Thread.sleep(12_000);
      long pid = GridDBServer.pid(dir);
      assertTrue(pid > 0);
      assertEquals(0, new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor());
      long killed = System.nanoTime();
      YcsbRun r = run.get(5, TimeUnit.MINUTES);
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
      pool.shutdown();
      assertEquals(1, r.exitCode, r.tail());
      // failoverTimeout (10 s) for the operations in flight, then fast failures; a margin for a busy machine.
      assertTrue(seconds < 90, "ended " + seconds + " s after the kill\n" + r.tail());
      assertTrue(r.output.contains("GridDB cluster unreachable ("), r.tail());
      assertTrue(r.returns().getOrDefault("READ OK", 0L) > 0, "ran before the kill\n" + r.tail());
      assertFalse(r.output.contains("historyOfTop10"), r.tail());
      assertFalse(r.output.contains("password=" + GridDBServer.PASSWORD), r.tail());
    } finally {
      deleteTree(dir);
    }
  }

  private static void deleteTree(Path dir) throws java.io.IOException {
    if (Files.exists(dir)) {
      try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
        all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
