package site.ycsb.db.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import site.ycsb.options.Option;
import site.ycsb.options.OptionSet;

/**
 * The property names and options of one CQL binding. Both bindings accept the same options and differ only in names
 * (Cassandra keeps YCSB's un-prefixed {@code hosts}/{@code port}, ScyllaDB prefixes everything) and in ScyllaDB's
 * lightweight-transaction switch ({@code lwt}), which is null for Cassandra. Both have the serial consistency level
 * (the Paxos phase of the lightweight transactions of a cassandra-stress profile, and of ScyllaDB's LWT mode).
 * The options themselves (names, defaults, bounds, meanings) are declared once in {@link CqlOptions}; this class puts
 * them under one binding's names, and its fields are views of those names. The naming convention is in
 * {@link CqlOptions}; older spellings in {@link #oldSpellings}.
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
  private final OptionSet options;

  /**
   * @param product the name in the settings and the start-up line, e.g. "cassandra"
   * @param displayName the product's name in error messages, e.g. "Cassandra"
   * @param prefix the prefix of the binding's own properties, e.g. "cassandra."
   * @param ycsbHostsAndPort whether the contact points and port are YCSB's un-prefixed {@code hosts} and {@code port}
   *            (the Cassandra binding) rather than prefixed as every other option
   * @param lwt whether the binding has the lightweight-transaction switch {@code <prefix>lwt}
   * @param defaultConsistency the read and write level when none is set, e.g. "ONE"; with a local data centre
   *            the {@code LOCAL_} form is used
   */
  public CqlPropertyNames(String product, String displayName, String prefix, boolean ycsbHostsAndPort,
                          boolean lwt, String defaultConsistency) {
    this.defaultConsistency = defaultConsistency;
    this.product = product;
    this.displayName = displayName;
    List<Option<?>> own = new ArrayList<>();
    for (Option<?> o : CqlOptions.ALL) {
      if (o == CqlOptions.LWT && !lwt) {
        continue;
      }
      boolean bare = ycsbHostsAndPort && (o == CqlOptions.HOSTS || o == CqlOptions.PORT);
      own.add(o.renamed(n -> bare ? n : prefix + n, t -> t.replace("{prefix}", prefix)
          .replace("{product}", displayName).replace("{cl}", defaultConsistency)));
    }
    options = new OptionSet(own);
    this.hosts = name(CqlOptions.HOSTS);
    this.port = name(CqlOptions.PORT);
    keyspace = name(CqlOptions.KEYSPACE);
    username = name(CqlOptions.USERNAME);
    password = name(CqlOptions.PASSWORD);
    readCl = name(CqlOptions.READ_CL);
    writeCl = name(CqlOptions.WRITE_CL);
    serialCl = name(CqlOptions.SERIAL_CL);
    this.lwt = lwt ? name(CqlOptions.LWT) : null;
    maxConnections = name(CqlOptions.MAX_CONNECTIONS);
    coreConnections = name(CqlOptions.CORE_CONNECTIONS);
    connectTimeout = name(CqlOptions.CONNECT_TIMEOUT);
    readTimeout = name(CqlOptions.READ_TIMEOUT);
    useSsl = name(CqlOptions.USE_SSL);
    tracing = name(CqlOptions.TRACING);
    localDc = name(CqlOptions.LOCAL_DC);
    requestTimeout = name(CqlOptions.REQUEST_TIMEOUT);
    maxRetries = name(CqlOptions.MAX_RETRIES);
    backoff = name(CqlOptions.BACKOFF);
    backoffMax = name(CqlOptions.BACKOFF_MAX);
    speculativeDelay = name(CqlOptions.SPECULATIVE_DELAY);
    speculativeMax = name(CqlOptions.SPECULATIVE_MAX);
    trustStore = name(CqlOptions.TRUSTSTORE);
    trustStorePassword = name(CqlOptions.TRUSTSTORE_PASSWORD);
    keyStore = name(CqlOptions.KEYSTORE);
    keyStorePassword = name(CqlOptions.KEYSTORE_PASSWORD);
    storeType = name(CqlOptions.STORE_TYPE);
    tracingFraction = name(CqlOptions.TRACING_FRACTION);
    serverView = name(CqlOptions.SERVER_VIEW);
    silentNode = name(CqlOptions.SILENT_NODE);
    oldSpellings = options.aliases();
  }

  /** This binding's name of the option {@code declaration} (one of {@link CqlOptions}). */
  public String name(Option<?> declaration) {
    return options.get(declaration).name();
  }

  /** This binding's options: {@link CqlOptions} under its names, in README order. */
  public OptionSet options() {
    return options;
  }
}
