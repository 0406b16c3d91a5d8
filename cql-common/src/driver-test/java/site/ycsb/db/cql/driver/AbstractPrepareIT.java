package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.db.cql.WorkloadStatements;
import site.ycsb.testserver.cassandra.CassandraTestServer;
import site.ycsb.testsupport.ChildProcess;

/**
 * Statements are prepared during init, not on the measured path: with the core workload's properties, init
 * prepares every statement the run can issue, and a missing table fails init with one line (exit 3 through the
 * client). Runs against the real Cassandra test server.
 */
public abstract class AbstractPrepareIT {
  private static final String TABLE = "preptable";

  protected abstract BindingUnderTest binding();

  protected abstract String keyspace();

  /** The core workload's properties for {@code table}; the keyspace (and {@link #TABLE}) exist afterwards. */
  private Properties coreWorkload(CassandraTestServer server, String table) {
    server.createYcsbSchema(keyspace(), TABLE, 10, "field");
    Properties p = binding().connection(server, keyspace());
    p.setProperty("workload", WorkloadStatements.CORE_WORKLOAD);
    p.setProperty("table", table);
    p.setProperty("fieldcount", "10");
    p.setProperty("readallfields", "false");
    p.setProperty("dotransactions", "true");
    return p;
  }

  @Test
  void should_prepare_every_statement_of_the_workload_in_init_when_running_the_core_workload() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Properties props = coreWorkload(server, TABLE);
    int planned = WorkloadStatements.plan(props, false).statements().size();
    DB db = ItSupport.open(binding(), props);
    try {
      assertEquals(planned, ((CqlClient) db).preparedStatements(), "prepared in init");
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < 10; i++) {
        row.put("field" + i, "v" + i);
      }
      assertEquals(Status.OK, db.insert(TABLE, "p1", StringByteIterator.getByteIteratorMap(row)));
      assertEquals(Status.OK, db.read(TABLE, "p1", Collections.singleton("field3"), new HashMap<>()));
      assertEquals(Status.OK, db.scan(TABLE, "p1", 5, Collections.singleton("field9"),
          new Vector<HashMap<String, ByteIterator>>()));
      assertEquals(Status.OK, db.update(TABLE, "p1",
          StringByteIterator.getByteIteratorMap(Collections.singletonMap("field5", "x"))));
      assertEquals(Status.OK, db.delete(TABLE, "p1"));
      assertEquals(planned, ((CqlClient) db).preparedStatements(), "nothing prepared on the measured path");
    } finally {
      db.cleanup();
    }
  }

  @Test
  void should_fail_init_with_one_line_naming_the_table_when_the_table_is_missing() {
    CassandraTestServer server = CassandraTestServer.shared();
    DBException e = assertThrows(DBException.class,
        () -> ItSupport.open(binding(), coreWorkload(server, "no_such_table")));
    assertTrue(e.getMessage().contains("no_such_table"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void should_exit_3_with_one_line_when_the_client_runs_against_a_missing_table() throws Exception {
    try {
      Class.forName("site.ycsb.Client");
    } catch (ClassNotFoundException e) {
      Assumptions.abort("this project's engine (site.ycsb.Client) is not on the test classpath");
    }
    CassandraTestServer server = CassandraTestServer.shared();
    Path dir = ItSupport.workDir(getClass().getSimpleName());
    List<String> args = new ArrayList<>(Arrays.asList("-t", "-db", binding().dbClassName(), "-threads", "2",
        "-p", "operationcount=10", "-p", "recordcount=10"));
    for (Map.Entry<Object, Object> e : coreWorkload(server, "missing_table").entrySet()) {
      args.add("-p");
      args.add(e.getKey() + "=" + e.getValue());
    }
    ChildProcess.Result run = ItSupport.java(System.getProperty("java.class.path"), "site.ycsb.Client", args, dir, 120);
    assertEquals(3, run.exitCode, run.toString());
    assertTrue(run.stderr.contains("missing_table"), run.toString());
    assertFalse(run.stderr.contains("\tat "), "stack trace: " + run);
    assertFalse(run.stdout.contains("[OVERALL]"), "no results for a run that never started: " + run);
  }
}
