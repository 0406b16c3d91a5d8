package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** TimeSeriesWorkload through the real engine on the null time-series binding (basicts). */
class TimeSeriesRunTest {
  private static final String WORKLOAD = "workload=site.ycsb.workloads.TimeSeriesWorkload";

  private static ClientRunner run(String phase, String... props) {
    String[] args = new String[5 + 2 * props.length];
    args[0] = phase;
    args[1] = "-db";
    args[2] = "site.ycsb.BasicTSDB";
    args[3] = "-p";
    args[4] = WORKLOAD;
    for (int i = 0; i < props.length; i++) {
      args[5 + 2 * i] = "-p";
      args[6 + 2 * i] = props[i];
    }
    return ClientRunner.run(args);
  }

  @Test
  void should_load_recordcount_points_and_run_the_mix_when_driving_basicts() {
    ClientRunner load = run("-load", "recordcount=600", "timestampstart=1500000000");
    assertEquals(0, load.exitCode, load.toString());
    assertEquals(600, load.longValue("INSERT", "Operations"));
    ClientRunner r = run("-t", "recordcount=600", "operationcount=400", "timestampstart=1500000000",
        "readproportion=0.4", "updateproportion=0", "insertproportion=0.3", "scanproportion=0.3",
        "querytimespan=600", "groupbyfunction=MAX", "groupbykeys=0,1,0,0");
    assertEquals(0, r.exitCode, r.toString());
    long reads = r.longValue("READ", "Operations");
    long inserts = r.longValue("INSERT", "Operations");
    long scans = r.longValue("SCAN", "Operations");
    assertEquals(400, reads + inserts + scans);
    assertTrue(reads > 0 && inserts > 0 && scans > 0, r.out);
    assertFalse(r.out.contains("FAILED"), r.out);
  }

  @Test
  void should_load_in_parallel_threads_without_losing_points() {
    ClientRunner load = ClientRunner.run("-load", "-db", "site.ycsb.BasicTSDB", "-threads", "4", "-p", WORKLOAD,
        "-p", "recordcount=5000", "-p", "sparsity=0.2", "-p", "randomwritetimestamporder=true");
    assertEquals(0, load.exitCode, load.toString());
    assertEquals(5000, load.longValue("INSERT", "Operations"));
  }

  @Test
  void should_exit_2_with_one_line_naming_the_property_when_a_value_is_bad() {
    for (String bad : new String[] {"tagcardinality=1,two", "timestampunits=WEEKS", "sparsity=1.0",
        "groupbyfunction=MEDIAN", "valuetype=text"}) {
      ClientRunner r = run("-load", "recordcount=10", bad);
      assertEquals(2, r.exitCode, r.toString());
      String name = bad.substring(0, bad.indexOf('='));
      assertTrue(r.err.contains(name), r.err);
      assertFalse(r.err.contains("\tat "), r.err);
    }
  }

  @Test
  void should_exit_2_when_a_reading_run_has_no_loaded_interval() {
    ClientRunner r = run("-t", "operationcount=10");
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("recordcount"), r.err);
  }
}
