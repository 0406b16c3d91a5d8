package site.ycsb.db;

import java.util.Properties;

import site.ycsb.DBException;
import site.ycsb.db.cql.ConsistencyLevels;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.PropertyParser;

/**
 * Every property of the Cassandra binding, parsed and validated in one place (mirrored by the table in
 * cassandra2/README.md). YCSB's property names keep their meaning; the hardening options are new.
 */
public final class CassandraConfig {
  public static final String HOSTS = "hosts";
  public static final String PORT = "port";
  public static final String KEYSPACE = "cassandra.keyspace";
  public static final String USERNAME = "cassandra.username";
  public static final String PASSWORD = "cassandra.password";
  public static final String READ_CL = "cassandra.readconsistencylevel";
  public static final String WRITE_CL = "cassandra.writeconsistencylevel";
  public static final String MAX_CONNECTIONS = "cassandra.maxconnections";
  public static final String CORE_CONNECTIONS = "cassandra.coreconnections";
  public static final String CONNECT_TIMEOUT = "cassandra.connecttimeoutmillis";
  public static final String READ_TIMEOUT = "cassandra.readtimeoutmillis";
  public static final String USE_SSL = "cassandra.useSSL";
  public static final String TRACING = "cassandra.tracing";
  public static final String LOCAL_DC = "cassandra.local_dc";
  public static final String REQUEST_TIMEOUT = "cassandra.requesttimeoutmillis";
  public static final String MAX_RETRIES = "cassandra.maxretries";
  public static final String BACKOFF = "cassandra.retrybackoffmillis";
  public static final String BACKOFF_MAX = "cassandra.retrybackoffmaxmillis";
  public static final String SPECULATIVE_DELAY = "cassandra.speculativedelaymillis";
  public static final String SPECULATIVE_MAX = "cassandra.speculativemaxexecutions";
  public static final String TRUSTSTORE = "cassandra.ssl.truststore";
  public static final String TRUSTSTORE_PASSWORD = "cassandra.ssl.truststorepassword";
  public static final String KEYSTORE = "cassandra.ssl.keystore";
  public static final String KEYSTORE_PASSWORD = "cassandra.ssl.keystorepassword";
  public static final String STORE_TYPE = "cassandra.ssl.storetype";
  public static final String TRACING_FRACTION = "cassandra.tracing.fraction";

  public static final String DEFAULT_KEYSPACE = "ycsb";
  public static final int DEFAULT_PORT = 9042;
  public static final String DEFAULT_CL = "QUORUM";
  public static final String DEFAULT_LOCAL_CL = "LOCAL_QUORUM";
  public static final int DEFAULT_MAX_RETRIES = 5;
  public static final long DEFAULT_BACKOFF_MILLIS = 100;
  public static final long DEFAULT_BACKOFF_MAX_MILLIS = 5000;
  public static final int DEFAULT_SPECULATIVE_MAX = 2;
  public static final double DEFAULT_TRACING_FRACTION = 0.01;

  private static final int MAX_TIMEOUT_MILLIS = 3_600_000;

  private CassandraConfig() {
  }

  /** Parses and validates; any bad value fails with a one-line DBException naming the property. */
  public static CqlSettings parse(Properties properties) throws DBException {
    PropertyParser p = new PropertyParser(properties);
    CqlSettings.Builder b = CqlSettings.builder("cassandra")
        .hosts(p.list(HOSTS, "comma-separated Cassandra contact points"))
        .port(p.intInRange(PORT, DEFAULT_PORT, 1, 65535))
        .keyspace(p.identifier(KEYSPACE, DEFAULT_KEYSPACE));

    String user = p.string(USERNAME, null);
    String password = p.secret(PASSWORD);
    if (user == null && password != null) {
      throw new DBException("Property '" + PASSWORD + "' is set but '" + USERNAME + "' is not.");
    }
    if (user != null && password == null) {
      throw new DBException("Property '" + USERNAME + "' is set but '" + PASSWORD + "' is not.");
    }
    b.credentials(user, password);

    String localDc = p.string(LOCAL_DC, null);
    String defaultLevel = localDc == null ? DEFAULT_CL : DEFAULT_LOCAL_CL;
    String read = p.consistency(READ_CL, ConsistencyLevels.REGULAR);
    String write = p.consistency(WRITE_CL, ConsistencyLevels.REGULAR);
    b.localDc(localDc).consistency(read == null ? defaultLevel : read, write == null ? defaultLevel : write,
        localDc == null ? "SERIAL" : "LOCAL_SERIAL");

    Integer core = optionalInt(p, CORE_CONNECTIONS, 1, 1024);
    Integer max = optionalInt(p, MAX_CONNECTIONS, 1, 1024);
    if (core != null && max != null && core > max) {
      throw new DBException("Property '" + CORE_CONNECTIONS + "' (" + core + ") must not exceed '" + MAX_CONNECTIONS
          + "' (" + max + ").");
    }
    b.connections(core, max);
    b.timeouts(optionalInt(p, CONNECT_TIMEOUT, 1, MAX_TIMEOUT_MILLIS), optionalInt(p, READ_TIMEOUT, 1,
        MAX_TIMEOUT_MILLIS), optionalInt(p, REQUEST_TIMEOUT, 1, MAX_TIMEOUT_MILLIS));

    long backoff = p.longInRange(BACKOFF, DEFAULT_BACKOFF_MILLIS, 0, MAX_TIMEOUT_MILLIS);
    long backoffMax = p.longInRange(BACKOFF_MAX, Math.max(DEFAULT_BACKOFF_MAX_MILLIS, backoff), 0, MAX_TIMEOUT_MILLIS);
    if (backoffMax < backoff) {
      throw new DBException("Property '" + BACKOFF_MAX + "' (" + backoffMax + ") must not be below '" + BACKOFF
          + "' (" + backoff + ").");
    }
    b.retries(p.intInRange(MAX_RETRIES, DEFAULT_MAX_RETRIES, 0, 1000), backoff, backoffMax);
    b.speculative(p.longInRange(SPECULATIVE_DELAY, 0, 0, MAX_TIMEOUT_MILLIS),
        p.intInRange(SPECULATIVE_MAX, DEFAULT_SPECULATIVE_MAX, 2, 16));

    boolean ssl = p.bool(USE_SSL, false);
    String trustStore = p.readableFile(TRUSTSTORE);
    String keyStore = p.readableFile(KEYSTORE);
    if (!ssl && (trustStore != null || keyStore != null)) {
      throw new DBException("An SSL trust/key store is set but '" + USE_SSL + "' is not true.");
    }
    b.ssl(ssl, trustStore, p.secret(TRUSTSTORE_PASSWORD), keyStore, p.secret(KEYSTORE_PASSWORD),
        p.string(STORE_TYPE, null));

    boolean tracing = p.bool(TRACING, false);
    if (!tracing && p.isSet(TRACING_FRACTION)) {
      throw new DBException("Property '" + TRACING_FRACTION + "' is set but '" + TRACING + "' is not true.");
    }
    b.tracingFraction(tracing ? p.fraction(TRACING_FRACTION, DEFAULT_TRACING_FRACTION) : 0.0);
    return b.lwt(false).build();
  }

  private static Integer optionalInt(PropertyParser p, String name, int min, int max) throws DBException {
    return p.isSet(name) ? p.intInRange(name, 0, min, max) : null;
  }
}
