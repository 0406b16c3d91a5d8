package site.ycsb.db;

import java.util.Properties;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.driver.CqlClient;

/**
 * YCSB binding for Apache Cassandra over CQL (DataStax driver 3.11.5), binding names {@code cassandra-cql} and
 * {@code cassandra2-cql}. One driver session is shared by all client threads; failed requests are retried with
 * back-off inside the call (so measured latency includes them) and failures are reported per cause. See README.md.
 */
public class CassandraCQLClient extends CqlClient {
  /** Metric name of the retry summary printed at the last cleanup. */
  public static final String RETRY_METRIC = "CASSANDRA-RETRIES";

  private static final Logger LOG = LoggerFactory.getLogger(CassandraCQLClient.class);

  @Override
  protected CqlSettings parseSettings(Properties properties) throws DBException {
    return CassandraConfig.parse(properties);
  }

  @Override
  protected String retryMetric() {
    return RETRY_METRIC;
  }

  @Override
  protected String keyspaceProperty() {
    return CassandraConfig.KEYSPACE;
  }

  @Override
  protected Logger logger() {
    return LOG;
  }
}
