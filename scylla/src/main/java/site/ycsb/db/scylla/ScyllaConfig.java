package site.ycsb.db.scylla;

import java.util.Properties;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.CqlConfigParser;
import site.ycsb.db.cql.CqlPropertyNames;

/**
 * Every property of the Scylla binding, parsed and validated in one place (the table in scylla/README.md is
 * rendered from the declarations). Names and defaults are those of the ScyllaDB YCSB binding; the hardening options
 * are new.
 *
 * <p>Stateless and thread-safe (names and a parse).
 */
public final class ScyllaConfig {
  /**
   * The binding's options: cql-common's declarations ({@link site.ycsb.db.cql.CqlOptions}: defaults, bounds, meanings,
   * older spellings) under this binding's names; the shared parser reads them, the README's table is rendered from
   * them ({@code ScyllaReadmeTest}), and the constants below are views of the names.
   */
  public static final CqlPropertyNames NAMES =
      new CqlPropertyNames("scylla", "ScyllaDB", "scylla.", false, true, "QUORUM");
  public static final String HOSTS = NAMES.hosts;
  public static final String PORT = NAMES.port;
  public static final String KEYSPACE = NAMES.keyspace;
  public static final String USERNAME = NAMES.username;
  public static final String PASSWORD = NAMES.password;
  public static final String READ_CL = NAMES.readCl;
  public static final String WRITE_CL = NAMES.writeCl;
  public static final String SERIAL_CL = NAMES.serialCl;
  public static final String MAX_CONNECTIONS = NAMES.maxConnections;
  public static final String CORE_CONNECTIONS = NAMES.coreConnections;
  public static final String CONNECT_TIMEOUT = NAMES.connectTimeout;
  public static final String READ_TIMEOUT = NAMES.readTimeout;
  public static final String USE_SSL = NAMES.useSsl;
  public static final String TRACING = NAMES.tracing;
  public static final String LOCAL_DC = NAMES.localDc;
  public static final String LWT = NAMES.lwt;
  public static final String REQUEST_TIMEOUT = NAMES.requestTimeout;
  public static final String MAX_RETRIES = NAMES.maxRetries;
  public static final String BACKOFF = NAMES.backoff;
  public static final String BACKOFF_MAX = NAMES.backoffMax;
  public static final String SPECULATIVE_DELAY = NAMES.speculativeDelay;
  public static final String SPECULATIVE_MAX = NAMES.speculativeMax;
  public static final String TRUSTSTORE = NAMES.trustStore;
  public static final String TRUSTSTORE_PASSWORD = NAMES.trustStorePassword;
  public static final String KEYSTORE = NAMES.keyStore;
  public static final String KEYSTORE_PASSWORD = NAMES.keyStorePassword;
  public static final String STORE_TYPE = NAMES.storeType;
  public static final String TRACING_FRACTION = NAMES.tracingFraction;
  public static final String SERVER_VIEW = NAMES.serverView;
  public static final String SILENT_NODE = NAMES.silentNode;


  private ScyllaConfig() {
  }

  /** Parses and validates; any bad value fails with a one-line DBException naming the property. */
  public static CqlSettings parse(Properties properties) throws DBException {
    return CqlConfigParser.parse(properties, NAMES);
  }
}
