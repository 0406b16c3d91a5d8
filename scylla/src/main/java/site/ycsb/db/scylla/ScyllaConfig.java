package site.ycsb.db.scylla;

import java.util.Properties;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.CqlConfigParser;
import site.ycsb.db.cql.CqlPropertyNames;

/**
 * Every property of the Scylla binding, parsed and validated in one place (mirrored by the table in
 * scylla/README.md). Names and defaults are those of the ScyllaDB YCSB binding; the hardening options are new.
 *
 * <p>Stateless and thread-safe (names and a parse).
 */
public final class ScyllaConfig {
  public static final String HOSTS = "scylla.hosts";
  public static final String PORT = "scylla.port";
  /** The binding's names, from which the shared parser reads; the constants below are views of it. */
  public static final CqlPropertyNames NAMES =
      new CqlPropertyNames("scylla", "ScyllaDB", "scylla.", HOSTS, PORT, true, "QUORUM");
  public static final String KEYSPACE = NAMES.keyspace; // scylla.keyspace
  public static final String USERNAME = NAMES.username; // scylla.username
  public static final String PASSWORD = NAMES.password; // scylla.password
  public static final String READ_CL = NAMES.readCl; // scylla.readconsistencylevel
  public static final String WRITE_CL = NAMES.writeCl; // scylla.writeconsistencylevel
  public static final String SERIAL_CL = NAMES.serialCl; // scylla.serialconsistencylevel
  public static final String MAX_CONNECTIONS = NAMES.maxConnections; // scylla.maxconnections
  public static final String CORE_CONNECTIONS = NAMES.coreConnections; // scylla.coreconnections
  public static final String CONNECT_TIMEOUT = NAMES.connectTimeout; // scylla.connecttimeoutmillis
  public static final String READ_TIMEOUT = NAMES.readTimeout; // scylla.readtimeoutmillis
  public static final String USE_SSL = NAMES.useSsl; // scylla.usessl (YCSB 0.17.0: scylla.useSSL)
  public static final String TRACING = NAMES.tracing; // scylla.tracing
  public static final String LOCAL_DC = NAMES.localDc; // scylla.localdc (YCSB 0.17.0: scylla.local_dc)
  public static final String LWT = NAMES.lwt; // scylla.lwt
  public static final String REQUEST_TIMEOUT = NAMES.requestTimeout; // scylla.requesttimeoutmillis
  public static final String MAX_RETRIES = NAMES.maxRetries; // scylla.maxretries
  public static final String BACKOFF = NAMES.backoff; // scylla.retrybackoffmillis
  public static final String BACKOFF_MAX = NAMES.backoffMax; // scylla.retrybackoffmaxmillis
  public static final String SPECULATIVE_DELAY = NAMES.speculativeDelay; // scylla.speculativedelaymillis
  public static final String SPECULATIVE_MAX = NAMES.speculativeMax; // scylla.speculativemaxexecutions
  public static final String TRUSTSTORE = NAMES.trustStore; // scylla.ssl.truststore
  public static final String TRUSTSTORE_PASSWORD = NAMES.trustStorePassword; // scylla.ssl.truststorepassword
  public static final String KEYSTORE = NAMES.keyStore; // scylla.ssl.keystore
  public static final String KEYSTORE_PASSWORD = NAMES.keyStorePassword; // scylla.ssl.keystorepassword
  public static final String STORE_TYPE = NAMES.storeType; // scylla.ssl.storetype
  public static final String TRACING_FRACTION = NAMES.tracingFraction; // scylla.tracing.fraction
  public static final String SERVER_VIEW = NAMES.serverView; // scylla.serverview
  public static final String SILENT_NODE = NAMES.silentNode; // scylla.silentnodemillis


  private ScyllaConfig() {
  }

  /** Parses and validates; any bad value fails with a one-line DBException naming the property. */
  public static CqlSettings parse(Properties properties) throws DBException {
    return CqlConfigParser.parse(properties, NAMES);
  }
}
