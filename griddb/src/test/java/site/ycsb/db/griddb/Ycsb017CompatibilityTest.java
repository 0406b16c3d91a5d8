package site.ycsb.db.griddb;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Unit test (no server: {@link FakeStoreGridDBClient} runs the binding on an in-memory test double of GridDB): the
 * binding's classes, with its runtime jars, run a batched load inside YCSB 0.17.0's own engine (core 0.17.0 and the
 * jars that release shipped), i.e. they use only API that 0.17.0 has.
 */
class Ycsb017CompatibilityTest {

  @Test
  void should_load_through_the_ycsb_0_17_0_engine_when_dropped_into_its_install() throws Exception {
    String homeDir = System.getProperty("griddb.it.ycsb017Dir");
    assumeTrue(homeDir != null, "skipped: run through Maven (griddb.it.ycsb017Dir not set)");
    File home = new File(homeDir);
    assertTrue(new File(home, "lib/core-0.17.0.jar").isFile(), "YCSB 0.17.0 lib/ not prepared in " + home);
    String sep = File.pathSeparator;
    String cp = new File(home, "lib") + File.separator + "*" + sep
        + new File(home, "griddb-binding/lib") + File.separator + "*" + sep
        + new File("target/classes").getAbsolutePath() + sep + new File("target/test-classes").getAbsolutePath();
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("recordcount", "1000");
    p.setProperty("notificationMember", "127.0.0.1:10001");
    p.setProperty("clusterName", "unit");
    p.setProperty("userName", "admin");
    p.setProperty("password", "admin");
    p.setProperty("griddb.insertbatchsize", "10");
    YcsbRun r = YcsbRun.run(cp, p, "-load", "-db", FakeStoreGridDBClient.class.getName(), "-threads", "2");
    assertEquals(0, r.exitCode, r.tail());
    assertTrue(r.output.contains("YCSB Client 0.17.0"), r.tail());
    assertTrue(r.nonOk().isEmpty(), r.nonOk() + "\n" + r.tail());
    long inserts = r.returns().getOrDefault("INSERT OK", 0L) + r.returns().getOrDefault("INSERT BATCHED_OK", 0L);
    assertEquals(1000, inserts, r.tail());
    assertEquals(Long.valueOf(100), r.returns().get("INSERT OK"), "one write per 10 inserts\n" + r.tail());
  }
}
