package site.ycsb.db.scylla;

import java.util.Properties;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.driver.CqlClient;

/**
 * YCSB binding for ScyllaDB over CQL (shard-aware Scylla driver 3.11.5.11), binding name {@code scylla}; token-aware
 * routing by default, optional lightweight transactions ({@code scylla.lwt}, a write whose condition did not hold
 * returns NOT_APPLIED). One driver session is shared by all client threads; failed requests are retried with
 * back-off inside the call (so measured latency includes them) and failures are reported per cause. See README.md.
 */
public class ScyllaCQLClient extends CqlClient {
  /** Metric name of the retry summary printed at the last cleanup. */
  public static final String RETRY_METRIC = "SCYLLA-RETRIES";

  private static final Logger LOG = LoggerFactory.getLogger(ScyllaCQLClient.class);

  @Override
  protected CqlSettings parseSettings(Properties properties) throws DBException {
    return ScyllaConfig.parse(properties);
  }

  @Override
  protected String retryMetric() {
    return RETRY_METRIC;
  }

  @Override
  protected String keyspaceProperty() {
    return ScyllaConfig.KEYSPACE;
  }

  @Override
  protected Logger logger() {
    return LOG;
  }
}
