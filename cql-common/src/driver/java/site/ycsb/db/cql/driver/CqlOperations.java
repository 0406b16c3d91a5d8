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

import com.datastax.driver.core.BoundStatement;
import com.datastax.driver.core.ColumnDefinitions;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.ResultSet;
import com.datastax.driver.core.Row;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.exceptions.DriverException;
import com.datastax.driver.core.exceptions.InvalidQueryException;

import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.CqlStatus;
import site.ycsb.db.cql.CqlText;
import site.ycsb.db.cql.Identifiers;
import site.ycsb.db.cql.OpType;
import site.ycsb.db.cql.Outcome;
import site.ycsb.db.cql.RateLimitedLog;
import site.ycsb.db.cql.RetryingExecutor;
import site.ycsb.db.cql.TracingSampler;
import site.ycsb.db.cql.Values;
import site.ycsb.db.cql.WorkloadStatements;

/**
 * The five YCSB operations over one shared session. Thread-safe; every call runs inside the
 * {@link RetryingExecutor}, so its latency includes retries and back-off.
 *
 * <p>Results: one entry per non-null column except the key column {@code y_id}; a null column is left out (a
 * workload that checks values then sees a missing field rather than crashing on a null iterator).
 */
public final class CqlOperations {
  private final Session session;
  private final StatementCache statements;
  private final RetryingExecutor executor;
  private final TracingSampler tracing;
  private final RateLimitedLog log;
  private final ConsistencyLevel readLevel;
  private final ConsistencyLevel writeLevel;
  private final ConsistencyLevel serialLevel;
  private final Integer requestTimeoutMillis;
  private final boolean lwt;

  public CqlOperations(Session session, CqlSettings settings, RetryingExecutor executor, TracingSampler tracing,
                       RateLimitedLog log) {
    this.session = session;
    this.statements = new StatementCache(session);
    this.executor = executor;
    this.tracing = tracing;
    this.log = log;
    this.readLevel = ConsistencyLevel.valueOf(settings.readConsistency());
    this.writeLevel = ConsistencyLevel.valueOf(settings.writeConsistency());
    this.serialLevel = ConsistencyLevel.valueOf(settings.serialConsistency());
    this.requestTimeoutMillis = settings.requestTimeoutMillis();
    this.lwt = settings.lwt();
  }

  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    TreeSet<String> sorted = fields == null ? null : new TreeSet<>(fields);
    if (!validNames(OpType.READ, table, sorted)) {
      return Status.BAD_REQUEST;
    }
    String cql = CqlText.read(table, sorted);
    Outcome<Row> outcome = executor.execute(OpType.READ, true, () -> {
      PreparedStatement prepared = statements.get(cql, readLevel, null, true);
      return session.execute(prepare(prepared.bind(key))).one();
    });
    if (!outcome.isSuccess()) {
      return outcome.failureStatus();
    }
    if (outcome.value() == null) {
      return Status.NOT_FOUND;
    }
    copyColumns(outcome.value(), result);
    return Status.OK;
  }

  public Status scan(String table, String startKey, int recordCount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    TreeSet<String> sorted = fields == null ? null : new TreeSet<>(fields);
    if (!validNames(OpType.SCAN, table, sorted) || recordCount < 1) {
      return Status.BAD_REQUEST;
    }
    String cql = CqlText.scan(table, sorted);
    Outcome<List<HashMap<String, ByteIterator>>> outcome = executor.execute(OpType.SCAN, true, () -> {
      PreparedStatement prepared = statements.get(cql, readLevel, null, true);
      BoundStatement bound = prepare(prepared.bind(startKey, recordCount));
      // One page holds the whole scan, so no page is fetched outside this attempt (and its retries).
      bound.setFetchSize(recordCount);
      List<HashMap<String, ByteIterator>> rows = new ArrayList<>();
      for (Row row : session.execute(bound)) {
        HashMap<String, ByteIterator> values = new HashMap<>();
        copyColumns(row, values);
        rows.add(values);
      }
      return rows;
    });
    if (!outcome.isSuccess()) {
      return outcome.failureStatus();
    }
    result.addAll(outcome.value());
    return Status.OK;
  }

  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    SortedMap<String, String> materialised = Values.materialise(values);
    if (!validNames(OpType.INSERT, table, materialised.keySet())) {
      return Status.BAD_REQUEST;
    }
    return write(OpType.INSERT, CqlText.insert(table, materialised.keySet(), lwt), key, materialised, true);
  }

  public Status update(String table, String key, Map<String, ByteIterator> values) {
    SortedMap<String, String> materialised = Values.materialise(values);
    if (materialised.isEmpty() || !validNames(OpType.UPDATE, table, materialised.keySet())) {
      return Status.BAD_REQUEST;
    }
    return write(OpType.UPDATE, CqlText.update(table, materialised.keySet(), lwt), key, materialised, false);
  }

  public Status delete(String table, String key) {
    if (!validNames(OpType.DELETE, table, null)) {
      return Status.BAD_REQUEST;
    }
    String cql = CqlText.delete(table, lwt);
    Outcome<Boolean> outcome = executor.execute(OpType.DELETE, !lwt, () -> {
      PreparedStatement prepared = statements.get(cql, writeLevel, serialLevel, !lwt);
      return session.execute(prepare(prepared.bind(key))).wasApplied();
    });
    return writeStatus(outcome);
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
      } catch (DriverException ex) {
        throw new DBException(bindingName + ": cannot prepare '" + e.getKey() + "': " + ex.getMessage());
      }
    }
  }

  /** Number of prepared statements (one per operation, table and field set). */
  public int preparedStatements() {
    return statements.size();
  }

  private Status write(OpType op, String cql, String key, SortedMap<String, String> values, boolean keyFirst) {
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
    Outcome<Boolean> outcome = executor.execute(op, !lwt, () -> {
      PreparedStatement prepared = statements.get(cql, writeLevel, serialLevel, !lwt);
      return session.execute(prepare(prepared.bind(bindings))).wasApplied();
    });
    return writeStatus(outcome);
  }

  private Status writeStatus(Outcome<Boolean> outcome) {
    if (!outcome.isSuccess()) {
      return outcome.failureStatus();
    }
    return outcome.value() ? Status.OK : CqlStatus.NOT_APPLIED;
  }

  private BoundStatement prepare(BoundStatement bound) {
    if (requestTimeoutMillis != null) {
      bound.setReadTimeoutMillis(requestTimeoutMillis);
    }
    if (tracing.shouldTrace()) {
      bound.enableTracing();
    }
    return bound;
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
