package site.ycsb.db.cql;

import java.util.Properties;

import site.ycsb.DBException;

/**
 * Parses and validates every option of a CQL binding under that binding's {@link CqlPropertyNames}; each
 * binding's configuration class names its properties and delegates here, so both bindings validate alike.
 * Any bad value fails with a one-line DBException naming the property.
 *
 * <p>Stateless and thread-safe.
 */
public final class CqlConfigParser {
  public static final String DEFAULT_KEYSPACE = "ycsb";
  public static final int DEFAULT_PORT = 9042;
  public static final int DEFAULT_MAX_RETRIES = 5;
  public static final long DEFAULT_BACKOFF_MILLIS = 100;
  public static final long DEFAULT_BACKOFF_MAX_MILLIS = 5000;
  public static final int DEFAULT_SPECULATIVE_MAX = 2;
  public static final double DEFAULT_TRACING_FRACTION = 0.01;
  /**
   * Far beyond a healthy node's answer or a GC pause (tens to hundreds of ms), far below the driver's 12 s read
   * timeout, which is what a silent node costs an attempt without the guard.
   */
  public static final long DEFAULT_SILENT_NODE_MILLIS = 2000;
  /** A threshold below this is finer than the deadline watch's tick, which decides when a waiting attempt looks. */
  public static final long MIN_SILENT_NODE_MILLIS = 100;
  private static final int MAX_TIMEOUT_MILLIS = 3_600_000;

  private CqlConfigParser() {
  }

  public static CqlSettings parse(Properties properties, CqlPropertyNames n) throws DBException {
    PropertyParser p = new PropertyParser(properties, n.oldSpellings);
    CqlSettings.Builder b = CqlSettings.builder(n.product)
        .hosts(p.hosts(n.hosts, "comma-separated " + n.displayName + " contact points", n.username + " and "
            + n.password))
        .port(p.intInRange(n.port, DEFAULT_PORT, 1, 65535))
        .keyspace(p.identifier(n.keyspace, DEFAULT_KEYSPACE));

    String user = p.string(n.username, null);
    String password = p.secret(n.password);
    if (user == null && password != null) {
      throw PropertyParser.configurationError(n.password + " is set but " + n.username + " is not");
    }
    if (user != null && password == null) {
      throw PropertyParser.configurationError(n.username + " is set but " + n.password + " is not");
    }
    b.credentials(user, password);

    String localDc = p.string(n.localDc, null);
    String defaultLevel = localDc == null ? n.defaultConsistency : "LOCAL_" + n.defaultConsistency;
    String read = p.consistency(n.readCl, ConsistencyLevels.REGULAR);
    String write = p.consistency(n.writeCl, ConsistencyLevels.REGULAR);
    String serial = p.consistency(n.serialCl, ConsistencyLevels.SERIAL);
    b.localDc(localDc).consistency(read == null ? defaultLevel : read, write == null ? defaultLevel : write,
        serial != null ? serial : localDc == null ? "SERIAL" : "LOCAL_SERIAL")
        .levelProperties(n.readCl, n.writeCl, n.serialCl);
    boolean lwt = n.lwt != null && p.bool(n.lwt, false);
    if (lwt && write != null && ("ANY".equals(write) || write.endsWith("SERIAL"))) {
      throw PropertyParser.configurationError(n.writeCl + "=" + write + " cannot be used with " + n.lwt
          + "=true (the commit of a conditional write needs a regular level; set " + n.serialCl + " for Paxos)");
    }
    b.lwt(lwt);

    Integer core = optionalInt(p, n.coreConnections, 1, 1024);
    Integer max = optionalInt(p, n.maxConnections, 1, 1024);
    if (core != null && max != null && core > max) {
      throw PropertyParser.configurationError(n.coreConnections + "=" + core + " must not exceed "
          + n.maxConnections + "=" + max);
    }
    b.connections(core, max);
    b.timeouts(optionalInt(p, n.connectTimeout, 1, MAX_TIMEOUT_MILLIS), optionalInt(p, n.readTimeout, 1,
        MAX_TIMEOUT_MILLIS), optionalInt(p, n.requestTimeout, 1, MAX_TIMEOUT_MILLIS));

    long backoff = p.longInRange(n.backoff, DEFAULT_BACKOFF_MILLIS, 0, MAX_TIMEOUT_MILLIS);
    long backoffMax = p.longInRange(n.backoffMax, Math.max(DEFAULT_BACKOFF_MAX_MILLIS, backoff), 0,
        MAX_TIMEOUT_MILLIS);
    if (backoffMax < backoff) {
      throw PropertyParser.configurationError(n.backoffMax + "=" + backoffMax + " must not be below " + n.backoff
          + "=" + backoff);
    }
    b.retries(p.intInRange(n.maxRetries, DEFAULT_MAX_RETRIES, 0, 1000), backoff, backoffMax);
    b.speculative(p.longInRange(n.speculativeDelay, 0, 0, MAX_TIMEOUT_MILLIS),
        p.intInRange(n.speculativeMax, DEFAULT_SPECULATIVE_MAX, 2, 16));

    boolean ssl = p.bool(n.useSsl, false);
    String trustStore = p.readableFile(n.trustStore);
    String keyStore = p.readableFile(n.keyStore);
    if (!ssl && (trustStore != null || keyStore != null)) {
      throw PropertyParser.configurationError("an SSL trust/key store is set but " + n.useSsl + " is not true");
    }
    b.ssl(ssl, trustStore, p.secret(n.trustStorePassword), keyStore, p.secret(n.keyStorePassword),
        p.string(n.storeType, null));

    boolean tracing = p.bool(n.tracing, false);
    if (!tracing && p.isGiven(n.tracingFraction)) {
      throw PropertyParser.configurationError(n.tracingFraction + " is set but " + n.tracing + " is not true");
    }
    b.tracingFraction(tracing ? p.fraction(n.tracingFraction, DEFAULT_TRACING_FRACTION) : 0.0);
    b.serverView(p.bool(n.serverView, true));
    long silent = p.longInRange(n.silentNode, DEFAULT_SILENT_NODE_MILLIS, 0, MAX_TIMEOUT_MILLIS);
    if (silent > 0 && silent < MIN_SILENT_NODE_MILLIS) {
      throw PropertyParser.configurationError(n.silentNode + "=" + silent + " must be 0 (off) or at least "
          + MIN_SILENT_NODE_MILLIS + " ms (attempts are looked at every 100 ms)");
    }
    b.silentNodeMillis(silent);
    return b.build();
  }

  private static Integer optionalInt(PropertyParser p, String name, int min, int max) throws DBException {
    // present but blank is refused by intInRange, not read as absent
    return p.isGiven(name) ? p.intInRange(name, 0, min, max) : null;
  }
}
