package site.ycsb.db.cql;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The property names of one CQL binding. Both bindings accept the same options and differ only in names
 * (Cassandra keeps YCSB's un-prefixed {@code hosts}/{@code port}, ScyllaDB prefixes everything) and in ScyllaDB's
 * lightweight-transaction switch ({@code lwt}), which is null for Cassandra. Both have the serial consistency level
 * (the Paxos phase of the lightweight transactions of a cassandra-stress profile, and of ScyllaDB's LWT mode).
 * Names follow the project's convention: lower case, words run together (YCSB's own {@code readconsistencylevel},
 * {@code connecttimeoutmillis}), a duration's unit at the end ({@code millis}), dots for namespaces
 * ({@code ssl.truststore}); older spellings in {@link #oldSpellings}.
 *
 * <p>Immutable and thread-safe.
 */
public final class CqlPropertyNames {
  /** The read and write consistency when none is set (its LOCAL_ form with a local data centre). */
  public final String defaultConsistency;
  public final String product;
  public final String displayName;
  public final String hosts;
  public final String port;
  public final String keyspace;
  public final String username;
  public final String password;
  public final String readCl;
  public final String writeCl;
  public final String serialCl;
  public final String lwt;
  public final String maxConnections;
  public final String coreConnections;
  public final String connectTimeout;
  public final String readTimeout;
  public final String useSsl;
  public final String tracing;
  public final String localDc;
  public final String requestTimeout;
  public final String maxRetries;
  public final String backoff;
  public final String backoffMax;
  public final String speculativeDelay;
  public final String speculativeMax;
  public final String trustStore;
  public final String trustStorePassword;
  public final String keyStore;
  public final String keyStorePassword;
  public final String storeType;
  public final String tracingFraction;
  /** Whether each node's own view (its thread pools) is sampled during the run: {@code <prefix>serverview}. */
  public final String serverView;
  /**
   * How long a node may leave every request unanswered before the binding holds it silent (0: never):
   * {@code <prefix>silentnodemillis}.
   */
  public final String silentNode;
  /**
   * The names these replaced, still accepted: YCSB 0.17.0's {@code <prefix>useSSL} and {@code <prefix>local_dc},
   * spelled before the project's convention (lower case, words run together, as {@code readconsistencylevel}).
   */
  public final Map<String, List<String>> oldSpellings;

  /**
   * @param product the name in the settings and the start-up line, e.g. "cassandra"
   * @param displayName the product's name in error messages, e.g. "Cassandra"
   * @param prefix the prefix of the binding's own properties, e.g. "cassandra."
   * @param hosts the contact-points property
   * @param port the port property
   * @param lwt whether the binding has the lightweight-transaction switch {@code <prefix>lwt}
   * @param defaultConsistency the read and write level when none is set, e.g. "ONE"; with a local data centre
   *            the {@code LOCAL_} form is used
   */
  public CqlPropertyNames(String product, String displayName, String prefix, String hosts, String port,
                          boolean lwt, String defaultConsistency) {
    this.defaultConsistency = defaultConsistency;
    this.product = product;
    this.displayName = displayName;
    this.hosts = hosts;
    this.port = port;
    keyspace = prefix + "keyspace";
    username = prefix + "username";
    password = prefix + "password";
    readCl = prefix + "readconsistencylevel";
    writeCl = prefix + "writeconsistencylevel";
    serialCl = prefix + "serialconsistencylevel";
    this.lwt = lwt ? prefix + "lwt" : null;
    maxConnections = prefix + "maxconnections";
    coreConnections = prefix + "coreconnections";
    connectTimeout = prefix + "connecttimeoutmillis";
    readTimeout = prefix + "readtimeoutmillis";
    useSsl = prefix + "usessl";
    tracing = prefix + "tracing";
    localDc = prefix + "localdc";
    requestTimeout = prefix + "requesttimeoutmillis";
    maxRetries = prefix + "maxretries";
    backoff = prefix + "retrybackoffmillis";
    backoffMax = prefix + "retrybackoffmaxmillis";
    speculativeDelay = prefix + "speculativedelaymillis";
    speculativeMax = prefix + "speculativemaxexecutions";
    trustStore = prefix + "ssl.truststore";
    trustStorePassword = prefix + "ssl.truststorepassword";
    keyStore = prefix + "ssl.keystore";
    keyStorePassword = prefix + "ssl.keystorepassword";
    storeType = prefix + "ssl.storetype";
    tracingFraction = prefix + "tracing.fraction";
    serverView = prefix + "serverview";
    silentNode = prefix + "silentnodemillis";
    Map<String, List<String>> old = new HashMap<>();
    old.put(useSsl, Collections.singletonList(prefix + "useSSL"));
    old.put(localDc, Collections.singletonList(prefix + "local_dc"));
    oldSpellings = Collections.unmodifiableMap(old);
  }
}
