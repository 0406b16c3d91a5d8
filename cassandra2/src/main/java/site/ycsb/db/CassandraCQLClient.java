package site.ycsb.db;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.SharedResource;
import site.ycsb.db.cql.driver.CqlOperations;
import site.ycsb.db.cql.driver.CqlRuntime;

/**
 * YCSB binding for Apache Cassandra over CQL (DataStax driver 3.11.5), binding names {@code cassandra-cql} and
 * {@code cassandra2-cql}. One driver session is shared by all client threads; failed requests are retried with
 * back-off inside the call (so measured latency includes them) and failures are reported per cause. See README.md.
 */
public class CassandraCQLClient extends DB {
  /** Metric name of the retry summary printed at the last cleanup. */
  public static final String RETRY_METRIC = "CASSANDRA-RETRIES";

  private static final Logger LOG = LoggerFactory.getLogger(CassandraCQLClient.class);
  private static final SharedResource<CqlRuntime> SHARED = new SharedResource<>();

  private CqlRuntime runtime;
  private CqlOperations operations;

  @Override
  public void init() throws DBException {
    CqlSettings settings = CassandraConfig.parse(getProperties());
    runtime = SHARED.acquire(settings.fingerprint(), () -> CqlRuntime.open(settings, RETRY_METRIC, LOG));
    operations = runtime.operations();
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
}
