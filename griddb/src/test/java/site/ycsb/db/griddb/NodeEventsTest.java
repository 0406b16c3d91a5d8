package site.ycsb.db.griddb;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.support.DatabaseReports;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The node events a cluster's health record reports through binding-support's {@code DatabaseReports}: one per change
 * whatever the number of threads that see it, a silent node told from a down one, worded for a person, no password.
 */
class NodeEventsTest {
  private static final String SILENT = "[145029:JC_CONNECTION_TIMEOUT] Failover timed out (trialCount=2,"
      + " reason=[145029:JC_CONNECTION_TIMEOUT] Connection timed out on receiving (address=/127.0.0.1:10001,"
      + " reason=Read timed out), history=[(1, [145029:JC_CONNECTION_TIMEOUT] Connection timed out by statement"
      + " timeout (statementTimeoutMillis=5000, address=/127.0.0.1:10001))])";
  private static final String REFUSED = "[145028:JC_BAD_CONNECTION] Failover timed out after 10 trials in 10169 ms:"
      + " [145028:JC_BAD_CONNECTION] Failed to connect (address=/127.0.0.1:10001, reason=Connection refused)";

  private final AtomicLong nowMs = new AtomicLong(1_000_000);
  private RecordedEvents recorded;

  @BeforeEach
  void listen() {
    recorded = RecordedEvents.listen();
  }

  @AfterEach
  void stop() {
    recorded.close();
  }

  private static GridDBConfig config(String member) throws Exception {
    Properties p = new Properties();
    p.setProperty("griddb.notificationmember", member);
    p.setProperty("griddb.clustername", "bench");
    p.setProperty("griddb.user", "admin");
    p.setProperty("griddb.password", "s3cret");
    return GridDBConfig.from(p);
  }

  private ClusterHealth health(String member) throws Exception {
    return new ClusterHealth(nowMs::get, NodeEvents.of(config(member)));
  }

  /** Runs {@code task} on {@code threads} threads released at once; returns how many answered true. */
  private static int together(int threads, Callable<Boolean> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Boolean>> results = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        results.add(pool.submit(() -> {
          start.await();
          return task.call();
        }));
      }
      start.countDown();
      int yes = 0;
      for (Future<Boolean> f : results) {
        yes += f.get(30, TimeUnit.SECONDS) ? 1 : 0;
      }
      return yes;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void should_report_one_silence_and_one_answer_when_many_threads_see_each_change() throws Exception {
    ClusterHealth health = health("127.0.0.1:10001");
    assertEquals(1, together(16, () -> health.failed(new StoreException(145029, SILENT, false, true))));
    nowMs.addAndGet(23_400);
    assertEquals(1, together(16, () -> health.succeeded() >= 0));

    List<DatabaseReports.NodeEvent> events = recorded.events();
    assertEquals(2, events.size(), recorded.lines().toString());
    DatabaseReports.NodeEvent silent = events.get(0);
    assertTrue(silent.silence() && !silent.up(), silent.describe());
    assertEquals("griddb", silent.binding());
    assertEquals("127.0.0.1:10001", silent.node());
    assertEquals(0, silent.nodesUp());
    assertEquals(1, silent.nodesKnown());
    assertEquals("griddb: node 127.0.0.1:10001 stopped answering (requests unanswered on open connections for"
        + " griddb.requesttimeoutmillis=5000, then griddb.failovertimeoutseconds=10 of failover:"
        + " [145029:JC_CONNECTION_TIMEOUT]; 0 of 1 nodes answering)", silent.describe());
    DatabaseReports.NodeEvent answered = events.get(1);
    assertTrue(answered.silence() && answered.up(), answered.describe());
    assertEquals("griddb: node 127.0.0.1:10001 answered again (an operation succeeded, 23.4 s after the first"
        + " failed; 1 of 1 nodes answering)", answered.describe());
  }

  @Test
  void should_report_the_node_down_and_up_when_its_connections_were_refused() throws Exception {
    ClusterHealth health = health("127.0.0.1:10001");
    assertEquals(1, together(8, () -> health.failed(new StoreException(145028, REFUSED, false, true))));
    nowMs.addAndGet(1_000);
    assertEquals(1, together(8, () -> health.succeeded() >= 0));

    assertEquals(java.util.Arrays.asList(
        "griddb: node 127.0.0.1:10001 down (connections refused or broken, then griddb.failovertimeoutseconds=10 of"
            + " failover: [145028:JC_BAD_CONNECTION]; 0 of 1 nodes up)",
        "griddb: node 127.0.0.1:10001 up (an operation succeeded, 1.0 s after the first failed; 1 of 1 nodes up)"),
        recorded.lines());
    assertFalse(recorded.events().get(0).silence());
  }

  @Test
  void should_report_each_outage_anew_when_the_node_fails_again() throws Exception {
    ClusterHealth health = health("127.0.0.1:10001");
    health.failed(new StoreException(145029, SILENT, false, true));
    health.succeeded();
    health.failed(new StoreException(145028, REFUSED, false, true));
    assertEquals(-1, new ClusterHealth(nowMs::get).succeeded(), "a record that was never down ends nothing");
    health.succeeded();
    List<String> states = new ArrayList<>();
    for (DatabaseReports.NodeEvent e : recorded.events()) {
      states.add((e.silence() ? "silence " : "state ") + (e.up() ? "up" : "down"));
    }
    assertEquals(java.util.Arrays.asList("silence down", "silence up", "state down", "state up"), states);
  }

  @Test
  void should_report_nothing_when_a_failure_does_not_make_the_cluster_unreachable() throws Exception {
    ClusterHealth health = health("127.0.0.1:10001");
    assertFalse(health.failed(new StoreException(10005, "[10005:TXN_AUTH_FAILED] auth", false, false)));
    assertEquals(-1, health.succeeded());
    assertTrue(recorded.events().isEmpty(), recorded.lines().toString());
  }

  @Test
  void should_show_no_password_when_the_failure_quotes_a_provider_url_with_one() throws Exception {
    Properties p = new Properties();
    p.setProperty("griddb.notificationprovider", "http://bench:s3cret@prov.example/p.json");
    p.setProperty("griddb.clustername", "bench");
    p.setProperty("griddb.user", "admin");
    p.setProperty("griddb.password", "s3cret");
    ClusterHealth health = new ClusterHealth(nowMs::get, NodeEvents.of(GridDBConfig.from(p)));
    health.failed(new StoreException(145028, "[145028:JC_BAD_CONNECTION] Failed to get the member list from"
        + " http://bench:s3cret@prov.example/p.json (connect timed out)", false, true));
    health.succeeded();
    assertEquals(2, recorded.events().size());
    for (DatabaseReports.NodeEvent e : recorded.events()) {
      assertFalse(e.describe().contains("s3cret") || e.node().contains("s3cret") || e.source().contains("s3cret"),
          e.describe());
    }
  }

  @Test
  void should_say_so_when_no_request_timeout_was_set() throws Exception {
    Properties p = new Properties();
    p.setProperty("griddb.notificationmember", "127.0.0.1:10001");
    p.setProperty("griddb.clustername", "bench");
    p.setProperty("griddb.user", "admin");
    p.setProperty("griddb.password", "s3cret");
    p.setProperty("griddb.requesttimeoutmillis", "0");
    ClusterHealth health = new ClusterHealth(nowMs::get, NodeEvents.of(GridDBConfig.from(p)));
    health.failed(new StoreException(145029, SILENT, false, true));
    assertTrue(recorded.events().get(0).source().startsWith("requests unanswered on open connections (no"
        + " griddb.requesttimeoutmillis), then"), recorded.lines().toString());
  }
}
