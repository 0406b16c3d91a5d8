package site.ycsb.db.griddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import site.ycsb.support.DatabaseReports;

/**
 * The sampler's HTTP side against a local HTTP server answering as GridDB's system port does (its real answer, or
 * its 401): what reaches the engine, the credentials sent, a refused user named once (without the password) and not
 * asked again, and nothing at all without an engine that listens. The real server is in GridDBFixedListIT.
 */
class NodeStatSamplerTest {
  private final List<DatabaseReports.NodeGauges> heard = new CopyOnWriteArrayList<>();
  private final DatabaseReports.Listener engine = new DatabaseReports.Listener() {
    @Override
    public void setting(String binding, String name, String value) {
    }

    @Override
    public void nodeEvent(DatabaseReports.NodeEvent event) {
    }

    @Override
    public void nodeGauges(DatabaseReports.NodeGauges gauges) {
      heard.add(gauges);
    }
  };
  private final List<String> warnings = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private final AtomicInteger requests = new AtomicInteger();
  private HttpServer server;
  private NodeStatSampler sampler;

  @AfterEach
  void stop() {
    if (sampler != null) {
      sampler.close();
    }
    if (server != null) {
      server.stop(0);
    }
    DatabaseReports.stopListening(engine);
  }

  /** A system port answering {@code status} with {@code body}. */
  private int serve(int status, String body) throws Exception {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/node/stat", x -> {
      requests.incrementAndGet();
      authorizations.add(String.valueOf(x.getRequestHeaders().getFirst("Authorization")));
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      x.sendResponseHeaders(status, b.length);
      x.getResponseBody().write(b);
      x.close();
    });
    server.start();
    return server.getAddress().getPort();
  }

  private static GridDBConfig config(int systemPort) throws Exception {
    Properties p = new Properties();
    p.setProperty("griddb.notificationmember", "127.0.0.1:10001");
    p.setProperty("griddb.clustername", "c");
    p.setProperty("griddb.user", "admin");
    p.setProperty("griddb.password", "s3cret");
    p.setProperty("griddb.systemport", Integer.toString(systemPort));
    return GridDBConfig.from(p);
  }

  private static void await(java.util.function.BooleanSupplier done) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!done.getAsBoolean() && System.nanoTime() < end) {
      Thread.sleep(20);
    }
  }

  @Test
  void should_report_the_nodes_figures_each_second_with_the_users_credentials_when_an_engine_listens()
      throws Exception {
    int port = serve(200, NodeStatFiguresTest.realAnswer());
    DatabaseReports.listen(engine);
    sampler = NodeStatSampler.startIfWanted(config(port), warnings::add);
    await(() -> heard.size() >= 2);
    assertTrue(heard.size() >= 2, "samples: " + heard + ", warnings: " + warnings);
    DatabaseReports.NodeGauges first = heard.get(0);
    assertEquals("griddb", first.binding());
    assertEquals("127.0.0.1:" + port, first.node());
    assertEquals("/node/stat", first.source());
    assertEquals(1.0, first.values().get("connections"));
    assertEquals(0.0, heard.get(1).values().get("reads/s"), "a rate from the second reading on");
    assertEquals("Basic " + java.util.Base64.getEncoder().encodeToString("admin:s3cret".getBytes(
        StandardCharsets.UTF_8)), authorizations.get(0));
    assertTrue(warnings.isEmpty(), warnings.toString());
  }

  @Test
  void should_name_a_refused_user_once_without_the_password_and_stop_asking_when_the_node_answers_401()
      throws Exception {
    int port = serve(401, "{\"errorStatus\":103,\"reason\":\"Authentication error.\"}");
    DatabaseReports.listen(engine);
    sampler = NodeStatSampler.startIfWanted(config(port), warnings::add);
    await(() -> !warnings.isEmpty());
    Thread.sleep(2500);
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals("GridDB: the node statistics (/node/stat) of 127.0.0.1:" + port + " cannot be read: the user 'admin'"
        + " may not read them (GridDB lets administrator users only; HTTP 401); not sampled (unset griddb.systemport"
        + " to stop trying)", warnings.get(0));
    assertFalse(warnings.get(0).contains("s3cret"));
    assertEquals(1, requests.get(), "not asked again");
    assertTrue(heard.isEmpty());
  }

  @Test
  void should_skip_a_node_that_refuses_the_connection_and_say_so_once_a_minute() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    DatabaseReports.listen(engine);
    sampler = NodeStatSampler.startIfWanted(config(port), warnings::add);
    await(() -> !warnings.isEmpty());
    Thread.sleep(2500);
    assertEquals(1, warnings.size(), "rate-limited: " + warnings);
    assertTrue(warnings.get(0).startsWith("GridDB: node 127.0.0.1:" + port + " did not give its statistics within "
        + "2000 ms ("), warnings.get(0));
    assertTrue(warnings.get(0).endsWith("); skipped for that round"), warnings.get(0));
  }

  @Test
  void should_not_sample_when_no_engine_listens_or_the_system_port_is_not_set() throws Exception {
    int port = serve(200, NodeStatFiguresTest.realAnswer());
    assertNull(NodeStatSampler.startIfWanted(config(port), warnings::add), "a YCSB 0.17.0 install: no cost");
    DatabaseReports.listen(engine);
    Properties p = new Properties();
    p.setProperty("griddb.notificationmember", "127.0.0.1:10001");
    p.setProperty("griddb.clustername", "c");
    p.setProperty("griddb.user", "admin");
    p.setProperty("griddb.password", "s3cret");
    assertNull(NodeStatSampler.startIfWanted(GridDBConfig.from(p), warnings::add), "opt-in");
    Thread.sleep(200);
    assertEquals(0, requests.get());
  }
}
