package site.ycsb.db.griddb;

import site.ycsb.DBException;
import site.ycsb.support.HostNames;
import site.ycsb.support.SecretNames;
import site.ycsb.support.TypedProperties;

import java.io.UnsupportedEncodingException;
import java.net.URLEncoder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

import site.ycsb.options.OptionValues;

/**
 * Every property of the GridDB binding, parsed and validated in one place: each option's name, default and bounds
 * are its declaration's ({@link GridDBOptions}); the rules between options are here. A bad value fails with a
 * {@link DBException} carrying one line that names the property; the password never appears in any text.
 *
 * <p>Immutable and thread-safe once built (every client thread builds its own from the same properties).
 */
public final class GridDBConfig {
  /** See {@link GridDBOptions#FAILOVER_TIMEOUT}. */
  public static final int DEFAULT_FAILOVER_TIMEOUT_S = GridDBOptions.FAILOVER_TIMEOUT.defaultValue();
  /** See {@link GridDBOptions#REQUEST_TIMEOUT}. */
  public static final int DEFAULT_REQUEST_TIMEOUT_MS = GridDBOptions.REQUEST_TIMEOUT.defaultValue();
  /** GridDB's client's own connect and heartbeat timeouts (ms), which the request timeout must not lengthen. */
  static final int CLIENT_CONNECT_AND_HEARTBEAT_MS = 10_000;
  /** Default SQL port of a GridDB node, used to derive the SQL member list from the transaction members. */
  public static final int DEFAULT_SQL_PORT = 20001;
  /** GridDB's default multicast port for SQL notification. */
  public static final int DEFAULT_SQL_NOTIFICATION_PORT = GridDBOptions.SQL_PORT.defaultValue();
  /** GridDB's default multicast port for transaction notification. */
  public static final int DEFAULT_NOTIFICATION_PORT = GridDBOptions.PORT.defaultValue();

  // The binding's property names: views of the declarations (GridDBOptions), for messages and tests.
  static final String MEMBER = GridDBOptions.MEMBER.name();
  static final String ADDRESS = GridDBOptions.ADDRESS.name();
  static final String PORT = GridDBOptions.PORT.name();
  static final String PROVIDER = GridDBOptions.PROVIDER.name();
  static final String FAILOVER_TIMEOUT = GridDBOptions.FAILOVER_TIMEOUT.name();
  static final String SQL_MEMBER = GridDBOptions.SQL_MEMBER.name();
  /** How long one request may go unanswered on an open connection (GridDB's statementTimeout); 0: no limit. */
  static final String REQUEST_TIMEOUT = GridDBOptions.REQUEST_TIMEOUT.name();
  /** The members' system (REST) port: set, the binding samples each member's {@code /node/stat} (opt-in). */
  static final String SYSTEM_PORT = GridDBOptions.SYSTEM_PORT.name();

  /**
   * The spellings each name replaced, still accepted (two spellings given different values are refused): the camel
   * case of GridDB's own client properties that this binding used before, YCSB 0.17.0's un-prefixed names and
   * {@code griddb.retries}; declared with each option in {@link GridDBOptions}.
   */
  static final java.util.Map<String, List<String>> OLD_SPELLINGS = GridDBOptions.SET.aliases();

  private final ConnectionMethod method;
  private final List<String> members;
  private final String notificationAddress;
  private final int notificationPort;
  private final String notificationProvider;
  private final String clusterName;
  private final String user;
  private final String password;
  private final String database;
  private final String consistency;
  private final int failoverTimeoutSeconds;
  private final int requestTimeoutMillis;
  private final Integer transactionTimeoutSeconds;
  private final Integer containerCacheSize;
  private final Integer maxConnectionPoolSize;
  private final List<String> sqlMembers;
  private final int sqlNotificationPort;
  private final int containerCount;
  private final ScanLayout scanLayout;
  private final int scanIndexCount;
  private final int insertBatchSize;
  private final int maxRetries;
  private final long retryBackoffMillis;
  private final long retryBackoffMaxMillis;
  private final String table;
  private final int fieldCount;
  private final String fieldNamePrefix;
  private final int systemPort;

