package site.ycsb.db.cql.driver;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;

import org.slf4j.Logger;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.async.AsyncDB;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.SharedResource;
import site.ycsb.db.cql.WorkloadStatements;
import site.ycsb.db.cql.profile.ProfileRequest;
import site.ycsb.named.NamedOperationDB;

/**
 * What a CQL binding's {@link DB} does, whichever driver it is compiled against: parse the binding's settings,
 * share one driver session among all client threads (reference counted, closed by the last cleanup), and hand
 * each operation to {@link CqlOperations}, which retries and classifies failures. A binding supplies only its
 * configuration parser, the name of its retry summary, and its logger.
 *
 * <p>This source is compiled into each binding against that binding's driver, so the session shared here is per
 * binding jar; the two bindings never share a classpath (their drivers clash).
 *
 * <p>It offers the asynchronous operations ({@link AsyncDB}, from the binding-support jar the binding ships) with
 * the same statements, statuses, retries and counters as the blocking ones, and the named operations of a
 * cassandra-stress profile run ({@link site.ycsb.db.cql.profile.StressProfileWorkload}, see {@link ProfileSchema}).
 *
 * <p>Not thread-safe itself: one per client thread, as every {@link DB}; the runtime it shares with the other threads
 * ({@link CqlRuntime}) is thread-safe.
 */
public abstract class CqlClient extends DB implements AsyncDB, NamedOperationDB {
  private static final SharedResource<CqlRuntime> SHARED = new SharedResource<>();

  private CqlRuntime runtime;
  private CqlOperations operations;

  /** Parses and validates the binding's properties. */
  protected abstract CqlSettings parseSettings(Properties properties) throws DBException;

  /** The metric name of the retry summary printed at the last cleanup, e.g. {@code CASSANDRA-RETRIES}. */
  protected abstract String retryMetric();

  /** The name of the binding's keyspace property, e.g. {@code cassandra.keyspace}. */
  protected abstract String keyspaceProperty();

  /** The binding's logger (one concise, rate-limited line per error kind goes there). */
  protected abstract Logger logger();

  @Override
  public void init() throws DBException {
    ProfileSchema.adoptKeyspace(getProperties(), keyspaceProperty());
    CqlSettings settings = parseSettings(getProperties());
    // The levels a run used belong in its record: the engine writes these properties into summary.json.
    for (java.util.Map.Entry<String, String> level : settings.levelProperties().entrySet()) {
      getProperties().putIfAbsent(level.getKey(), level.getValue());
    }
    ProfileSchema.prepareOnce(getProperties(), settings);
    WorkloadStatements plan = WorkloadStatements.plan(getProperties(), settings.lwt());
    // The plan is part of the identity: a failed prepare (a missing table) must not be remembered for another table.
    runtime = SHARED.acquire(settings.fingerprint() + "\n" + String.join("\n", plan.statements().keySet()),
        () -> CqlRuntime.open(settings, plan, retryMetric(), logger()));
    operations = runtime.operations();
    try {
      ProfileSchema.checkStatements(getProperties(), operations, settings.bindingName());
    } catch (DBException e) {
      // The engine does not clean up a client whose init failed; a refused run prints no results (no retry lines).
      runtime = null;
      operations = null;
      SHARED.release(CqlRuntime::closeQuietly);
      throw e;
    }
  }

  /** Statements prepared so far by the shared runtime (integration tests: nothing is prepared on the measured path). */
  int preparedStatements() {
    return operations.preparedStatements();
  }

  @Override
  public void cleanup() throws DBException {
    if (runtime != null) {
      runtime = null;
      operations = null;
      SHARED.release(CqlRuntime::close);
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return operations.read(table, key, fields, result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<HashMap<String, ByteIterator>> result) {
    return operations.scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return operations.update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return operations.insert(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return operations.delete(table, key);
  }

  /** Executes a profile operation ({@link ProfileRequest}); anything else is a BAD_REQUEST. */
  @Override
  public Status executeNamed(String name, Object request) {
    if (!(request instanceof ProfileRequest)) {
      return Status.BAD_REQUEST;
    }
    return operations.profile((ProfileRequest) request);
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
                                           Map<String, ByteIterator> result) {
    return operations.readAsync(table, key, fields, result);
  }

  @Override
  public CompletionStage<Status> scanAsync(String table, String startkey, int recordcount, Set<String> fields,
                                           Vector<HashMap<String, ByteIterator>> result) {
    return operations.scanAsync(table, startkey, recordcount, fields, result);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return operations.updateAsync(table, key, values);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return operations.insertAsync(table, key, values);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return operations.deleteAsync(table, key);
  }
}
