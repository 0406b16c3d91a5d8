package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.RandomByteIterator;
import site.ycsb.Status;
import site.ycsb.testserver.cassandra.CassandraTestServer;
import site.ycsb.testsupport.ChildProcess;

/**
 * The fault test: while a multi-threaded load runs (one DB instance per thread, as YCSB's client does), the server
 * is frozen with SIGSTOP for longer than the request timeout and then resumed. The load must finish with every
 * insert OK, the retries must be counted in the summary, and every key must be in the table.
 */
public abstract class AbstractFaultIT {
  private static final String TABLE = "faulttable";
  private static final int RECORDS = 2000;
  private static final int THREADS = 4;
  private static final int REQUEST_TIMEOUT_MILLIS = 1000;
  private static final long PAUSE_MILLIS = 3500;

  protected abstract BindingUnderTest binding();

  protected abstract String keyspace();

  @Test
  void should_finish_the_load_with_every_key_when_the_server_is_paused_longer_than_the_timeout() throws Exception {
    CassandraTestServer server = CassandraTestServer.shared();
    Assumptions.assumeFalse(server.isExternal(), "fault test needs the local forked server (SIGSTOP/SIGCONT)");
    server.createYcsbSchema(keyspace(), TABLE, 10, "field");
    server.execute("TRUNCATE " + keyspace() + "." + TABLE);

    BindingUnderTest binding = binding();
    Properties props = binding.connection(server, keyspace());
    props.setProperty(binding.requestTimeoutProperty(), String.valueOf(REQUEST_TIMEOUT_MILLIS));
    props.setProperty(binding.maxRetriesProperty(), "40");
    props.setProperty(binding.backoffProperty(), "100");
    props.setProperty(binding.backoffMaxProperty(), "1000");

    List<DB> clients = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      clients.add(ItSupport.open(binding, props));
    }
    AtomicInteger next = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    Map<String, AtomicInteger> statuses = new ConcurrentHashMap<>();
    List<Thread> threads = new ArrayList<>();
    List<Throwable> crashes = new java.util.concurrent.CopyOnWriteArrayList<>();
    for (DB db : clients) {
      Thread thread = new Thread(() -> {
        int key;
        while ((key = next.getAndIncrement()) < RECORDS) {
          Map<String, ByteIterator> values = new HashMap<>();
          for (int f = 0; f < 10; f++) {
            values.put("field" + f, new RandomByteIterator(20));
          }
          Status status = db.insert(TABLE, "user" + key, values);
          statuses.computeIfAbsent(status.getName(), s -> new AtomicInteger()).incrementAndGet();
          done.incrementAndGet();
        }
      });
      thread.setUncaughtExceptionHandler((t, e) -> crashes.add(e));
      thread.start();
      threads.add(thread);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (done.get() < RECORDS / 5 && System.nanoTime() < deadline && crashes.isEmpty()) {
      Thread.sleep(10);
    }
    assertTrue(crashes.isEmpty(), "a load thread crashed: " + crashes);
    server.pause();
    try {
      Thread.sleep(PAUSE_MILLIS);
    } finally {
      server.resume();
    }
    for (Thread thread : threads) {
      thread.join(TimeUnit.SECONDS.toMillis(180));
      assertTrue(!thread.isAlive(), "load did not finish within 180 s after the pause");
    }
    assertTrue(crashes.isEmpty(), "a load thread crashed: " + crashes);
    for (int t = 1; t < clients.size(); t++) {
      // Not the last holder of the shared session: it stays open and nothing is reported yet.
      String early = ItSupport.cleanupCapturingStdout(clients.get(t));
      assertEquals(-1, ItSupport.metric(early, binding.retryMetric(), "TOTAL"), early);
    }
    String summary = ItSupport.cleanupCapturingStdout(clients.get(0));

    assertEquals(Integer.valueOf(RECORDS), Integer.valueOf(statuses.get("OK") == null ? 0 : statuses.get("OK").get()),
        "statuses " + statuses);
    long insertRetries = ItSupport.metric(summary, binding.retryMetric(), "INSERT");
    assertTrue(insertRetries > 0, "expected counted INSERT retries, summary:\n" + summary);
    assertEquals(insertRetries, ItSupport.metric(summary, binding.retryMetric(), "TOTAL"));
    assertEquals(RECORDS, server.countRows(keyspace(), TABLE));
    // Retried inserts resent the real values, not the empty remainder of consumed iterators.
    site.ycsb.testserver.cassandra.CqlResult rows = server.query("SELECT field0, field9 FROM " + keyspace() + "."
        + TABLE + " LIMIT " + RECORDS);
    for (int row = 0; row < rows.rowCount(); row++) {
      assertEquals(20, rows.string(row, 0).length(), "row " + row);
      assertEquals(20, rows.string(row, 1).length(), "row " + row);
    }
  }

