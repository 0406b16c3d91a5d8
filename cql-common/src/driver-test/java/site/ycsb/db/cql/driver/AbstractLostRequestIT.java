package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.ResultSetFuture;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.exceptions.DriverInternalError;
import com.google.common.util.concurrent.AbstractFuture;
import com.google.common.util.concurrent.Uninterruptibles;

import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.db.cql.AttemptDeadline;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.OpType;
import site.ycsb.db.cql.WorkloadStatements;
import site.ycsb.testserver.cassandra.CassandraTestServer;

/**
 * The real driver, connected to the real server, made to lose a request (a future that is never completed, as the
 * driver did once after a {@code DriverInternalError} when a node of a 3-node cluster was killed) or to throw from
 * {@code executeAsync} instead of returning a future: every operation still ends, within its attempts' deadlines,
 * the unanswered attempt counted and retried like a timeout, on the asynchronous and the blocking path.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class AbstractLostRequestIT {
  private static final String TABLE = "lostrequests";
  /**
   * A request timeout short enough to keep the test short (an attempt's deadline is 2000 + 5000 (the pool's wait) +
   * 1000 ms), long enough for a real request on a loaded machine (300 ms timed out there).
   */
  private static final int REQUEST_TIMEOUT_MS = 2000;
  private static final long ATTEMPT_DEADLINE_MS = REQUEST_TIMEOUT_MS + 5000 + AttemptDeadline.MARGIN_MILLIS;

  private CassandraTestServer server;
  private CqlRuntime runtime;

  protected abstract String keyspace();

  /** What the session view does with the n-th {@code executeAsync} (from 0). */
  enum Fault { PASS, LOSE, THROW }

  @BeforeAll
  void schema() throws Exception {
    server = CassandraTestServer.shared();
    server.createYcsbSchema(keyspace(), TABLE, 2, "field");
  }

  @AfterEach
  void close() {
    if (runtime != null) {
      runtime.close();
      runtime = null;
    }
  }

  private CqlOperations open(IntFunction<Fault> script) throws Exception {
    return open(2, script);
  }

  private CqlOperations open(int maxRetries, IntFunction<Fault> script) throws Exception {
    CqlSettings settings = CqlSettings.builder("lost-request-it")
        .hosts(Arrays.asList(server.hosts().split(","))).port(server.port()).keyspace(keyspace())
        .credentials(server.username(), server.password()).retries(maxRetries, 10, 50)
        .timeouts(null, null, REQUEST_TIMEOUT_MS).build();
    Properties plan = new Properties();
    plan.setProperty("workload", WorkloadStatements.CORE_WORKLOAD);
    plan.setProperty("table", TABLE);
    plan.setProperty("fieldcount", "2");
    AtomicInteger calls = new AtomicInteger();
    runtime = CqlRuntime.open(settings, WorkloadStatements.plan(plan, false), "LOST-IT-RETRIES",
        LoggerFactory.getLogger(AbstractLostRequestIT.class), real -> faulty(real, script, calls));
    return runtime.operations();
  }

  /** A view of {@code real} whose {@code executeAsync} follows {@code script}; everything else is the real session. */
  private static Session faulty(Session real, IntFunction<Fault> script, AtomicInteger calls) {
    return (Session) Proxy.newProxyInstance(Session.class.getClassLoader(), new Class<?>[] {Session.class},
        (proxy, method, args) -> {
          if (method.getName().equals("executeAsync") && args.length == 1 && args[0] instanceof Statement) {
            Fault fault = script.apply(calls.getAndIncrement());
            if (fault == Fault.LOSE) {
              return new LostFuture();
            }
            if (fault == Fault.THROW) {
              throw new DriverInternalError("An unexpected error happened while sending requests (injected)");
            }
          }
          try {
            return method.invoke(real, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  /** A future the driver lost: nothing will ever complete it. */
  private static final class LostFuture extends AbstractFuture<ResultSet> implements ResultSetFuture {
    @Override
    public ResultSet getUninterruptibly() {
      try {
        return Uninterruptibles.getUninterruptibly(this);
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public ResultSet getUninterruptibly(long timeout, TimeUnit unit) throws TimeoutException {
      try {
        return Uninterruptibles.getUninterruptibly(this, timeout, unit);
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private static Map<String, ByteIterator> values(String value) {
    return StringByteIterator.getByteIteratorMap(Collections.singletonMap("field0", value));
  }

  @Test
  void should_retry_and_succeed_within_the_attempt_deadline_when_the_driver_loses_an_asynchronous_request()
      throws Exception {
    CqlOperations ops = open(call -> call == 0 ? Fault.LOSE : Fault.PASS);
    long start = System.nanoTime();
    Status status = ops.insertAsync(TABLE, "lost-async", values("v")).toCompletableFuture()
        .get(60, TimeUnit.SECONDS);
    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertEquals(Status.OK, status);
    assertEquals(1, runtime.retryCounters().unanswered(OpType.INSERT.name()));
    assertTrue(runtime.retryCounters().retries(OpType.INSERT.name()) >= 1, "the unanswered attempt was retried");
    assertTrue(tookMs >= ATTEMPT_DEADLINE_MS, "waited for the attempt's deadline first: " + tookMs + " ms");
    Map<String, ByteIterator> row = new HashMap<>();
    assertEquals(Status.OK, ops.read(TABLE, "lost-async", null, row));
    assertEquals("v", row.get("field0").toString());
  }

  @Test
  void should_end_with_timeout_when_the_driver_loses_every_attempt_of_an_asynchronous_request() throws Exception {
    CqlOperations ops = open(1, call -> Fault.LOSE);
    long start = System.nanoTime();
    Status status = ops.readAsync(TABLE, "nothing", null, new HashMap<>()).toCompletableFuture()
        .get(120, TimeUnit.SECONDS);
    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertEquals("TIMEOUT", status.getName());
    assertEquals(2, runtime.retryCounters().unanswered(OpType.READ.name()));
    // 2 attempts at their deadline (each expired within the watch's 100 ms tick) and a back-off of at most 50 ms;
    // the upper bound leaves a loaded machine 30 s of slack: what it checks is that the wait ends
    assertTrue(tookMs >= 2 * ATTEMPT_DEADLINE_MS && tookMs < 2 * (ATTEMPT_DEADLINE_MS + 100) + 50 + 30_000,
        tookMs + " ms");
  }

  @Test
  void should_complete_at_once_with_error_when_execute_async_throws_instead_of_returning_a_future()
      throws Exception {
    CqlOperations ops = open(call -> call == 0 ? Fault.THROW : Fault.PASS);
    Status status = ops.updateAsync(TABLE, "thrown", values("x")).toCompletableFuture().get(30, TimeUnit.SECONDS);
    assertEquals(Status.ERROR, status, "a driver-internal error is not retried: it is not known to be transient");
    assertEquals(Status.OK, ops.updateAsync(TABLE, "thrown", values("y")).toCompletableFuture()
        .get(30, TimeUnit.SECONDS), "the next request goes through");
  }

  @Test
  void should_retry_and_succeed_within_the_attempt_deadline_when_the_driver_loses_a_blocking_request()
      throws Exception {
    CqlOperations ops = open(call -> call == 0 ? Fault.LOSE : Fault.PASS);
    long start = System.nanoTime();
    assertEquals(Status.OK, ops.insert(TABLE, "lost-blocking", values("b")));
    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertEquals(1, runtime.retryCounters().unanswered(OpType.INSERT.name()));
    assertTrue(tookMs >= ATTEMPT_DEADLINE_MS, tookMs + " ms");
  }
}
