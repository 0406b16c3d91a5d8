package site.ycsb.fleet;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A fleet of three clients (real sshd on 127.0.0.2-4, the real tarball) loading and running workload A against the
 * project's real Cassandra test server with the cassandra-cql binding. The three load ranges must add up to exactly
 * the records in the table. Skipped while the tarball has no cassandra-binding or the test server module is not on
 * the test classpath (it is looked up by name so that this module builds before that one is merged).
 */
class FleetCassandraIT {
  private static final String SERVER_CLASS = "site.ycsb.testserver.cassandra.CassandraTestServer";
  private static final String KEYSPACE = "fleetit";
  private static Sshd sshd;

  @AfterAll
  static void tearDown() {
    if (sshd != null) {
      sshd.close();
    }
  }

  @Test
  void should_load_every_record_exactly_once_from_three_clients_when_run_against_cassandra() throws Exception {
    String reason = Sshd.unavailableReason();
    assumeTrue(reason == null, reason);
    Path work = Paths.get(System.getProperty("fleet.it.work", "target/it-work")).toAbsolutePath()
        .resolve("fleet-cassandra-it");
    FleetIT.deleteTree(work);
    Files.createDirectories(work);
    TestTarball tarball;
    try {
      tarball = TestTarball.find(work);
    } catch (IllegalStateException e) {
      assumeTrue(false, e.getMessage());
      return;
    }
    Path head = tarball.unpack(work.resolve("head"));
    assumeTrue(Files.isDirectory(head.resolve("cassandra-binding/lib")),
        "the tarball has no cassandra-binding yet (" + tarball.how + ")");
    Class<?> serverClass;
    try {
      serverClass = Class.forName(SERVER_CLASS);
    } catch (ClassNotFoundException e) {
      assumeTrue(false, "cassandra-testserver is not on the test classpath (test dependency of fleet/pom.xml)");
      return;
    }
    String unavailable = (String) serverClass.getMethod("unavailableReason").invoke(null);
    assumeTrue(unavailable == null, unavailable);
    Object server = call(serverClass, null, "shared");
    serverClass.getMethod("execute", String[].class).invoke(server,
        (Object) new String[] {"DROP KEYSPACE IF EXISTS " + KEYSPACE});
    serverClass.getMethod("createYcsbSchema", String.class, String.class, int.class, String.class)
        .invoke(server, KEYSPACE, "usertable", 10, "field");
    String host = (String) call(serverClass, server, "host");
    int port = (Integer) call(serverClass, server, "port");

    sshd = new Sshd(work.resolve("sshd"));
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      lines.add(sshd.user() + "@" + Sshd.ADDRESSES.get(i) + ":" + sshd.port + " " + work.resolve("client-" + (i + 1)
          + "/ycsb"));
    }
    Path hosts = work.resolve("hosts");
    Files.write(hosts, lines);
    List<String> install = new ArrayList<>(Arrays.asList("--hosts-file", hosts.toString()));
    install.addAll(sshd.sshOptions());
    install.add(tarball.file.toString());
    ToolRun in = new ToolRun("site.ycsb.fleet.FleetInstall", install, null);
    assertEquals(0, in.waitFor(180), in.outText() + in.errText());

    Path out = work.resolve("run");
    List<String> args = new ArrayList<>(Arrays.asList("cassandra-cql", "--hosts-file", hosts.toString(),
        "--ycsb-home", head.toString(), "--out", out.toString(), "--start-delay", "2", "--workloads", "load,a"));
    args.addAll(sshd.sshOptions());
    args.addAll(Arrays.asList("-p", "hosts=" + host, "-p", "port=" + port, "-p", "cassandra.keyspace=" + KEYSPACE,
        "-p", "recordcount=301", "-p", "operationcount=600", "-threads", "2", "-s"));
    ToolRun run = new ToolRun("site.ycsb.fleet.Fleet", args, null);
    assertEquals(0, run.waitFor(240), run.errText());
    assertEquals("status: complete", Files.readAllLines(out.resolve("FLEET-STATUS")).get(0));
    String load = new String(Files.readAllBytes(out.resolve("1/load/summary.json")), "UTF-8");
    assertEquals(301, FleetIT.number(load, "operations"));
    assertEquals(3, FleetIT.clients(load));
    long rows = (Long) serverClass.getMethod("countRows", String.class, String.class).invoke(server, KEYSPACE,
        "usertable");
    assertEquals(301, rows, "the clients' key ranges must cover the key space exactly once");
    String a = new String(Files.readAllBytes(out.resolve("1/workloada/summary.json")), "UTF-8");
    assertEquals(600, FleetIT.number(a, "operations"));
  }

  private static Object call(Class<?> c, Object target, String method) throws Exception {
    Method m = c.getMethod(method);
    try {
      return m.invoke(target);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
    }
  }
}