  private GridDBConfig(Properties props) throws DBException {
    try {
      OptionValues v = GridDBOptions.SET.values(props);
      TypedProperties p = v.typed();
      // which connection method: first only whether each is given (a blank one is refused), then their values
      String member = p.text(MEMBER, null);
      String address = p.text(ADDRESS, null);
      String port = p.text(PORT, null);
      String provider = p.text(PROVIDER, null);
      int methods = (member != null ? 1 : 0) + (address != null ? 1 : 0) + (provider != null ? 1 : 0);
      if (methods == 0) {
        throw mistake("no connection method: set " + MEMBER + "=host:port,... (fixed list), " + ADDRESS
            + " (multicast) or " + PROVIDER + " (provider URL), or start a local node with: bin/ycsb griddb-server"
            + " start --dir DIR");
      }
      if (methods > 1) {
        throw mistake("set only one of " + p.given(MEMBER) + ", " + p.given(ADDRESS) + " and " + p.given(PROVIDER)
            + " (they are exclusive connection methods)");
      }
      if (port != null && address == null) {
        throw mistake(p.given(PORT) + " is only used with " + ADDRESS + " (multicast); for a fixed list put the port"
            + " in each member (host:port)");
      }
      if (member != null) {
        method = ConnectionMethod.FIXED_LIST;
        members = parseMembers(p.given(MEMBER), member);
      } else if (address != null) {
        method = ConnectionMethod.MULTICAST;
        members = Collections.emptyList();
      } else {
        method = ConnectionMethod.PROVIDER;
        members = Collections.emptyList();
        if (!provider.matches("(?i)https?://.+")) {
          throw mistake(TypedProperties.badValue(p.given(PROVIDER), provider, "is not an http(s) URL").getMessage());
        }
      }
      notificationAddress = address;
      notificationPort = v.get(GridDBOptions.PORT);
      notificationProvider = provider;

      clusterName = v.get(GridDBOptions.CLUSTER);
      user = v.get(GridDBOptions.USER);
      password = v.get(GridDBOptions.PASSWORD);
      database = v.get(GridDBOptions.DATABASE);
      consistency = v.get(GridDBOptions.CONSISTENCY);
      failoverTimeoutSeconds = v.get(GridDBOptions.FAILOVER_TIMEOUT);
      requestTimeoutMillis = v.get(GridDBOptions.REQUEST_TIMEOUT);
      transactionTimeoutSeconds = v.get(GridDBOptions.TRANSACTION_TIMEOUT);
      containerCacheSize = v.get(GridDBOptions.CONTAINER_CACHE);
      maxConnectionPoolSize = v.get(GridDBOptions.POOL_SIZE);

      String sqlMember = v.get(GridDBOptions.SQL_MEMBER);
      if (sqlMember != null) {
        if (method != ConnectionMethod.FIXED_LIST) {
          throw mistake(p.given(SQL_MEMBER) + " is only used with the fixed list (" + MEMBER + ")");
        }
        sqlMembers = parseMembers(p.given(SQL_MEMBER), sqlMember);
      } else {
        sqlMembers = withPort(members, DEFAULT_SQL_PORT);
      }
      sqlNotificationPort = v.get(GridDBOptions.SQL_PORT);

      Integer containers = v.get(GridDBOptions.CONTAINER_COUNT);
      containerCount = containers == null ? 0 : containers; // 0: not given, the layout's own count
      scanLayout = v.get(GridDBOptions.SCAN_LAYOUT);
      Integer indexes = v.get(GridDBOptions.SCAN_INDEX_COUNT);
      String indexName = GridDBOptions.SCAN_INDEX_COUNT.name();
      if (indexes != null && scanLayout != ScanLayout.INDEX) {
        throw mistake(indexName + "=" + indexes + " sizes the scan index of " + GridDBOptions.SCAN_LAYOUT.name()
            + "=index only; set " + GridDBOptions.SCAN_LAYOUT.name() + "=index too, or drop " + indexName);
      }
      scanIndexCount = indexes == null ? -1 : indexes;
      Integer system = v.get(GridDBOptions.SYSTEM_PORT);
      if (system != null && method != ConnectionMethod.FIXED_LIST) {
        throw mistake(p.given(SYSTEM_PORT) + " is only used with the fixed list (" + MEMBER + "): the node statistics"
            + " are read from each member's host");
      }
      systemPort = system == null ? 0 : system;
      insertBatchSize = v.get(GridDBOptions.INSERT_BATCH);
      maxRetries = v.get(GridDBOptions.MAX_RETRIES);
      retryBackoffMillis = v.get(GridDBOptions.BACKOFF);
      int cap = v.get(GridDBOptions.BACKOFF_MAX);
      if (v.isGiven(GridDBOptions.BACKOFF_MAX) && cap < retryBackoffMillis) {
        throw mistake(GridDBOptions.BACKOFF_MAX.name() + "=" + cap + " must not be below "
            + v.given(GridDBOptions.BACKOFF) + "=" + retryBackoffMillis);
      }
      retryBackoffMaxMillis = cap;

      table = v.get(GridDBOptions.TABLE);
      fieldCount = v.get(GridDBOptions.FIELD_COUNT);
      fieldNamePrefix = v.get(GridDBOptions.FIELD_PREFIX);
    } catch (IllegalArgumentException e) {
      throw mistake(e.getMessage());
    }
  }

