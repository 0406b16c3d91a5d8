package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** TimeSeriesWorkload through the real engine on {@code basicts}, with the shipped workload files. */
class TimeSeriesRunTest {
  @Test
  void should_load_and_run_tsworkloada_when_using_basicts() {
    ClientRunner load = ClientRunner.run("-load", "-db", "site.ycsb.BasicTSDB", "-P", "../workloads/tsworkloada",
        "-p", "recordcount=2048", "-p", "insertstart=1500000000", "-threads", "2");
    assertEquals(0, load.exitCode, load.err);
    assertEquals(2048, load.longValue("INSERT", "Operations"));
    ClientRunner run = ClientRunner.run("-t", "-db", "site.ycsb.BasicTSDB", "-P", "../workloads/tsworkloada",
        "-p", "recordcount=2048", "-p", "operationcount=1000", "-p", "insertstart=1500000000");
    assertEquals(0, run.exitCode, run.err);
    assertEquals(1000, run.longValueOrZero("READ", "Operations") + run.longValueOrZero("INSERT", "Operations"));
    assertTrue(run.longValueOrZero("READ", "Operations") > 0);
  }

  @Test
  void should_run_the_template_when_scans_and_deletes_are_added() {
    ClientRunner run = ClientRunner.run("-t", "-db", "site.ycsb.BasicTSDB", "-P",
        "../workloads/tsworkload_template", "-p", "recordcount=1000", "-p", "operationcount=500",
        "-p", "scanproportion=0.3", "-p", "querytimespan=600");
    assertEquals(0, run.exitCode, run.err);
    assertTrue(run.longValueOrZero("SCAN", "Operations") > 0);
  }

  @Test
  void should_exit_2_with_one_line_when_a_property_is_bad() {
    ClientRunner r = ClientRunner.run("-load", "-db", "site.ycsb.BasicTSDB", "-P", "../workloads/tsworkloada",
        "-p", "tagcardinality=1,0");
    assertEquals(2, r.exitCode, r.err);
    assertTrue(r.err.contains("tagcardinality"), r.err);
    assertFalse(r.err.contains("\tat "), r.err);
  }
}
