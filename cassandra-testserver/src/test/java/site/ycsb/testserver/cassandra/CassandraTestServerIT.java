package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Starts real Cassandra 5.0.9 servers (shared, shared with auth, one through the CLI, one orphaned on purpose). */
class CassandraTestServerIT {
  private static final Path WORK = Paths.get("target", "cassandra-testserver-it").toAbsolutePath();

  @BeforeAll
  static void requireEnvironment() {
    String reason = CassandraTestServer.unavailableReason();
    assumeTrue(reason == null, reason);
  }

  @Test
  void should_run_ddl_and_count_rows_when_using_shared_server() {
    CassandraTestServer server = CassandraTestServer.shared();
    assertSame(server, CassandraTestServer.shared());
    server.createYcsbSchema("it_ks", "usertable", 4, "field");
    server.createYcsbSchema("it_ks", "usertable", 4, "field"); // idempotent
    server.execute("TRUNCATE it_ks.usertable",
        "INSERT INTO it_ks.usertable (y_id, field0, field3) VALUES ('user1', 'a', 'd')",
        "INSERT INTO it_ks.usertable (y_id, field1) VALUES ('user2', 'b')",
        "INSERT INTO it_ks.usertable (y_id) VALUES ('user3')");
    assertEquals(3, server.countRows("it_ks", "usertable"));
    CqlResult row = server.query("SELECT field0, field3 FROM it_ks.usertable WHERE y_id = 'user1'");
    assertEquals("a", row.string(0, 0));
    assertEquals("d", row.string(0, 1));
    assertEquals(CassandraTestServer.LOCAL_DATACENTER, server.localDatacenter());
    if (!server.isExternal()) {
      assertEquals("127.0.0.1", server.host());
      assertEquals(server.host(), server.hosts());
      assertEquals(null, server.username());
      assertTrue(Files.isRegularFile(server.directory().resolve("logs/server.log")));
    }
  }

  @Test
  void should_report_server_message_when_statement_is_invalid() {
    CassandraTestServer server = CassandraTestServer.shared();
    CqlException e = assertThrows(CqlException.class, () -> server.execute("SELECT * FROM no_such_ks.t"));
    assertEquals(0x2200, e.code());
    assertTrue(e.serverMessage().contains("no_such_ks"), e.getMessage());
    CqlException syntax = assertThrows(CqlException.class, () -> server.execute("SELEKT 1"));
    assertEquals(0x2000, syntax.code());
  }