  /** Parses and validates {@code props}. */
  public static GridDBConfig from(Properties props) throws DBException {
    return new GridDBConfig(withLocalNode(props, GridDBConfig.class.getClassLoader()));
  }

  /** The classpath resource {@code bin/ycsb griddb-server start} writes into the binding's conf/ directory. */
  static final String LOCAL_NODE_RESOURCE = "griddb-local.properties";

  /**
   * {@code props} over the settings of a local node started by {@code bin/ycsb griddb-server} (resource
   * {@value #LOCAL_NODE_RESOURCE}), used only when {@code props} name no connection method at all, so that
   * {@code -p}/{@code -P} settings always win and never mix with another method.
   */
  static Properties withLocalNode(Properties props, ClassLoader loader) throws DBException {
    TypedProperties given = new TypedProperties(props, OLD_SPELLINGS);
    for (String method : new String[] {MEMBER, ADDRESS, PROVIDER}) {
      try {
        if (given.isSet(method)) {
          return props;
        }
      } catch (IllegalArgumentException e) {
        return props; // two spellings that disagree: the parse that follows says so
      }
    }
    java.io.InputStream in = loader == null ? null : loader.getResourceAsStream(LOCAL_NODE_RESOURCE);
    if (in == null) {
      return props;
    }
    Properties merged = new Properties();
    try (java.io.InputStream local = in) {
      merged.load(local);
    } catch (java.io.IOException e) {
      throw mistake("GridDB: cannot read " + LOCAL_NODE_RESOURCE + " from the classpath: " + e.getMessage());
    }
    for (String key : props.stringPropertyNames()) {
      // the user's setting wins in whatever spelling: the local node's, in any other, goes
      for (String spelling : spellingsOf(key)) {
        merged.remove(spelling);
      }
      merged.setProperty(key, props.getProperty(key));
    }
    return merged;
  }

  /** Every spelling of the property {@code key} names (the name in the convention and its older ones). */
  private static List<String> spellingsOf(String key) {
    for (java.util.Map.Entry<String, List<String>> e : OLD_SPELLINGS.entrySet()) {
      if (e.getKey().equals(key) || e.getValue().contains(key)) {
        List<String> all = new ArrayList<>(e.getValue());
        all.add(e.getKey());
        return all;
      }
    }
    return Collections.singletonList(key);
  }

  /**
   * A configuration mistake (exit 2 in this project's engine): {@link TypedProperties#configurationError}, worded as
   * the engine words a bad property ({@code name=value ...}).
   */
  static DBException mistake(String message) {
    return TypedProperties.configurationError(message);
  }

  private static List<String> parseMembers(String name, String list) throws DBException {
    List<String> out = new ArrayList<>();
    for (String raw : list.split(",")) {
      String m = raw.trim();
      int colon = m.lastIndexOf(':');
      if (m.isEmpty() || colon <= 0 || colon == m.length() - 1) {
        throw mistake(TypedProperties.badValue(name, list, "is not host:port[,host:port...]").getMessage());
      }
      try {
        TypedProperties.parseLong("port", m.substring(colon + 1), 1, 65535);
      } catch (IllegalArgumentException e) {
        throw mistake(name + "=" + SecretNames.shown(name, list) + ": " + e.getMessage());
      }
      String host = m.substring(0, colon);
      // the driver would only fail to connect to 256.1.1.1 or db1?x=y, as an init failure that quotes it
      String problem = host.indexOf(':') >= 0 && !host.startsWith("[") ? "is not a host name or address (an IPv6 "
          + "address goes in brackets: [::1]:10001)" : HostNames.problem(host, "the member's :port");
      if (problem != null) {
        throw mistake(TypedProperties.badValue(name, list, "has host '" + SecretNames.safeLine(host) + "', which "
            + problem).getMessage());
      }
      out.add(m);
    }
    return Collections.unmodifiableList(out);
  }

