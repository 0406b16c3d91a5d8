package site.ycsb.db.griddb;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Workloads A-F end to end through this project's {@code site.ycsb.Client} (child JVM) against a real GridDB, with
 * {@code dataintegrity=true}, after a batched load.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GridDBWorkloadsIT {
  private static final String TABLE = "ycsbwl" + Long.toHexString(System.nanoTime());
  private static final int RECORDS = 2000;
  private static GridDBTarget target;
  private static String classpath;
  private static boolean engineFound;

  @BeforeAll
  static void findServerAndEngine() throws Exception {
    target = GridDBTarget.get();
    boolean engine;
    try {
      Class.forName("site.ycsb.Client");
      Class.forName("site.ycsb.workloads.CoreWorkload");
      engine = true;
    } catch (ClassNotFoundException e) {
      engine = false;
    }
    engineFound = engine;
    if (target != null && engine) {
      classpath = YcsbRun.itClasspath();
    }
  }

  @BeforeEach
  void requireServerAndEngine() {
    assumeTrue(target != null, GridDBTarget.HOW_TO_ENABLE);
    assumeTrue(engineFound, "GridDB workload tests skipped: site.ycsb.Client/CoreWorkload not in the installed core");
  }

  @AfterAll
  static void drop() throws Exception {
    if (target != null) {
      target.dropTable(TABLE);
    }
  }

  static Properties base() {
    Properties p = target.with(
        "workload", "site.ycsb.workloads.CoreWorkload",
        "table", TABLE,
        "recordcount", Integer.toString(RECORDS),
        "operationcount", "1000",
        "dataintegrity", "true",
        "fieldcount", "10",
        "fieldlength", "100");
    return p;
  }

  /** A workload's mix on top of the base properties (E scans fewer operations: each scan reads every container). */
  static Properties workload(char w) {
    Properties p = base();
    p.putAll(WorkloadMixes.of(w));
    if (w == 'E') {
      p.setProperty("operationcount", "300");
    }
    return p;
  }

  @Test
  @Order(1)
  void should_load_all_records_with_batched_inserts() throws Exception {
    Properties p = base();
    p.setProperty("griddb.insertbatchsize", "100");
    YcsbRun r = YcsbRun.run(classpath, p, "-load", "-db", GridDBClient.class.getName(), "-threads", "4");
    assertEquals(0, r.exitCode, r.tail());
    assertTrue(r.nonOk().isEmpty(), r.nonOk() + "\n" + r.tail());
    long inserts = r.returns().getOrDefault("INSERT OK", 0L) + r.returns().getOrDefault("INSERT BATCHED_OK", 0L);
    assertEquals(RECORDS, inserts, r.tail());
  }

  @ParameterizedTest
  @Order(2)
  @ValueSource(chars = {'A', 'B', 'C', 'D', 'E', 'F'})
  void should_run_the_workload_with_only_ok_results_and_verified_data(char w) throws Exception {
    YcsbRun r = YcsbRun.run(classpath, workload(w), "-t", "-db", GridDBClient.class.getName(), "-threads", "4");
    assertEquals(0, r.exitCode, r.tail());
    assertTrue(r.nonOk().isEmpty(), "workload " + w + ": " + r.nonOk() + "\n" + r.tail());
    String main = w == 'E' ? "SCAN OK" : w == 'F' ? "UPDATE OK" : "READ OK";
    assertTrue(r.returns().containsKey(main), "workload " + w + " has no " + main + "\n" + r.tail());
    assertTrue(r.returns().containsKey("VERIFY OK") || w == 'E',
        "workload " + w + " verified no read\n" + r.tail());
  }
}
