package site.ycsb.db.cql.driver;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

import com.datastax.driver.core.BoundStatement;
import com.datastax.driver.core.ColumnDefinitions;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.ResultSetFuture;
import com.datastax.driver.core.Row;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.exceptions.DriverException;
import com.datastax.driver.core.exceptions.InvalidQueryException;

import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.db.cql.AsyncRetryingExecutor;
import site.ycsb.db.cql.AttemptDeadline;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.CqlStatus;
import site.ycsb.db.cql.CqlText;
import site.ycsb.db.cql.Identifiers;
import site.ycsb.db.cql.OpType;
import site.ycsb.db.cql.Outcome;
import site.ycsb.db.cql.RetryingExecutor;
import site.ycsb.db.cql.TracingSampler;
import site.ycsb.db.cql.UnansweredAttemptException;
import site.ycsb.db.cql.Values;
import site.ycsb.db.cql.WorkloadStatements;
import site.ycsb.db.cql.profile.ProfileRequest;
import site.ycsb.support.RateLimitedLog;

/**
 * The five YCSB operations over one shared session, each blocking (through the {@link RetryingExecutor}) or
 * asynchronous (through the {@link AsyncRetryingExecutor}, driver {@code executeAsync}); both forms build the same
 * statement and read the result the same way, and either form's latency includes retries and back-off.
 * Thread-safe.
 *
 * <p>Results: one entry per non-null column except the key column {@code y_id}; a null column is left out (a
 * workload that checks values then sees a missing field rather than crashing on a null iterator).
 */
public final class CqlOperations {
  private final Session session;
  private final StatementCache statements;
  private static final CompletionStage<Status> BAD_REQUEST = CompletableFuture.completedFuture(Status.BAD_REQUEST);

  private final RetryingExecutor executor;
  private final AsyncRetryingExecutor asyncExecutor;
  private final TracingSampler tracing;
  private final RateLimitedLog log;
  private final ConsistencyLevel readLevel;
  private final ConsistencyLevel writeLevel;
  private final ConsistencyLevel serialLevel;
  private final Integer requestTimeoutMillis;
  private final boolean lwt;
  private final ProfileExecutor profiles;

  /** How long the blocking path waits for the driver's answer to one attempt (see {@link AttemptDeadline}). */
  private final long attemptDeadlineMillis;
  /** The silent-node guard of the blocking path, or null. */
  private final SilenceGuard guard;