  private static List<String> withPort(List<String> hostPorts, int newPort) {
    List<String> out = new ArrayList<>();
    for (String m : hostPorts) {
      out.add(m.substring(0, m.lastIndexOf(':')) + ":" + newPort);
    }
    return Collections.unmodifiableList(out);
  }

  /** Properties for {@code GridStoreFactory.getGridStore}. Contains the password: never print them. */
  public Properties gridStoreProperties() {
    Properties out = new Properties();
    switch (method) {
    case FIXED_LIST:
      out.setProperty("notificationMember", String.join(",", members));
      break;
    case MULTICAST:
      out.setProperty("notificationAddress", notificationAddress);
      out.setProperty("notificationPort", Integer.toString(notificationPort));
      break;
    default:
      out.setProperty("notificationProvider", notificationProvider);
      break;
    }
    out.setProperty("clusterName", clusterName);
    out.setProperty("user", user);
    out.setProperty("password", password);
    if (database != null) {
      out.setProperty("database", database);
    }
    out.setProperty("consistency", consistency);
    out.setProperty("failoverTimeout", Integer.toString(failoverTimeoutSeconds));
    if (transactionTimeoutSeconds != null) {
      out.setProperty("transactionTimeout", Integer.toString(transactionTimeoutSeconds));
    }
    if (containerCacheSize != null) {
      out.setProperty("containerCacheSize", Integer.toString(containerCacheSize));
    }
    return out;
  }

  /**
   * Properties for {@code GridStoreFactory.setProperties}: settings of a GridDB client factory, which hold for every
   * store it makes (each client thread has a factory of its own, see {@link ClientFactory}), possibly empty.
   *
   * <p>The request timeout becomes the client's statement timeout: without it a request sent over a connection that
   * stays open (a partitioned or frozen node) waits as long as the node is silent, since the failover timeout only
   * starts once a connection has failed. Connect timeout (a partition leaves connects unanswered too) and heartbeat
   * timeout (it caps the socket's read timeout, which is when the statement timeout is checked) are the client's
   * 10 s unless the request timeout is shorter, respectively longer.
   */
  public Properties factoryProperties() {
    Properties out = new Properties();
    if (maxConnectionPoolSize != null) {
      out.setProperty("maxConnectionPoolSize", Integer.toString(maxConnectionPoolSize));
    }
    if (requestTimeoutMillis > 0) {
      out.setProperty("statementTimeoutEnabled", "true");
      out.setProperty("statementTimeoutMillis", Integer.toString(requestTimeoutMillis));
      out.setProperty("connectTimeoutMillis",
          Integer.toString(Math.min(requestTimeoutMillis, CLIENT_CONNECT_AND_HEARTBEAT_MS)));
      out.setProperty("heartbeatTimeoutMillis",
          Integer.toString(Math.max(requestTimeoutMillis, CLIENT_CONNECT_AND_HEARTBEAT_MS)));
    }
    return out;
  }

  /** The JDBC URL of GridDB's SQL interface for the same cluster (holds no secret). */
  public String jdbcUrl() {
    String db = database == null ? "public" : database;
    String path = "/" + encode(clusterName) + "/" + encode(db);
    switch (method) {
    case FIXED_LIST:
      return "jdbc:gs://" + path + "?notificationMember=" + encode(String.join(",", sqlMembers));
    case MULTICAST:
      return "jdbc:gs://" + notificationAddress + ":" + sqlNotificationPort + path;
    default:
      return "jdbc:gs://" + path + "?notificationProvider=" + encode(notificationProvider);
    }
  }

  /** JDBC connection properties (user, password, login timeout). Contains the password: never print them. */
  public Properties jdbcProperties() {
    Properties out = new Properties();
    out.setProperty("user", user);
    out.setProperty("password", password);
    out.setProperty("loginTimeout", Integer.toString(Math.max(1, failoverTimeoutSeconds)));
    if (requestTimeoutMillis > 0) {
      // The JDBC driver has its own connection code, which the factory's settings do not reach: without this a query
      // on a silent node waits as long as the silence (up to the driver's 300 s). Whole seconds, rounded up.
      out.setProperty("internal.networkTimeout", Long.toString((requestTimeoutMillis + 999L) / 1000));
    }
    return out;
  }

