package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import site.ycsb.testserver.cassandra.CassandraTestServer;
import site.ycsb.testsupport.ChildProcess;

/**
 * End-to-end runs through YCSB's own client in a forked JVM: workloads A–F with this project's engine, and the
 * drop-in case — the binding's jars added to a YCSB 0.17.0 install (core 0.17.0 and its lib/ from Maven Central).
 */
public abstract class AbstractYcsbRunIT {
  private static final int RECORDS = 300;
  private static final int OPERATIONS = 300;

  protected abstract BindingUnderTest binding();

  protected abstract String keyspace();

  private List<String> args(CassandraTestServer server, String table, Path workloadFile, boolean load) {
    List<String> args = new ArrayList<>(Arrays.asList(load ? "-load" : "-t", "-db", binding().dbClassName(),
        "-P", workloadFile.toString(), "-threads", "2", "-s",
        "-p", "table=" + table, "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS,
        "-p", "fieldlength=50"));
    for (Map.Entry<Object, Object> e : binding().connection(server, keyspace()).entrySet()) {
      args.add("-p");
      args.add(e.getKey() + "=" + e.getValue());
    }
    return args;
  }

  private static void assertClean(ChildProcess.Result run, String phase) {
    assertEquals(0, run.exitCode, phase + ": " + run);
    assertTrue(run.stdout.contains("[OVERALL], Throughput(ops/sec)"), phase + ": " + run);
    assertFalse(run.stdout.contains("-FAILED]"), phase + " has failed operations: " + run);
    assertFalse(run.stderr.contains("\tat "), phase + " printed a stack trace: " + run);
  }

  @Test
  void should_run_workloads_a_to_f_when_driven_by_the_client() throws Exception {
    try {
      Class.forName("site.ycsb.Client");
    } catch (ClassNotFoundException e) {
      Assumptions.abort("this project's engine (site.ycsb.Client in core 1.0.0-SNAPSHOT) is not installed in ~/.m2");
    }
    CassandraTestServer server = CassandraTestServer.shared();
    String table = "wltable";
    server.createYcsbSchema(keyspace(), table, 10, "field");
    server.execute("TRUNCATE " + keyspace() + "." + table);
    Path dir = ItSupport.workDir(getClass().getSimpleName());
    String cp = System.getProperty("java.class.path");

    ChildProcess.Result load = ItSupport.java(cp, "site.ycsb.Client",
        args(server, table, ItSupport.writeProperties(dir, "workloada", Workloads.workload('a')), true), dir, 120);
    assertClean(load, "load");
    assertEquals(RECORDS, ItSupport.metric(load.stdout, "INSERT", "Return=OK"), load.toString());
    assertEquals(RECORDS, server.countRows(keyspace(), table));

    for (char letter : "abcdef".toCharArray()) {
      Path file = ItSupport.writeProperties(dir, "workload" + letter, Workloads.workload(letter));
      ChildProcess.Result run = ItSupport.java(cp, "site.ycsb.Client", args(server, table, file, false), dir, 120);
      assertClean(run, "workload " + letter);
      String mainOp = letter == 'e' ? "SCAN" : "READ";
      assertTrue(ItSupport.metric(run.stdout, mainOp, "Return=OK") > 0, "workload " + letter + ": " + run);
      assertTrue(run.stdout.contains("[" + binding().retryMetric() + "], TOTAL, "), run.toString());
    }
  }