  /**
   * The same fault during a real open-loop load through the engine's asynchronous path ({@code async=true},
   * {@code -target}, measurement.interval=both):
   * the load completes, the retry summary shows the retries, and the measured latency of the inserts caught by the
   * pause spans the pause — far above the 1 s request timeout a single attempt is limited to — which shows that
   * retries and back-off are inside the latency (service time and intended time alike).
   */
  @Test
  void should_count_retries_in_latency_when_the_client_loads_through_a_pause() throws Exception {
    try {
      Class.forName("site.ycsb.Client");
    } catch (ClassNotFoundException e) {
      Assumptions.abort("this project's engine (site.ycsb.Client) is not installed in ~/.m2");
    }
    CassandraTestServer server = CassandraTestServer.shared();
    Assumptions.assumeFalse(server.isExternal(), "fault test needs the local forked server (SIGSTOP/SIGCONT)");
    String table = "faultclienttable";
    int records = 6000;
    server.createYcsbSchema(keyspace(), table, 10, "field");
    server.execute("TRUNCATE " + keyspace() + "." + table);
    BindingUnderTest binding = binding();
    Properties props = binding.connection(server, keyspace());
    props.setProperty(binding.requestTimeoutProperty(), String.valueOf(REQUEST_TIMEOUT_MILLIS));
    props.setProperty(binding.maxRetriesProperty(), "40");
    props.setProperty(binding.backoffProperty(), "100");
    props.setProperty(binding.backoffMaxProperty(), "1000");
    List<String> args = new ArrayList<>(java.util.Arrays.asList("-load", "-db", binding.dbClassName(),
        "-threads", "4", "-target", "1000", "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "recordcount=" + records, "-p", "table=" + table, "-p", "fieldlength=20",
        "-p", "measurement.interval=both", "-p", "async=true"));
    for (String name : props.stringPropertyNames()) {
      args.add("-p");
      args.add(name + "=" + props.getProperty(name));
    }
    java.nio.file.Path dir = ItSupport.workDir(getClass().getSimpleName());
    final ChildProcess.Result[] result = new ChildProcess.Result[1];
    final Exception[] failure = new Exception[1];
    Thread client = new Thread(() -> {
      try {
        result[0] = ItSupport.java(System.getProperty("java.class.path"), "site.ycsb.Client", args, dir, 240);
      } catch (Exception e) {
        failure[0] = e;
      }
    });
    client.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (server.countRows(keyspace(), table) < 500 && System.nanoTime() < deadline && client.isAlive()) {
      Thread.sleep(100);
    }
    assertTrue(client.isAlive(), "the load ended before the pause: " + result[0]);
    server.pause();
    try {
      Thread.sleep(PAUSE_MILLIS);
    } finally {
      server.resume();
    }
    client.join(TimeUnit.SECONDS.toMillis(250));
    assertTrue(failure[0] == null, String.valueOf(failure[0]));
    ChildProcess.Result run = result[0];
    assertEquals(0, run.exitCode, run.toString());
    // the engine's asynchronous path (4 in flight): retries and back-off are scheduled without a blocked thread
    assertTrue(run.stderr.contains("Asynchronous operations: "), run.toString());
    assertEquals(records, ItSupport.metric(run.stdout, "INSERT", "Return=OK"), run.toString());
    assertTrue(ItSupport.metric(run.stdout, binding.retryMetric(), "INSERT") > 0, run.toString());
    long maxUs = ItSupport.metric(run.stdout, "INSERT", "MaxLatency(us)");
    long intendedMaxUs = ItSupport.metric(run.stdout, "Intended-INSERT", "MaxLatency(us)");
    long floorUs = (PAUSE_MILLIS - 1000) * 1000;
    assertTrue(maxUs >= floorUs, "max INSERT latency " + maxUs + " us < " + floorUs + " us:\n" + run);
    assertTrue(intendedMaxUs >= maxUs, "intended max " + intendedMaxUs + " < service max " + maxUs);
    assertEquals(records, server.countRows(keyspace(), table));
  }
}
