package site.ycsb.db;

import java.util.Properties;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.CqlConfigParser;
import site.ycsb.db.cql.CqlPropertyNames;

/**
 * Every property of the Cassandra binding, parsed and validated in one place (mirrored by the table in
 * cassandra2/README.md). YCSB's property names keep their meaning; the hardening options are new.
 *
 * <p>Stateless and thread-safe (names and a parse).
 */
public final class CassandraConfig {
  /**
   * YCSB 0.17.0's Cassandra binding reads and writes at ONE; a drop-in keeps that default (QUORUM is one property
   * away, and every result names the level used).
   */
  public static final String DEFAULT_CONSISTENCY = "ONE";
  public static final String HOSTS = "hosts";
  public static final String PORT = "port";
  /** The binding's names, from which the shared parser reads; the constants below are views of it. */
  public static final CqlPropertyNames NAMES =
      new CqlPropertyNames("cassandra", "Cassandra", "cassandra.", HOSTS, PORT, false, DEFAULT_CONSISTENCY);
  public static final String KEYSPACE = NAMES.keyspace; // cassandra.keyspace
  public static final String USERNAME = NAMES.username; // cassandra.username
  public static final String PASSWORD = NAMES.password; // cassandra.password
  public static final String READ_CL = NAMES.readCl; // cassandra.readconsistencylevel
  public static final String WRITE_CL = NAMES.writeCl; // cassandra.writeconsistencylevel
  public static final String SERIAL_CL = NAMES.serialCl; // cassandra.serialconsistencylevel
  public static final String MAX_CONNECTIONS = NAMES.maxConnections; // cassandra.maxconnections
  public static final String CORE_CONNECTIONS = NAMES.coreConnections; // cassandra.coreconnections
  public static final String CONNECT_TIMEOUT = NAMES.connectTimeout; // cassandra.connecttimeoutmillis
  public static final String READ_TIMEOUT = NAMES.readTimeout; // cassandra.readtimeoutmillis
  public static final String USE_SSL = NAMES.useSsl; // cassandra.usessl (YCSB 0.17.0: cassandra.useSSL)
  public static final String TRACING = NAMES.tracing; // cassandra.tracing
  public static final String LOCAL_DC = NAMES.localDc; // cassandra.localdc (formerly cassandra.local_dc)
  public static final String REQUEST_TIMEOUT = NAMES.requestTimeout; // cassandra.requesttimeoutmillis
  public static final String MAX_RETRIES = NAMES.maxRetries; // cassandra.maxretries
  public static final String BACKOFF = NAMES.backoff; // cassandra.retrybackoffmillis
  public static final String BACKOFF_MAX = NAMES.backoffMax; // cassandra.retrybackoffmaxmillis
  public static final String SPECULATIVE_DELAY = NAMES.speculativeDelay; // cassandra.speculativedelaymillis
  public static final String SPECULATIVE_MAX = NAMES.speculativeMax; // cassandra.speculativemaxexecutions
  public static final String TRUSTSTORE = NAMES.trustStore; // cassandra.ssl.truststore
  public static final String TRUSTSTORE_PASSWORD = NAMES.trustStorePassword; // cassandra.ssl.truststorepassword
  public static final String KEYSTORE = NAMES.keyStore; // cassandra.ssl.keystore
  public static final String KEYSTORE_PASSWORD = NAMES.keyStorePassword; // cassandra.ssl.keystorepassword
  public static final String STORE_TYPE = NAMES.storeType; // cassandra.ssl.storetype
  public static final String TRACING_FRACTION = NAMES.tracingFraction; // cassandra.tracing.fraction
  public static final String SERVER_VIEW = NAMES.serverView; // cassandra.serverview
  public static final String SILENT_NODE = NAMES.silentNode; // cassandra.silentnodemillis


  private CassandraConfig() {
  }

  /** Parses and validates; any bad value fails with a one-line DBException naming the property. */
  public static CqlSettings parse(Properties properties) throws DBException {
    return CqlConfigParser.parse(properties, NAMES);
  }
}