  /**
   * Issue 44: writes at consistency THREE on the one-node server can never succeed. With max_consecutive_errors off
   * the run completes, every failed update is counted and not retried (no retry can change the cluster's size), the
   * reads are answered, and the exit code (4) and the verdict name UPDATE UNAVAILABLE over errors.budget.
   */
  @Test
  void should_exit_4_and_name_the_updates_without_retrying_them_when_writes_need_three_replicas_of_one_node()
      throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    String table = "budgettable";
    Path dir = loadedTable(server, table);
    // a fresh one: the engine refuses to overwrite a result, and the work directory outlives a build
    Path results = java.nio.file.Files.createTempDirectory(dir, "three-results");
    List<String> args = args(server, table, ItSupport.writeProperties(dir, "workloada", Workloads.workload('a')),
        false);
    args.addAll(Arrays.asList("-p", binding().names().writeCl + "=THREE", "-p", "max_consecutive_errors=0",
        "-p", "results.dir=" + results));
    ChildProcess.Result run = ItSupport.java(System.getProperty("java.class.path"), "site.ycsb.Client", args, dir,
        120);
    assertEquals(4, run.exitCode, run.toString());
    long failed = ItSupport.metric(run.stdout, "UPDATE", "Return=UNAVAILABLE");
    long reads = ItSupport.metric(run.stdout, "READ", "Return=OK");
    assertTrue(failed > 0 && reads > 0 && failed + reads == OPERATIONS, run.toString());
    assertTrue(run.stderr.contains("WARNING: " + failed + " of " + OPERATIONS + " operations failed ("), run.stderr);
    assertTrue(run.stderr.contains(": UPDATE UNAVAILABLE=" + failed + "), over errors.budget=0.1%"), run.stderr);
    assertEquals(0, ItSupport.metric(run.stdout, binding().retryMetric(), "UPDATE"), "not retried: " + run);
    assertTrue(run.stderr.contains("not retried: more replicas required than the cluster has nodes"), run.stderr);
    String summary = new String(java.nio.file.Files.readAllBytes(results.resolve("summary.json")),
        java.nio.charset.StandardCharsets.UTF_8).replaceAll("\\s+", "");
    assertTrue(summary.contains("\"failedByOperation\":{\"UPDATE\":{\"UNAVAILABLE\":" + failed + "}}"), summary);
    assertTrue(summary.contains("\"exitCode\":4"), summary);
  }

  /**
   * Issue 44: every operation at consistency THREE on one node fails; with max_consecutive_errors off and no limit on
   * the operations, errors.giveup ends the run with its verdict (exit 1) instead of letting it grind on.
   */
  @Test
  void should_end_early_with_exit_1_when_no_operation_can_succeed_on_the_cluster() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    String table = "giveuptable";
    Path dir = loadedTable(server, table);
    List<String> args = args(server, table, ItSupport.writeProperties(dir, "workloada", Workloads.workload('a')),
        false);
    args.addAll(Arrays.asList("-p", binding().names().writeCl + "=THREE", "-p", binding().names().readCl + "=THREE",
        "-p", "max_consecutive_errors=0", "-p", "operationcount=0", "-p", "maxexecutiontime=100", "-target", "50",
        "-p", "errors.giveup=3s"));
    ChildProcess.Result run = ItSupport.java(System.getProperty("java.class.path"), "site.ycsb.Client", args, dir,
        120);
    assertEquals(1, run.exitCode, run.toString());
    assertTrue(run.stderr.matches("(?s).*Error: ended early: for [0-9.]+s every operation failed and none was "
        + "answered \\(\\d+ failed: READ UNAVAILABLE=\\d+, UPDATE UNAVAILABLE=\\d+; errors\\.giveup=3s\\).*"),
        run.stderr);
    assertFalse(run.stderr.contains("Maximum execution time"), "the rule ended it: " + run.stderr);
    assertEquals(0, ItSupport.metric(run.stdout, binding().retryMetric(), "TOTAL"), run.toString());
  }

  /** A fresh table of the shared server, loaded with {@link #RECORDS} records at ONE; returns the work directory. */
  private Path loadedTable(CassandraTestServer server, String table) throws Exception {
    server.createYcsbSchema(keyspace(), table, 10, "field");
    server.execute("TRUNCATE " + keyspace() + "." + table);
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-" + table);
    ChildProcess.Result load = ItSupport.java(System.getProperty("java.class.path"), "site.ycsb.Client",
        args(server, table, ItSupport.writeProperties(dir, "workloada", Workloads.workload('a')), true), dir, 120);
    assertClean(load, "load");
    return dir;
  }

  @Test
  void should_load_and_run_workload_a_when_dropped_into_a_ycsb_0_17_0_install() throws Exception {
    String lib017 = System.getProperty("ycsb017.lib");
    String bindingJar = System.getProperty("binding.jar");
    String bindingLib = System.getProperty("binding.lib");
    Assumptions.assumeTrue(lib017 != null && new File(bindingJar).isFile(),
        "run through maven-failsafe (needs the packaged binding jar and the YCSB 0.17.0 lib/)");
    CassandraTestServer server = CassandraTestServer.shared();
    String table = "dropintable";
    server.createYcsbSchema(keyspace(), table, 10, "field");
    server.execute("TRUNCATE " + keyspace() + "." + table);
    Path dir = ItSupport.workDir(getClass().getSimpleName() + "-0.17.0");
    // The layout of an install: <ycsb>/lib/* then <ycsb>/<binding>-binding/lib/* (binding jar + its runtime deps).
    String cp = String.join(File.pathSeparator, Paths.get(lib017, "*").toString(),
        Paths.get(bindingLib, "*").toString(), bindingJar);
    Path workload = ItSupport.writeProperties(dir, "workloada", Workloads.workload('a'));

    ChildProcess.Result load = ItSupport.java(cp, "site.ycsb.Client", args(server, table, workload, true), dir, 120);
    assertClean(load, "0.17.0 load");
    assertEquals(RECORDS, ItSupport.metric(load.stdout, "INSERT", "Return=OK"), load.toString());
    assertEquals(RECORDS, server.countRows(keyspace(), table));

    ChildProcess.Result run = ItSupport.java(cp, "site.ycsb.Client", args(server, table, workload, false), dir, 120);
    assertClean(run, "0.17.0 run");
    long reads = ItSupport.metric(run.stdout, "READ", "Return=OK");
    long updates = ItSupport.metric(run.stdout, "UPDATE", "Return=OK");
    assertEquals(OPERATIONS, reads + updates, run.toString());
    assertTrue(run.stdout.contains("[" + binding().retryMetric() + "], TOTAL, 0"), run.toString());
  }
}
