package site.ycsb.db.cql.driver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentMap;
import java.util.function.UnaryOperator;

import com.datastax.driver.core.BatchStatement;
import com.datastax.driver.core.BoundStatement;
import com.datastax.driver.core.ColumnDefinitions;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.PagingState;
import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.Row;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.TokenRange;

import site.ycsb.Status;
import site.ycsb.db.cql.CqlStatus;
import site.ycsb.db.cql.OpType;
import site.ycsb.db.cql.Outcome;
import site.ycsb.db.cql.RetryingExecutor;
import site.ycsb.db.cql.UnansweredAttemptException;
import site.ycsb.db.cql.profile.ProfileRequest;

/**
 * Runs the operations of a cassandra-stress profile ({@link ProfileRequest}) through the blocking retry loop: inserts
 * as single statements or batches, reads, writes (lightweight transactions report NOT_APPLIED when their condition
 * did not hold, counted apart from errors), the read that precedes an {@code UPDATE ... IF col = ?}, and token-range
 * pages. Statements are prepared on first use (the binding prepares every one at init, so none is prepared on the
 * measured path). Thread-safe: the token ranges are shared, each thread's position travels in its request.
 */
final class ProfileExecutor {
  private final Session session;
  private final StatementCache statements;
  private final RetryingExecutor executor;
  private final ConsistencyLevel readLevel;
  private final ConsistencyLevel writeLevel;
  private final ConsistencyLevel serialLevel;
  /** Applies the per-request options (timeout, tracing) to a statement about to be sent. */
  private final UnaryOperator<Statement> decorate;
  /** How long one attempt waits for the driver's answer (see {@link site.ycsb.db.cql.AttemptDeadline}). */
  private final long attemptDeadlineMillis;
  /** The silent-node guard, or null when it is off. */
  private final SilenceGuard guard;
  /** Per token-range query (its CQL): the ranges still to read, refilled from the ring when empty. */
  private final ConcurrentMap<String, ConcurrentLinkedQueue<TokenRange>> pending = new ConcurrentHashMap<>();
  private volatile List<TokenRange> ring;

  ProfileExecutor(Session session, StatementCache statements, RetryingExecutor executor, ConsistencyLevel readLevel,
                  ConsistencyLevel writeLevel, ConsistencyLevel serialLevel, UnaryOperator<Statement> decorate,
                  long attemptDeadlineMillis, SilenceGuard guard) {
    this.guard = guard;
    this.session = session;
    this.statements = statements;
    this.executor = executor;
    this.readLevel = readLevel;
    this.writeLevel = writeLevel;
    this.serialLevel = serialLevel;
    this.decorate = decorate;
    this.attemptDeadlineMillis = attemptDeadlineMillis;
  }

  /** A token-range read's position: the range being read, where its next page starts, the tokens seen in it. */
  private static final class Cursor {
    final TokenRange range;
    final PagingState paging;
    final Set<Object> tokens;

    Cursor(TokenRange range, PagingState paging, Set<Object> tokens) {
      this.range = range;
      this.paging = paging;
      this.tokens = tokens;
    }
  }

  Status execute(ProfileRequest request) {
    if (request.kind() != ProfileRequest.Kind.TOKEN_RANGE && request.rows().isEmpty()) {
      return Status.BAD_REQUEST;
    }
    switch (request.kind()) {
      case QUERY:
        return read(request);
      case WRITE:
        return write(request);
      case TOKEN_RANGE:
        return page(request);
      default:
        return insert(request);
    }
  }

  /**
   * Prepares {@code cql} now, as {@link #execute} will use it, and returns the columns its markers bind, as the
   * server names them.
   */
  List<String> prepare(String cql, boolean read) throws UnansweredAttemptException {
    PreparedStatement prepared = statement(cql, read);
    List<String> names = new ArrayList<>();
    for (ColumnDefinitions.Definition d : prepared.getVariables()) {
      names.add(d.getName());
    }
    return names;
  }