  /**
   * The operations over {@code session}; the blocking path gives an idempotent attempt up when {@code guard} finds its
   * node silent (null: no guard; the asynchronous path's executor has its own view of the guard).
   */
  CqlOperations(Session session, CqlSettings settings, RetryingExecutor executor,
                AsyncRetryingExecutor asyncExecutor, TracingSampler tracing, RateLimitedLog log,
                long attemptDeadlineMillis, SilenceGuard guard) {
    this.guard = guard;
    this.attemptDeadlineMillis = attemptDeadlineMillis;
    this.session = session;
    this.statements = new StatementCache(session, attemptDeadlineMillis);
    this.executor = executor;
    this.asyncExecutor = asyncExecutor;
    this.tracing = tracing;
    this.log = log;
    this.readLevel = ConsistencyLevel.valueOf(settings.readConsistency());
    this.writeLevel = ConsistencyLevel.valueOf(settings.writeConsistency());
    this.serialLevel = ConsistencyLevel.valueOf(settings.serialConsistency());
    this.requestTimeoutMillis = settings.requestTimeoutMillis();
    this.lwt = settings.lwt();
    this.profiles = new ProfileExecutor(session, statements, executor, readLevel, writeLevel, serialLevel,
        this::prepare, attemptDeadlineMillis, guard);
  }

  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Request<Row> request = readRequest(table, key, fields);
    return request == null ? Status.BAD_REQUEST : readStatus(runBlocking(request), result);
  }

  /** {@link #read}, without blocking: see {@link site.ycsb.async.AsyncDB}. */
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    Request<Row> request = readRequest(table, key, fields);
    return request == null ? BAD_REQUEST : runAsync(request).thenApply(outcome -> readStatus(outcome, result));
  }

  public Status scan(String table, String startKey, int recordCount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    Request<List<HashMap<String, ByteIterator>>> request = scanRequest(table, startKey, recordCount, fields);
    return request == null ? Status.BAD_REQUEST : scanStatus(runBlocking(request), result);
  }

  /** {@link #scan}, without blocking. */
  public CompletionStage<Status> scanAsync(String table, String startKey, int recordCount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    Request<List<HashMap<String, ByteIterator>>> request = scanRequest(table, startKey, recordCount, fields);
    return request == null ? BAD_REQUEST : runAsync(request).thenApply(outcome -> scanStatus(outcome, result));
  }

  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Request<Boolean> request = insertRequest(table, key, values);
    return request == null ? Status.BAD_REQUEST : writeStatus(runBlocking(request));
  }

  /** {@link #insert}, without blocking. */
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    Request<Boolean> request = insertRequest(table, key, values);
    return request == null ? BAD_REQUEST : runAsync(request).thenApply(CqlOperations::writeStatus);
  }

  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Request<Boolean> request = updateRequest(table, key, values);
    return request == null ? Status.BAD_REQUEST : writeStatus(runBlocking(request));
  }

  /** {@link #update}, without blocking. */
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    Request<Boolean> request = updateRequest(table, key, values);
    return request == null ? BAD_REQUEST : runAsync(request).thenApply(CqlOperations::writeStatus);
  }

  public Status delete(String table, String key) {
    Request<Boolean> request = deleteRequest(table, key);
    return request == null ? Status.BAD_REQUEST : writeStatus(runBlocking(request));
  }

  /** {@link #delete}, without blocking. */
  public CompletionStage<Status> deleteAsync(String table, String key) {
    Request<Boolean> request = deleteRequest(table, key);
    return request == null ? BAD_REQUEST : runAsync(request).thenApply(CqlOperations::writeStatus);
  }

  /** Executes a profile operation (see {@link ProfileRequest} and {@link ProfileExecutor}). */
  public Status profile(ProfileRequest request) {
    return profiles.execute(request);
  }

  /**
   * Prepares a profile statement now (as {@link #profile} will use it, so nothing is prepared on the measured path)
   * and returns the columns its markers bind, as the server names them.
   *
   * @throws DriverException as the driver reports a refused or failed prepare
   * @throws UnansweredAttemptException when the driver did not answer within an attempt's deadline
   */
  public List<String> prepareProfile(String cql, boolean read) throws UnansweredAttemptException {
    return profiles.prepare(cql, read);
  }

  /**
   * One operation as the driver sees it: its statement (prepared on first use if the plan did not cover it) and
   * how to read its result. Built once per call, then executed blocking or asynchronously.
   */
  private static final class Request<T> {
    final OpType op;
    final boolean idempotent;
    final Callable<BoundStatement> statement;
    final Function<ResultSet, T> result;

    Request(OpType op, boolean idempotent, Callable<BoundStatement> statement, Function<ResultSet, T> result) {
      this.op = op;
      this.idempotent = idempotent;
      this.statement = statement;
      this.result = result;
    }
  }

  private <T> Outcome<T> runBlocking(Request<T> request) {
    // session.execute would wait for ever on a request the driver lost; this wait has the attempt's deadline
    return executor.execute(request.op, request.idempotent, () -> request.result.apply(
        BoundedWait.execute(session, request.statement.call(), attemptDeadlineMillis, guard)));
  }

  private <T> CompletionStage<Outcome<T>> runAsync(Request<T> request) {
    return asyncExecutor.execute(request.op, request.idempotent, () -> {
      DriverAttempt<T> done = new DriverAttempt<>(session.executeAsync(request.statement.call()), request.result);
      // The listener runs on the driver's I/O thread once the response is in (at once if it is already)
      done.future.addListener(done, Runnable::run);
      return done;
    });
  }

  /**
   * One asynchronous attempt: completes with the mapped result once the driver's future does, and cancelling it
   * cancels the request in the driver (an attempt given up on a silent node, whose stream the driver then frees).
   * Its own listener, so that an attempt costs one object here.
   */
  private static final class DriverAttempt<T> extends CompletableFuture<T> implements Runnable {
    final ResultSetFuture future;
    private final Function<ResultSet, T> result;

    DriverAttempt(ResultSetFuture future, Function<ResultSet, T> result) {
      this.future = future;
      this.result = result;
    }

    @Override
    public void run() {
      try {
        // getUninterruptibly returns at once now (or throws the driver's own exception), and the result mapping
        // reads only the page already received
        complete(result.apply(future.getUninterruptibly()));
      } catch (Throwable e) {
        completeExceptionally(e);
      }
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      future.cancel(true);
      return super.cancel(mayInterruptIfRunning);
    }
  }

  private Request<Row> readRequest(String table, String key, Set<String> fields) {
    TreeSet<String> sorted = fields == null ? null : new TreeSet<>(fields);
    if (!validNames(OpType.READ, table, sorted)) {
      return null;
    }
    String cql = CqlText.read(table, sorted);
    return new Request<>(OpType.READ, true,
        () -> prepare(statements.get(cql, readLevel, null, true).bind(key)), ResultSet::one);
  }

  private static Status readStatus(Outcome<Row> outcome, Map<String, ByteIterator> result) {
    if (!outcome.isSuccess()) {
      return outcome.failureStatus();
    }
    if (outcome.value() == null) {
      return Status.NOT_FOUND;
    }
    copyColumns(outcome.value(), result);
    return Status.OK;
  }

  private Request<List<HashMap<String, ByteIterator>>> scanRequest(String table, String startKey, int recordCount,
                                                                  Set<String> fields) {
    TreeSet<String> sorted = fields == null ? null : new TreeSet<>(fields);
    if (!validNames(OpType.SCAN, table, sorted) || recordCount < 1) {
      return null;
    }
    String cql = CqlText.scan(table, sorted);
    return new Request<>(OpType.SCAN, true, () -> {
      BoundStatement bound = prepare(statements.get(cql, readLevel, null, true).bind(startKey, recordCount));
      // One page holds the whole scan, so no page is fetched outside this attempt (and its retries).
      bound.setFetchSize(recordCount);
      return bound;
    }, CqlOperations::firstPage);
  }

  /** The rows of the page already received; never triggers a fetch (which would block an I/O thread). */
  private static List<HashMap<String, ByteIterator>> firstPage(ResultSet rows) {
    List<HashMap<String, ByteIterator>> out = new ArrayList<>();
    while (rows.getAvailableWithoutFetching() > 0) {
      HashMap<String, ByteIterator> values = new HashMap<>();
      copyColumns(rows.one(), values);
      out.add(values);
    }
    return out;
  }

  private static Status scanStatus(Outcome<List<HashMap<String, ByteIterator>>> outcome,
                                   Vector<HashMap<String, ByteIterator>> result) {
    if (!outcome.isSuccess()) {
      return outcome.failureStatus();
    }
    result.addAll(outcome.value());
    return Status.OK;
  }

  private Request<Boolean> insertRequest(String table, String key, Map<String, ByteIterator> values) {
    SortedMap<String, String> materialised = Values.materialise(values);
    if (!validNames(OpType.INSERT, table, materialised.keySet())) {
      return null;
    }
    return writeRequest(OpType.INSERT, CqlText.insert(table, materialised.keySet(), lwt), key, materialised, true);
  }

  private Request<Boolean> updateRequest(String table, String key, Map<String, ByteIterator> values) {
    SortedMap<String, String> materialised = Values.materialise(values);
    if (materialised.isEmpty() || !validNames(OpType.UPDATE, table, materialised.keySet())) {
      return null;
    }
    return writeRequest(OpType.UPDATE, CqlText.update(table, materialised.keySet(), lwt), key, materialised, false);
  }

  private Request<Boolean> deleteRequest(String table, String key) {
    if (!validNames(OpType.DELETE, table, null)) {
      return null;
    }
    String cql = CqlText.delete(table, lwt);
    return new Request<>(OpType.DELETE, !lwt,
        () -> prepare(statements.get(cql, writeLevel, serialLevel, !lwt).bind(key)), ResultSet::wasApplied);
  }

  /**
   * Prepares every statement of {@code plan} now, so that no measured operation pays for a prepare. A statement
   * that cannot be prepared fails init with one line: a missing table names the table and how to create it.
   */
  public void prepareAll(WorkloadStatements plan, String bindingName, String keyspace) throws DBException {
    for (Map.Entry<String, OpType> e : plan.statements().entrySet()) {
      boolean read = e.getValue() == OpType.READ || e.getValue() == OpType.SCAN;
      try {
        if (read) {
          statements.get(e.getKey(), readLevel, null, true);
        } else {
          statements.get(e.getKey(), writeLevel, serialLevel, !lwt);
        }
      } catch (InvalidQueryException ex) {
        throw new DBException(bindingName + ": cannot prepare '" + e.getKey() + "' in keyspace '" + keyspace + "': "
            + ex.getMessage() + " (create the table first: the README's \"Schema\" section has the CREATE TABLE)");
      } catch (DriverException | UnansweredAttemptException ex) {
        throw new DBException(bindingName + ": cannot prepare '" + e.getKey() + "': " + ex.getMessage());
      }
    }
  }

  /** Number of prepared statements (one per operation, table and field set). */
  public int preparedStatements() {
    return statements.size();
  }

  private Request<Boolean> writeRequest(OpType op, String cql, String key, SortedMap<String, String> values,
                                        boolean keyFirst) {
    Object[] bindings = new Object[values.size() + 1];
    int i = 0;
    if (keyFirst) {
      bindings[i++] = key;
    }
    for (String value : values.values()) {
      bindings[i++] = value;
    }
    if (!keyFirst) {
      bindings[i] = key;
    }
    return new Request<>(op, !lwt,
        () -> prepare(statements.get(cql, writeLevel, serialLevel, !lwt).bind(bindings)), ResultSet::wasApplied);
  }

  private static Status writeStatus(Outcome<Boolean> outcome) {
    if (!outcome.isSuccess()) {
      return outcome.failureStatus();
    }
    return outcome.value() ? Status.OK : CqlStatus.NOT_APPLIED;
  }

  /** Applies the per-request options (timeout, sampled tracing) to a statement about to be sent. */
  private <S extends Statement> S prepare(S statement) {
    if (requestTimeoutMillis != null) {
      statement.setReadTimeoutMillis(requestTimeoutMillis);
    }
    if (tracing.shouldTrace()) {
      statement.enableTracing();
    }
    return statement;
  }

  private boolean validNames(OpType op, String table, Iterable<String> fields) {
    if (!Identifiers.isPlain(table)) {
      log.log("BAD_TABLE", op + " rejected: table name '" + table + "' is not a plain CQL identifier");
      return false;
    }
    if (fields != null) {
      for (String field : fields) {
        if (!Identifiers.isPlain(field) || CqlText.KEY_COLUMN.equalsIgnoreCase(field)) {
          log.log("BAD_FIELD", op + " rejected: field name '" + field + "' is not a usable CQL column name");
          return false;
        }
      }
    }
    return true;
  }

  private static void copyColumns(Row row, Map<String, ByteIterator> out) {
    ColumnDefinitions columns = row.getColumnDefinitions();
    for (int i = 0; i < columns.size(); i++) {
      String name = columns.getName(i);
      if (CqlText.KEY_COLUMN.equals(name)) {
        continue;
      }
      ByteBuffer bytes = row.getBytesUnsafe(i);
      if (bytes == null) {
        continue;
      }
      // Copy exactly the value's bytes: the buffer may be a view into a larger frame.
      byte[] copy = new byte[bytes.remaining()];
      bytes.duplicate().get(copy);
      out.put(name, new ByteArrayByteIterator(copy));
    }
  }
}