  private static String encode(String s) {
    try {
      return URLEncoder.encode(s, "UTF-8");
    } catch (UnsupportedEncodingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * One line naming the method, members and cluster, for error messages. Never contains a password (nor the one of
   * a {@code user:password@} in the provider URL).
   */
  public String describeTarget() {
    String where;
    switch (method) {
    case FIXED_LIST:
      where = "members " + members;
      break;
    case MULTICAST:
      where = "address " + notificationAddress + ":" + notificationPort;
      break;
    default:
      where = "provider " + SecretNames.maskText(notificationProvider);
      break;
    }
    return "method " + method.label() + ", " + where + ", cluster '" + clusterName + "', user '" + user + "'"
        + (database == null ? "" : ", database '" + database + "'");
  }

  public ConnectionMethod getMethod() {
    return method;
  }

  public List<String> getMembers() {
    return members;
  }

  public String getNotificationAddress() {
    return notificationAddress;
  }

  public int getNotificationPort() {
    return notificationPort;
  }

  public String getNotificationProvider() {
    return notificationProvider;
  }

  public String getClusterName() {
    return clusterName;
  }

  public String getUser() {
    return user;
  }

  /** The password, for the GridDB client only. */
  String getPassword() {
    return password;
  }

  public String getDatabase() {
    return database;
  }

  public String getConsistency() {
    return consistency;
  }

  public int getFailoverTimeoutSeconds() {
    return failoverTimeoutSeconds;
  }

  /** How long one request may go unanswered before the client gives up on its connection (ms); 0: no limit. */
  public int getRequestTimeoutMillis() {
    return requestTimeoutMillis;
  }

  public Integer getTransactionTimeoutSeconds() {
    return transactionTimeoutSeconds;
  }

  public Integer getContainerCacheSize() {
    return containerCacheSize;
  }

  public Integer getMaxConnectionPoolSize() {
    return maxConnectionPoolSize;
  }

  /**
   * The system (REST) port of each member's host whose {@code /node/stat} the binding samples, or 0 when {@link
   * GridDBOptions#SYSTEM_PORT} is not set (not sampled).
   */
  public int getSystemPort() {
    return systemPort;
  }

  /** Each member host's statistics address, {@code host:systemport}, once per host; empty when not sampled. */
  public List<String> getSystemMembers() {
    return systemPort == 0 ? Collections.<String>emptyList()
        : new ArrayList<>(new java.util.LinkedHashSet<>(withPort(members, systemPort)));
  }

  public List<String> getSqlMembers() {
    return sqlMembers;
  }

  public int getSqlNotificationPort() {
    return sqlNotificationPort;
  }

  /**
   * Configured container count; 0 when unset (a new table gets {@link TableLayouts#DEFAULT_ROWS_CONTAINERS_PER_NODE}
   * per node with the rows layout, else the cluster's partition count; an existing one keeps what it was created with).
   */
  public int getContainerCount() {
    return containerCount;
  }

  /** Configured scan layout; null when unset (a new table gets {@link ScanLayout#ROWS}, an existing one keeps its). */
  public ScanLayout getScanLayout() {
    return scanLayout;
  }

  /**
   * Configured number of scan-index containers (only with {@link ScanLayout#INDEX}); -1 when unset (a new table gets
   * {@link TableLayouts#DEFAULT_SCAN_INDEX}, an existing one keeps what it was created with).
   */
  public int getScanIndexCount() {
    return scanIndexCount;
  }

  public int getInsertBatchSize() {
    return insertBatchSize;
  }

  public int getMaxRetries() {
    return maxRetries;
  }

  public long getRetryBackoffMillis() {
    return retryBackoffMillis;
  }

  /** The cap of the back-off between retries (ms): {@code griddb.retrybackoffmaxmillis}. */
  public long getRetryBackoffMaxMillis() {
    return retryBackoffMaxMillis;
  }

  public String getTable() {
    return table;
  }

  public int getFieldCount() {
    return fieldCount;
  }

  public String getFieldNamePrefix() {
    return fieldNamePrefix;
  }
}