  private PreparedStatement statement(String cql, boolean read) throws UnansweredAttemptException {
    return read ? statements.get(cql, readLevel, null, true) : statements.get(cql, writeLevel, serialLevel, true);
  }

  /** One attempt's request, waited for at most the attempt's deadline (session.execute would wait for ever). */
  private ResultSet execute(Statement statement) throws UnansweredAttemptException {
    return BoundedWait.execute(session, statement, attemptDeadlineMillis, guard);
  }

  private ConsistencyLevel level(String asked, ConsistencyLevel fallback) {
    return asked == null ? fallback : ConsistencyLevel.valueOf(asked);
  }

  private <S extends Statement> S options(S statement, ProfileRequest request, boolean read) {
    statement.setConsistencyLevel(level(request.consistency(), read ? readLevel : writeLevel));
    statement.setSerialConsistencyLevel(level(request.serialConsistency(), serialLevel));
    statement.setIdempotent(request.idempotent());
    decorate.apply(statement);
    return statement;
  }

  private List<Object[]> values(ProfileRequest request, List<Object[]> rows) {
    if (!request.neutralValues()) {
      return rows;
    }
    List<Object[]> out = new ArrayList<>(rows.size());
    for (Object[] row : rows) {
      out.add(DriverValues.convert(row));
    }
    return out;
  }

  /**
   * Each group in turn (one group unless the insert is conditional), each with its own retries: one row alone, as
   * cassandra-stress sends it, several in a batch of the request's type. The first failure ends the operation;
   * a group whose condition did not hold makes it NOT_APPLIED.
   */
  private Status insert(ProfileRequest request) {
    boolean applied = true;
    for (List<Object[]> group : request.groups()) {
      List<Object[]> rows = values(request, group);
      Outcome<Boolean> outcome = executor.execute(OpType.INSERT, request.idempotent(), () -> {
        PreparedStatement prepared = statement(request.cql(), false);
        Statement statement;
        if (rows.size() == 1) {
          statement = prepared.bind(rows.get(0));
        } else {
          BatchStatement batch = new BatchStatement(batchType(request.kind()));
          for (Object[] row : rows) {
            batch.add(prepared.bind(row));
          }
          statement = batch;
        }
        return execute(options(statement, request, false)).wasApplied();
      });
      if (!outcome.isSuccess()) {
        return outcome.failureStatus();
      }
      applied &= outcome.value();
    }
    return applied ? Status.OK : CqlStatus.NOT_APPLIED;
  }

  private static BatchStatement.Type batchType(ProfileRequest.Kind kind) {
    return kind == ProfileRequest.Kind.LOGGED_BATCH ? BatchStatement.Type.LOGGED
        : kind == ProfileRequest.Kind.COUNTER_BATCH ? BatchStatement.Type.COUNTER : BatchStatement.Type.UNLOGGED;
  }

  /** A read: every page is consumed (as cassandra-stress consumes a query's result); no row is NOT_FOUND. */
  private Status read(ProfileRequest request) {
    Object[] row = values(request, request.rows()).get(0);
    Outcome<Long> outcome = executor.execute(OpType.READ, true, () -> {
      ResultSet rows = execute(options(statement(request.cql(), true).bind(row), request, true));
      long n = 0;
      for (Iterator<Row> it = rows.iterator(); it.hasNext(); it.next()) {
        n++;
      }
      return n;
    });
    if (!outcome.isSuccess()) {
      return outcome.failureStatus();
    }
    request.resultRows(outcome.value());
    return outcome.value() > 0 ? Status.OK : Status.NOT_FOUND;
  }

