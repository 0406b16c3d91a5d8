package site.ycsb.db.scylla;

import java.util.Properties;

import site.ycsb.DBException;
import site.ycsb.db.cql.ConsistencyLevels;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.PropertyParser;

/**
 * Every property of the Scylla binding, parsed and validated in one place (mirrored by the table in
 * scylla/README.md). Names and defaults are those of the ScyllaDB YCSB binding; the hardening options are new.
 */
public final class ScyllaConfig {
  public static final String HOSTS = "scylla.hosts";
  public static final String PORT = "scylla.port";
  public static final String KEYSPACE = "scylla.keyspace";
  public static final String USERNAME = "scylla.username";
  public static final String PASSWORD = "scylla.password";
  public static final String READ_CL = "scylla.readconsistencylevel";
  public static final String WRITE_CL = "scylla.writeconsistencylevel";
  public static final String SERIAL_CL = "scylla.serialconsistencylevel";
  public static final String MAX_CONNECTIONS = "scylla.maxconnections";
  public static final String CORE_CONNECTIONS = "scylla.coreconnections";
  public static final String CONNECT_TIMEOUT = "scylla.connecttimeoutmillis";
  public static final String READ_TIMEOUT = "scylla.readtimeoutmillis";
  public static final String USE_SSL = "scylla.useSSL";
  public static final String TRACING = "scylla.tracing";
  public static final String LOCAL_DC = "scylla.local_dc";
  public static final String LWT = "scylla.lwt";
  public static final String REQUEST_TIMEOUT = "scylla.requesttimeoutmillis";
  public static final String MAX_RETRIES = "scylla.maxretries";
  public static final String BACKOFF = "scylla.retrybackoffmillis";
  public static final String BACKOFF_MAX = "scylla.retrybackoffmaxmillis";
  public static final String SPECULATIVE_DELAY = "scylla.speculativedelaymillis";
  public static final String SPECULATIVE_MAX = "scylla.speculativemaxexecutions";
  public static final String TRUSTSTORE = "scylla.ssl.truststore";
  public static final String TRUSTSTORE_PASSWORD = "scylla.ssl.truststorepassword";
  public static final String KEYSTORE = "scylla.ssl.keystore";
  public static final String KEYSTORE_PASSWORD = "scylla.ssl.keystorepassword";
  public static final String STORE_TYPE = "scylla.ssl.storetype";
  public static final String TRACING_FRACTION = "scylla.tracing.fraction";

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

  private ScyllaConfig() {
  }

  /** Parses and validates; any bad value fails with a one-line DBException naming the property. */
  public static CqlSettings parse(Properties properties) throws DBException {
    PropertyParser p = new PropertyParser(properties);
    CqlSettings.Builder b = CqlSettings.builder("scylla")
        .hosts(p.list(HOSTS, "comma-separated ScyllaDB contact points"))
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
    String serial = p.consistency(SERIAL_CL, ConsistencyLevels.SERIAL);
    b.localDc(localDc).consistency(read == null ? defaultLevel : read, write == null ? defaultLevel : write,
        serial != null ? serial : localDc == null ? "SERIAL" : "LOCAL_SERIAL");
    boolean lwt = p.bool(LWT, false);
    if (lwt && write != null && ("ANY".equals(write) || write.endsWith("SERIAL"))) {
      throw new DBException("Property '" + WRITE_CL + "' cannot be " + write + " with " + LWT
          + "=true (the commit of a conditional write needs a regular level; set " + SERIAL_CL + " for Paxos).");
    }
    b.lwt(lwt);

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
    return b.build();
  }

  private static Integer optionalInt(PropertyParser p, String name, int min, int max) throws DBException {
    return p.isSet(name) ? p.intInRange(name, 0, min, max) : null;
  }
}
