package site.ycsb.db.griddb;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The binding jar dropped into a YCSB 0.17.0 install (core 0.17.0 and the jars that release shipped in lib/, the
 * binding and its runtime jars in griddb-binding/lib/) runs workload A against a real GridDB.
 */
class Ycsb017DropInIT {
  private static final String TABLE = "ycsb017" + Long.toHexString(System.nanoTime());
  private static GridDBTarget target;

  @BeforeAll
  static void findServer() {
    target = GridDBTarget.get();
  }

  @BeforeEach
  void requireServer() {
    assumeTrue(target != null, GridDBTarget.HOW_TO_ENABLE);
  }

  @AfterAll
  static void drop() throws Exception {
    if (target != null) {
      target.dropTable(TABLE);
    }
  }

  @Test
  void should_load_and_run_workload_a_when_dropped_into_ycsb_0_17_0() throws Exception {
    File home = new File(System.getProperty("griddb.it.ycsb017Dir"));
    File jar = new File(System.getProperty("griddb.it.bindingJar"));
    assertTrue(new File(home, "lib/core-0.17.0.jar").isFile(), "YCSB 0.17.0 lib/ not prepared in " + home);
    assertTrue(jar.isFile(), "binding jar missing: " + jar);
    String cp = new File(home, "lib").getPath() + File.separator + "*" + File.pathSeparator
        + new File(home, "griddb-binding/lib").getPath() + File.separator + "*" + File.pathSeparator + jar.getPath();

    Properties p = target.with(
        "workload", "site.ycsb.workloads.CoreWorkload",
        "table", TABLE,
        "recordcount", "1000",
        "operationcount", "1000",
        "readproportion", "0.5",
        "updateproportion", "0.5",
        "requestdistribution", "zipfian");
    YcsbRun load = YcsbRun.run(cp, p, "-load", "-db", "site.ycsb.db.griddb.GridDBClient", "-threads", "2");
    assertEquals(0, load.exitCode, load.tail());
    assertEquals(Long.valueOf(1000), load.returns().get("INSERT OK"), load.tail());
    assertTrue(load.nonOk().isEmpty(), load.nonOk() + "\n" + load.tail());

    YcsbRun run = YcsbRun.run(cp, p, "-t", "-db", "site.ycsb.db.griddb.GridDBClient", "-threads", "2");
    assertEquals(0, run.exitCode, run.tail());
    assertTrue(run.nonOk().isEmpty(), run.nonOk() + "\n" + run.tail());
    long ops = run.returns().getOrDefault("READ OK", 0L) + run.returns().getOrDefault("UPDATE OK", 0L);
    assertEquals(1000, ops, run.tail());
  }
}
