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
