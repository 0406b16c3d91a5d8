package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Properties;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.testserver.cassandra.CassandraTestServer;
import site.ycsb.testsupport.ChildProcess;

/** Password authentication against the server started with PasswordAuthenticator. */
public abstract class AbstractAuthIT {
  private static final String TABLE = "authtable";

  protected abstract BindingUnderTest binding();

  protected abstract String keyspace();

  private CassandraTestServer server() {
    CassandraTestServer server = CassandraTestServer.sharedWithAuth();
    Assumptions.assumeTrue(server.username() != null, "the external cluster has no credentials configured");
    server.createYcsbSchema(keyspace(), TABLE, 10, "field");
    return server;
  }

  @Test
  void should_read_and_write_when_the_password_is_right() throws DBException {
    DB db = ItSupport.open(binding(), binding().connection(server(), keyspace()));
    try {
      HashMap<String, String> values = new HashMap<>();
      values.put("field0", "secured");
      assertEquals(Status.OK, db.insert(TABLE, "auth-key", StringByteIterator.getByteIteratorMap(values)));
      HashMap<String, site.ycsb.ByteIterator> result = new HashMap<>();
      assertEquals(Status.OK, db.read(TABLE, "auth-key", null, result));
      assertEquals("secured", result.get("field0").toString());
    } finally {
      db.cleanup();
    }
  }

  @Test
  void should_fail_init_with_one_clear_line_when_the_password_is_wrong() {
    Properties props = binding().connection(server(), keyspace());
    String wrong = "definitely-Wrong-pw";
    props.setProperty(binding().passwordProperty(), wrong);
    DBException e = assertThrows(DBException.class, () -> ItSupport.open(binding(), props));
    String message = e.getMessage();
    assertTrue(message.contains("authentication failed"), message);
    assertFalse(message.contains("\n"), message);
    assertFalse(message.contains(wrong), message);
  }

  @Test
  void should_exit_with_an_init_error_and_no_stack_trace_when_the_client_gets_a_wrong_password() throws Exception {
    try {
      Class.forName("site.ycsb.Client");
    } catch (ClassNotFoundException e) {
      org.junit.jupiter.api.Assumptions.abort("this project's engine (site.ycsb.Client) is not installed in ~/.m2");
    }
    Properties props = binding().connection(server(), keyspace());
    String wrong = "Wrong-pw-for-client";
    props.setProperty(binding().passwordProperty(), wrong);
    java.util.List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList("-load", "-db",
        binding().dbClassName(), "-threads", "2", "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "recordcount=10", "-p", "table=" + TABLE));
    for (String name : props.stringPropertyNames()) {
      args.add("-p");
      args.add(name + "=" + props.getProperty(name));
    }
    java.nio.file.Path dir = ItSupport.workDir(getClass().getSimpleName());
    ChildProcess.Result run = ItSupport.java(System.getProperty("java.class.path"), "site.ycsb.Client", args, dir, 120);
    assertTrue(run.exitCode != 0, run.toString());
    assertTrue(run.stderr.contains("authentication failed"), run.toString());
    assertFalse(run.stderr.contains("\tat "), run.toString());
    assertFalse((run.stdout + run.stderr).contains(wrong), "password leaked: " + run);
  }

  @Test
  void should_fail_init_with_one_clear_line_when_credentials_are_missing() {
    Properties props = binding().connection(server(), keyspace());
    props.remove(binding().usernameProperty());
    props.remove(binding().passwordProperty());
    DBException e = assertThrows(DBException.class, () -> ItSupport.open(binding(), props));
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertTrue(e.getMessage().toLowerCase().contains("authentic"), e.getMessage());
  }
}