  @Test
  void should_time_out_while_paused_and_answer_after_resume() {
    CassandraTestServer server = CassandraTestServer.shared();
    assumeFalse(server.isExternal(), "cannot pause an external cluster");
    long pid = serverPid(server);
    try (CqlWireClient client = server.connect(1_500)) {
      server.pause();
      try {
        assertEquals('T', Signals.state(pid), "server process " + pid + " should be stopped");
        long t0 = System.nanoTime();
        TestServerException e = assertThrows(TestServerException.class,
            () -> client.query("SELECT release_version FROM system.local"));
        assertTrue(e.getMessage().contains("no answer within the timeout"), e.getMessage());
        assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(1_400), "timed out too early");
      } finally {
        server.resume();
      }
    }
    CqlResult version = server.query("SELECT release_version FROM system.local");
    assertEquals(CassandraTestServer.CASSANDRA_VERSION, version.string(0, 0));
  }

  @Test
  void should_accept_right_password_and_reject_wrong_one_when_auth_enabled() {
    CassandraTestServer server = CassandraTestServer.sharedWithAuth();
    assumeTrue(server.username() != null, "external cluster without YCSB_CASSANDRA_USERNAME");
    assertTrue(server != CassandraTestServer.shared() || server.isExternal());
    server.createYcsbSchema("auth_ks", "usertable", 1, "field");
    server.execute("INSERT INTO auth_ks.usertable (y_id, field0) VALUES ('k', 'v')");
    assertEquals(1, server.countRows("auth_ks", "usertable"));

    CqlException wrong = assertThrows(CqlException.class,
        () -> CqlWireClient.connect(server.host(), server.port(), server.username(), "not-the-password", 10_000));
    assertEquals(0x0100, wrong.code());
    assertTrue(wrong.serverMessage().contains("incorrect"), wrong.getMessage());
    assertTrue(!wrong.getMessage().contains("not-the-password"), "password leaked: " + wrong.getMessage());

    TestServerException anonymous = assertThrows(TestServerException.class,
        () -> CqlWireClient.connect(server.host(), server.port(), null, null, 10_000));
    assertTrue(anonymous.getMessage().contains("requires authentication"), anonymous.getMessage());
  }

  @Test
  void should_start_report_and_stop_detached_server_when_using_cli() throws Exception {
    Path dir = WORK.resolve("cli");
    ServerDirectories.deleteRecursively(dir);
    int port = FreePorts.pick();
    TestJvm.Run start = cli(300, "start", "--dir", dir.toString(), "--port", Integer.toString(port));
    assertEquals(0, start.exitCode, start.output);
    assertTrue(start.output.contains("is running on 127.0.0.1:" + port), start.output);
    long pid = Long.parseLong(LocalCassandra.readState(dir).getProperty("pid"));
    try {
      assertTrue(Signals.isAlive(pid), "server must outlive the CLI");
      TestJvm.Run status = cli(60, "status", "--dir", dir.toString());
      assertEquals(0, status.exitCode, status.output);
      assertTrue(status.output.contains("running: pid " + pid), status.output);
      try (CqlWireClient client = CqlWireClient.connect("127.0.0.1", port, null, null, 10_000)) {
        CqlResult columns = client.query("SELECT column_name FROM system_schema.columns"
            + " WHERE keyspace_name = 'ycsb' AND table_name = 'usertable'");
        assertEquals(11, columns.rowCount(), "y_id and field0..field9");
        client.query("INSERT INTO ycsb.usertable (y_id, field0) VALUES ('kept', 'v')");
      }
      TestJvm.Run again = cli(60, "start", "--dir", dir.toString(), "--port",
          Integer.toString(port));
      assertEquals(1, again.exitCode, again.output);
      assertTrue(again.output.contains("already running"), again.output);
    } finally {
      TestJvm.Run stop = cli(120, "stop", "--dir", dir.toString());
      assertEquals(0, stop.exitCode, stop.output);
      assertTrue(stop.output.contains("stopped Cassandra (pid " + pid + ")"), stop.output);
    }
    assertTrue(!Signals.isAlive(pid), "server still alive after stop");
    TestJvm.Run status = cli(60, "status", "--dir", dir.toString());
    assertEquals(3, status.exitCode, status.output);

    int otherPort = FreePorts.pick();
    TestJvm.Run restart = cli(300, "start", "--dir", dir.toString(), "--port",
        Integer.toString(otherPort));
    try {
      assertEquals(0, restart.exitCode, restart.output);
      try (CqlWireClient client = CqlWireClient.connect("127.0.0.1", otherPort, null, null, 10_000)) {
        assertEquals(1, client.query("SELECT y_id FROM ycsb.usertable WHERE y_id = 'kept'").rowCount(),
            "data must survive a restart on another port");
      }
    } finally {
      assertEquals(0, cli(120, "stop", "--dir", dir.toString()).exitCode);
    }
  }

  @Test
  void should_stop_server_when_launching_jvm_is_killed() throws Exception {
    Path dir = WORK.resolve("orphan");
    ServerDirectories.deleteRecursively(dir);
    Process launcher = TestJvm.start(OrphanLauncher.class, dir.toString());
    long serverPid;
    try (BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line;
      List<String> seen = new ArrayList<>();
      while ((line = out.readLine()) != null && !line.equals(OrphanLauncher.READY)) {
        seen.add(line);
      }
      assertNotNull(line, "launcher ended without starting a server: " + seen);
      serverPid = Long.parseLong(new String(Files.readAllBytes(dir.resolve("server.pid")),
          StandardCharsets.US_ASCII).trim());
      assertTrue(Signals.isAlive(serverPid));
      launcher.destroyForcibly(); // SIGKILL: no shutdown hook runs in the launcher
      assertTrue(launcher.waitFor(30, TimeUnit.SECONDS));
    } finally {
      launcher.destroyForcibly();
    }
    assertTrue(TestJvm.awaitExit(serverPid, 60), "server outlived its launcher by 60 s");
    assertTrue(new String(Files.readAllBytes(dir.resolve("logs/server.log")), StandardCharsets.UTF_8)
        .contains("launcher process is gone"));
  }

  private static long serverPid(CassandraTestServer server) {
    try {
      return Long.parseLong(new String(Files.readAllBytes(server.directory().resolve("server.pid")),
          StandardCharsets.US_ASCII).trim());
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void should_fail_with_server_log_tail_when_server_exits_during_start() throws IOException {
    Path fakeLib = Files.createDirectories(WORK.resolve("broken-lib"));
    Path jar = fakeLib.resolve("cassandra-all-" + CassandraTestServer.CASSANDRA_VERSION + ".jar");
    if (!Files.exists(jar)) {
      Files.createFile(jar); // looks complete to the cache check, but holds no classes
    }
    System.setProperty(CassandraLibrary.PROPERTY_AND_ENV, fakeLib.toString());
    try {
      TestServerException e = assertThrows(TestServerException.class,
          () -> CassandraTestServer.startNew(WORK.resolve("broken"), false));
      String[] lines = e.getMessage().split("\n");
      assertTrue(lines[0].contains("exited with code 2 while starting"), e.getMessage());
      assertTrue(lines[1].startsWith("last lines of "), e.getMessage());
      assertTrue(e.getMessage().contains("CassandraDaemon is not on the classpath"), e.getMessage());
    } finally {
      System.clearProperty(CassandraLibrary.PROPERTY_AND_ENV);
    }
  }

  private static TestJvm.Run cli(int timeoutSeconds, String... args) throws Exception {
    return TestJvm.run(WORK, LocalCassandra.class, timeoutSeconds, args);
  }

  /** Main of the launcher JVM killed by the orphan test: starts a private server, says so, then waits. */
  static final class OrphanLauncher {
    static final String READY = "SERVER-READY";

    public static void main(String[] args) throws InterruptedException {
      CassandraTestServer.startNew(Paths.get(args[0]), false);
      System.out.println(READY);
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
  }
}
