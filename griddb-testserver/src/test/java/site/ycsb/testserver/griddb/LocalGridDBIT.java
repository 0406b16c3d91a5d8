package site.ycsb.testserver.griddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ycsb griddb-server start|status|stop} against the real installation {@code YCSB_GRIDDB_HOME} names. */
class LocalGridDBIT {
  @TempDir
  Path tmp;

  private static int freeBase() throws Exception {
    for (int attempt = 0; attempt < 20; attempt++) {
      int base = NodePorts.free().transaction;
      if (base <= 65535 - 4) {
        boolean all = true;
        for (int p = base; p < base + 5; p++) {
          all &= !GridDBServer.listening(p);
        }
        if (all) {
          return base;
        }
      }
    }
    throw new IllegalStateException("no 5 consecutive free ports");
  }

  @Test
  void should_start_leave_settings_for_the_binding_and_stop_without_a_trace() throws Exception {
    Assumptions.assumeTrue(GridDBInstallation.fromEnvironment() != null,
        "griddb-server tests skipped: " + GridDBInstallation.ENV + " is not set");
    Path dir = tmp.resolve("node");
    Path conf = tmp.resolve("griddb/conf");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    LocalGridDB cli = new LocalGridDB(new PrintStream(out), System.err, conf);
    int base = freeBase();
    try {
      assertEquals(0, cli.run(new String[] {"start", "--dir", dir.toString(), "--port-base", Integer.toString(base)}),
          out.toString());
      Properties local = new Properties();
      try (InputStream in = Files.newInputStream(conf.resolve(LocalGridDB.LOCAL_FILE))) {
        local.load(in);
      }
      assertEquals("127.0.0.1:" + base, local.getProperty("griddb.notificationmember"));
      assertEquals("127.0.0.1:" + (base + 4), local.getProperty("griddb.sqlmember"));
      assertEquals(Integer.toString(base + 3), local.getProperty("griddb.systemport"), "its statistics are sampled");
      assertTrue(GridDBServer.listening(base));
      assertEquals(1, cli.run(new String[] {"start", "--dir", dir.toString()}), "second start is refused");
      assertEquals(0, cli.run(new String[] {"status", "--dir", dir.toString()}));
    } finally {
      long pid = GridDBServer.pid(dir);
      assertEquals(0, cli.run(new String[] {"stop", "--dir", dir.toString()}));
      assertFalse(Files.exists(Paths.get("/proc", Long.toString(pid))), "gsserver still running");
    }
    assertFalse(Files.exists(conf.resolve(LocalGridDB.LOCAL_FILE)), "settings file left behind");
    assertEquals(3, cli.run(new String[] {"status", "--dir", dir.toString()}));
  }
}
