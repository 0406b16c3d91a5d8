package site.ycsb.db.cql;

import java.util.Properties;

import site.ycsb.DBException;
import site.ycsb.options.OptionValues;

/**
 * Parses and validates every option of a CQL binding under that binding's {@link CqlPropertyNames}; each
 * binding's configuration class names its properties and delegates here, so both bindings validate alike. Each
 * option's name, default and bounds are its declaration's ({@link CqlOptions}); what is here are the rules between
 * options (both credentials, core connections at most max, stores only with SSL, ...). Any bad value fails with a
 * one-line DBException naming the property.
 *
 * <p>Stateless and thread-safe.
 */
public final class CqlConfigParser {
  public static final String DEFAULT_KEYSPACE = CqlOptions.KEYSPACE.defaultValue();
  public static final int DEFAULT_PORT = CqlOptions.PORT.defaultValue();
  public static final int DEFAULT_MAX_RETRIES = CqlOptions.MAX_RETRIES.defaultValue();
  public static final long DEFAULT_BACKOFF_MILLIS = CqlOptions.BACKOFF.defaultValue();
  public static final long DEFAULT_BACKOFF_MAX_MILLIS = CqlOptions.BACKOFF_MAX.defaultValue();
  public static final int DEFAULT_SPECULATIVE_MAX = CqlOptions.SPECULATIVE_MAX.defaultValue();
  public static final double DEFAULT_TRACING_FRACTION = CqlOptions.TRACING_FRACTION.defaultValue();
  /** See {@link CqlOptions#SILENT_NODE}. */
  public static final long DEFAULT_SILENT_NODE_MILLIS = CqlOptions.SILENT_NODE.defaultValue();
  /** A threshold below this is finer than the deadline watch's tick, which decides when a waiting attempt looks. */
  public static final long MIN_SILENT_NODE_MILLIS = CqlOptions.SILENT_NODE.min();

  private CqlConfigParser() {
  }

  public static CqlSettings parse(Properties properties, CqlPropertyNames n) throws DBException {
    try {
      return parse(n.options().values(properties), n);
    } catch (IllegalArgumentException e) {
      throw PropertyParser.configurationError(e.getMessage());
    }
  }

  /** The checks in the order of the README; the first mistake is the one reported. */
  private static CqlSettings parse(OptionValues v, CqlPropertyNames n) {
    CqlSettings.Builder b = CqlSettings.builder(n.product)
        .hosts(v.get(CqlOptions.HOSTS))
        .port(v.get(CqlOptions.PORT))
        .keyspace(v.get(CqlOptions.KEYSPACE));

    String user = v.get(CqlOptions.USERNAME);
    String password = v.get(CqlOptions.PASSWORD);
    if (user == null && password != null) {
      throw new IllegalArgumentException(n.password + " is set but " + n.username + " is not");
    }
    if (user != null && password == null) {
      throw new IllegalArgumentException(n.username + " is set but " + n.password + " is not");
    }
    b.credentials(user, password);

    String localDc = v.get(CqlOptions.LOCAL_DC);
    String defaultLevel = localDc == null ? n.defaultConsistency : "LOCAL_" + n.defaultConsistency;
    String read = v.get(CqlOptions.READ_CL);
    String write = v.get(CqlOptions.WRITE_CL);
    String serial = v.get(CqlOptions.SERIAL_CL);
    b.localDc(localDc).consistency(read == null ? defaultLevel : read, write == null ? defaultLevel : write,
        serial != null ? serial : localDc == null ? "SERIAL" : "LOCAL_SERIAL")
        .levelProperties(n.readCl, n.writeCl, n.serialCl);
    boolean lwt = n.lwt != null && v.get(CqlOptions.LWT);
    if (lwt && write != null && ("ANY".equals(write) || write.endsWith("SERIAL"))) {
      throw new IllegalArgumentException(n.writeCl + "=" + write + " cannot be used with " + n.lwt
          + "=true (the commit of a conditional write needs a regular level; set " + n.serialCl + " for Paxos)");
    }
    b.lwt(lwt);

    Integer core = v.get(CqlOptions.CORE_CONNECTIONS);
    Integer max = v.get(CqlOptions.MAX_CONNECTIONS);
    if (core != null && max != null && core > max) {
      throw new IllegalArgumentException(n.coreConnections + "=" + core + " must not exceed " + n.maxConnections
          + "=" + max);
    }
    b.connections(core, max);
    b.timeouts(v.get(CqlOptions.CONNECT_TIMEOUT), v.get(CqlOptions.READ_TIMEOUT), v.get(CqlOptions.REQUEST_TIMEOUT));

    long backoff = v.get(CqlOptions.BACKOFF);
    // not given, the cap is at least the base: a base above the default cap raises it
    long backoffMax = v.isGiven(CqlOptions.BACKOFF_MAX) ? v.get(CqlOptions.BACKOFF_MAX)
        : Math.max(DEFAULT_BACKOFF_MAX_MILLIS, backoff);
    if (backoffMax < backoff) {
      throw new IllegalArgumentException(n.backoffMax + "=" + backoffMax + " must not be below " + n.backoff + "="
          + backoff);
    }
    b.retries(v.get(CqlOptions.MAX_RETRIES), backoff, backoffMax);
    b.speculative(v.get(CqlOptions.SPECULATIVE_DELAY), v.get(CqlOptions.SPECULATIVE_MAX));

    boolean ssl = v.get(CqlOptions.USE_SSL);
    String trustStore = v.get(CqlOptions.TRUSTSTORE);
    String keyStore = v.get(CqlOptions.KEYSTORE);
    if (!ssl && (trustStore != null || keyStore != null)) {
      throw new IllegalArgumentException("an SSL trust/key store is set but " + n.useSsl + " is not true");
    }
    b.ssl(ssl, trustStore, v.get(CqlOptions.TRUSTSTORE_PASSWORD), keyStore, v.get(CqlOptions.KEYSTORE_PASSWORD),
        v.get(CqlOptions.STORE_TYPE));

    boolean tracing = v.get(CqlOptions.TRACING);
    if (!tracing && v.isGiven(CqlOptions.TRACING_FRACTION)) {
      throw new IllegalArgumentException(n.tracingFraction + " is set but " + n.tracing + " is not true");
    }
    b.tracingFraction(tracing ? v.get(CqlOptions.TRACING_FRACTION) : 0.0);
    b.serverView(v.get(CqlOptions.SERVER_VIEW));
    b.silentNodeMillis(v.get(CqlOptions.SILENT_NODE));
    return b.build();
  }
}
