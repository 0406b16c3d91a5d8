package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** RestWorkload through the real engine with the shipped workload file and sample traces. */
class RestRunTest {
  private static final String TRACES = "../workloads/rest-traces/";

  private static ClientRunner run(String phase, String... extra) {
    String[] base = {phase, "-db", "site.ycsb.BasicDB", "-P", "../workloads/restworkload", "-p",
        "basicdb.verbose=false", "-p", "url.trace.read=" + TRACES + "read.txt", "-p",
        "url.trace.insert=" + TRACES + "insert.txt", "-p", "url.trace.update=" + TRACES + "update.txt", "-p",
        "url.trace.delete=" + TRACES + "delete.txt"};
    String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return ClientRunner.run(args);
  }

  @Test
  void should_run_the_mix_and_load_the_insert_trace_when_using_the_shipped_file() {
    ClientRunner r = run("-t", "-p", "operationcount=500", "-p", "deleteproportion=0.05");
    assertEquals(0, r.exitCode, r.toString());
    assertEquals(500, r.longValueOrZero("READ", "Operations") + r.longValueOrZero("INSERT", "Operations")
        + r.longValueOrZero("UPDATE", "Operations") + r.longValueOrZero("DELETE", "Operations"));
    ClientRunner load = run("-load");
    assertEquals(0, load.exitCode, load.toString());
    assertEquals(4, load.longValue("INSERT", "Operations"));
  }

  @Test
  void should_exit_2_with_one_line_when_a_trace_file_is_missing() {
    ClientRunner r = run("-t", "-p", "url.trace.read=/no/such/trace.txt");
    assertEquals(2, r.exitCode, r.toString());
    assertTrue(r.err.contains("url.trace.read=/no/such/trace.txt does not exist"), r.err);
    assertFalse(r.err.contains("\tat "), r.err);
  }
}