  /**
   * A query that writes: OK, or NOT_APPLIED when its condition did not hold. An {@code UPDATE ... IF col = ?} first
   * reads the row's current values of the condition's columns and binds them to the condition's markers, as
   * cassandra-stress does; the read is part of the operation (and of each attempt).
   */
  private Status write(ProfileRequest request) {
    Object[] row = values(request, request.rows()).get(0);
    Object[] key = request.conditionRead() == null ? null
        : values(request, Collections.singletonList(request.conditionKey())).get(0);
    int[] targets = request.conditionTargets();
    Outcome<Boolean> outcome = executor.execute(OpType.UPDATE, request.idempotent(), () -> {
      Object[] bound = row.clone();
      if (key != null) {
        Row current = execute(options(statement(request.conditionRead(), true).bind(key), request, true))
            .one();
        for (int i = 0; i < targets.length; i++) {
          bound[targets[i]] = current == null ? null : current.getObject(i);
        }
      }
      return execute(options(statement(request.cql(), false).bind(bound), request, false)).wasApplied();
    });
    if (!outcome.isSuccess()) {
      return outcome.failureStatus();
    }
    return outcome.value() ? Status.OK : CqlStatus.NOT_APPLIED;
  }

  /**
   * The next page of the thread's token range: {@code pageSize} rows at most; partitions are counted by the tokens
   * not seen before in the range. When a range is done the next call takes the next range of the ring; after the
   * last one the ring is read again (cassandra-stress's {@code -tokenrange wrap}).
   */
  private Status page(ProfileRequest request) {
    Cursor start = (Cursor) request.cursor();
    Cursor cursor = start != null ? start : new Cursor(nextRange(request.cql()), null, new HashSet<>());
    Outcome<long[]> outcome = executor.execute(OpType.SCAN, true, () -> {
      BoundStatement bound = statement(request.cql(), true).bind();
      bound.setToken(0, cursor.range.getStart());
      bound.setToken(1, cursor.range.getEnd());
      bound.setFetchSize(request.pageSize());
      if (cursor.paging != null) {
        bound.setPagingState(cursor.paging);
      }
      ResultSet rs = execute(options(bound, request, true));
      int available = rs.getAvailableWithoutFetching();
      long partitions = 0;
      Set<Object> seen = new HashSet<>(cursor.tokens);
      for (int i = 0; i < available; i++) {
        if (seen.add(rs.one().getToken(0))) {
          partitions++;
        }
      }
      PagingState next = rs.getExecutionInfo().getPagingState();
      cursorAfter(request, cursor, next, seen);
      return new long[] {available, partitions};
    });
    if (!outcome.isSuccess()) {
      request.cursor(start);
      return outcome.failureStatus();
    }
    request.resultRows(outcome.value()[0]);
    request.resultPartitions(outcome.value()[1]);
    return Status.OK;
  }

  private static void cursorAfter(ProfileRequest request, Cursor cursor, PagingState next, Set<Object> seen) {
    request.cursor(next == null ? null : new Cursor(cursor.range, next, seen));
  }

  private TokenRange nextRange(String cql) {
    ConcurrentLinkedQueue<TokenRange> queue = pending.computeIfAbsent(cql, k -> new ConcurrentLinkedQueue<>());
    TokenRange range = queue.poll();
    while (range == null) {
      queue.addAll(ring()); // two threads may refill at once: a range is then read twice, which is harmless
      range = queue.poll();
    }
    return range;
  }

  /** The token ring's ranges, the one that wraps around split in two, in token order. */
  private List<TokenRange> ring() {
    List<TokenRange> r = ring;
    if (r == null) {
      List<TokenRange> sorted = new ArrayList<>();
      for (TokenRange range : session.getCluster().getMetadata().getTokenRanges()) {
        if (range.isWrappedAround()) {
          sorted.addAll(range.unwrap());
        } else {
          sorted.add(range);
        }
      }
      Collections.sort(sorted);
      if (sorted.isEmpty()) {
        throw new IllegalStateException("the driver knows no token range of the cluster");
      }
      ring = r = Collections.unmodifiableList(sorted);
    }
    return r;
  }
}
