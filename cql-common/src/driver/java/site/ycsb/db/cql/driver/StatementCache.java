package site.ycsb.db.cql.driver;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.Session;

import site.ycsb.db.cql.UnansweredAttemptException;

/**
 * Prepared statements keyed by their CQL text, which encodes the operation, the table and the (sorted) field set.
 * Preparing happens inside the caller's retry loop, so a prepare that times out is retried like the request.
 *
 * <p>Thread-safe, without locks: client threads share one instance. Two threads that miss the same text at once
 * may both prepare it (the server returns the same id); the first to publish wins and both use its statement. With
 * the core workload every statement is prepared during init ({@link CqlOperations#prepareAll}), so misses do not
 * happen on the measured path.
 */
public final class StatementCache {
  private final Session session;
  private final long deadlineMillis;
  private final ConcurrentMap<String, PreparedStatement> statements = new ConcurrentHashMap<>();

  /** A cache whose prepares wait at most {@code deadlineMillis} for the driver (an attempt's deadline). */
  public StatementCache(Session session, long deadlineMillis) {
    this.session = session;
    this.deadlineMillis = deadlineMillis;
  }

  /**
   * The prepared statement for {@code cql}, prepared on first use with the given options.
   *
   * @throws UnansweredAttemptException when the driver did not answer the prepare within the deadline
   */
  public PreparedStatement get(String cql, ConsistencyLevel consistency, ConsistencyLevel serial, boolean idempotent)
      throws UnansweredAttemptException {
    PreparedStatement statement = statements.get(cql);
    if (statement != null) {
      return statement;
    }
    PreparedStatement prepared = BoundedWait.prepare(session, cql, deadlineMillis);
    prepared.setConsistencyLevel(consistency);
    if (serial != null) {
      prepared.setSerialConsistencyLevel(serial);
    }
    prepared.setIdempotent(idempotent);
    PreparedStatement raced = statements.putIfAbsent(cql, prepared);
    return raced == null ? prepared : raced;
  }

  /** Number of distinct statements prepared so far. */
  public int size() {
    return statements.size();
  }
}
