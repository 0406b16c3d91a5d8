package site.ycsb.db.griddb;

import site.ycsb.DBException;
import site.ycsb.support.SecretNames;
import site.ycsb.support.TypedProperties;

import java.io.UnsupportedEncodingException;
import java.net.URLEncoder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

/**
 * Every property of the GridDB binding, parsed and validated in one place. A bad value fails with a
 * {@link DBException} carrying one line that names the property; the password never appears in any text.
 *
 * <p>Immutable and thread-safe once built (every client thread builds its own from the same properties).
 */
public final class GridDBConfig {
  /** Default failover timeout (s): bounded so that a dead cluster fails in seconds (GridDB's default is minutes). */
  public static final int DEFAULT_FAILOVER_TIMEOUT_S = 10;
  /**
   * Default request timeout (ms): long enough that a healthy node's ordinary requests and pauses (a checkpoint, a
   * stall of a few seconds) never hit it, short enough that an operation on a node that stopped answering fails in
   * about 22 s with the default failover timeout instead of waiting as long as the node is silent (measured, see the
   * README's "A node that stops answering").
   */
  public static final int DEFAULT_REQUEST_TIMEOUT_MS = 5000;
  /** Below this a request timeout would fail ordinary requests of a healthy node; 0 turns the timeout off. */
  static final int MIN_REQUEST_TIMEOUT_MS = 100;
  /** At most an hour: a longer timeout is no bound a benchmark can use. */
  static final int MAX_REQUEST_TIMEOUT_MS = 3_600_000;
  /** GridDB's client's own connect and heartbeat timeouts (ms), which the request timeout must not lengthen. */
  static final int CLIENT_CONNECT_AND_HEARTBEAT_MS = 10_000;
  /** Default SQL port of a GridDB node, used to derive the SQL member list from the transaction members. */
  public static final int DEFAULT_SQL_PORT = 20001;
  /** GridDB's default multicast port for SQL notification. */
  public static final int DEFAULT_SQL_NOTIFICATION_PORT = 41999;
  /** GridDB's default multicast port for transaction notification. */
  public static final int DEFAULT_NOTIFICATION_PORT = 31999;

  // The binding's property names, in the project's convention: lower case, words run together (as YCSB's own
  // recordcount), a duration's unit at the end; OLD_SPELLINGS holds the names they replaced, still accepted.
  static final String MEMBER = "griddb.notificationmember";
  static final String ADDRESS = "griddb.notificationaddress";
  static final String PORT = "griddb.notificationport";
  static final String PROVIDER = "griddb.notificationprovider";
  static final String CLUSTER = "griddb.clustername";
  static final String USER = "griddb.user";
  static final String PASSWORD = "griddb.password";
  static final String FAILOVER_TIMEOUT = "griddb.failovertimeoutseconds";
  static final String TRANSACTION_TIMEOUT = "griddb.transactiontimeoutseconds";
  static final String CONTAINER_CACHE = "griddb.containercachesize";
  static final String POOL_SIZE = "griddb.maxconnectionpoolsize";
  static final String SQL_MEMBER = "griddb.sqlmember";
  static final String SQL_PORT = "griddb.sqlnotificationport";
  static final String RETRY_BACKOFF = "griddb.retrybackoffmillis";
  /** How long one request may go unanswered on an open connection (GridDB's statementTimeout); 0: no limit. */
  static final String REQUEST_TIMEOUT = "griddb.requesttimeoutmillis";
  /** The members' system (REST) port: set, the binding samples each member's {@code /node/stat} (opt-in). */
  static final String SYSTEM_PORT = "griddb.systemport";

  /**
   * The spellings each name replaced, still accepted (two spellings given different values are refused): the camel
   * case of GridDB's own client properties that this binding used before, and YCSB 0.17.0's un-prefixed names.
   */
  static final java.util.Map<String, List<String>> OLD_SPELLINGS = oldSpellings(
      MEMBER, "griddb.notificationMember", "notificationMember",
      ADDRESS, "griddb.notificationAddress", "notificationAddress",
      PORT, "griddb.notificationPort", "notificationPort",
      PROVIDER, "griddb.notificationProvider", null,
      CLUSTER, "griddb.clusterName", "clusterName",
      USER, null, "userName",
      PASSWORD, null, "password",
      FAILOVER_TIMEOUT, "griddb.failoverTimeout", null,
      TRANSACTION_TIMEOUT, "griddb.transactionTimeout", null,
      CONTAINER_CACHE, "griddb.containerCacheSize", null,
      POOL_SIZE, "griddb.maxConnectionPoolSize", null,
      SQL_MEMBER, "griddb.sqlMember", null,
      SQL_PORT, "griddb.sqlNotificationPort", null,
      RETRY_BACKOFF, "griddb.retrybackoffms", null);

  /** {name, old spelling or null, YCSB spelling or null} triples as a map. */
  private static java.util.Map<String, List<String>> oldSpellings(String... triples) {
    java.util.Map<String, List<String>> map = new java.util.LinkedHashMap<>();
    for (int i = 0; i < triples.length; i += 3) {
      List<String> old = new ArrayList<>();
      for (String o : new String[] {triples[i + 1], triples[i + 2]}) {
        if (o != null) {
          old.add(o);
        }
      }
      map.put(triples[i], Collections.unmodifiableList(old));
    }
    return Collections.unmodifiableMap(map);
  }

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
  private final String table;
  private final int fieldCount;
  private final String fieldNamePrefix;
  private final int systemPort;

  private GridDBConfig(Properties props) throws DBException {
    TypedProperties p = new TypedProperties(props, OLD_SPELLINGS);
    String member = value(p, MEMBER);
    String address = value(p, ADDRESS);
    String port = value(p, PORT);
    String provider = value(p, PROVIDER);
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
    notificationPort = port == null ? DEFAULT_NOTIFICATION_PORT : port(p.given(PORT), port);
    notificationProvider = provider;

    clusterName = required(p, CLUSTER);
    user = required(p, USER);
    password = required(p, PASSWORD);
    database = value(p, "griddb.database");

    String cons = value(p, "griddb.consistency");
    consistency = cons == null ? "IMMEDIATE" : oneOf("griddb.consistency", cons, "IMMEDIATE", "EVENTUAL");
    failoverTimeoutSeconds = intValue(p, FAILOVER_TIMEOUT, DEFAULT_FAILOVER_TIMEOUT_S, 0);
    Integer request = optionalInt(p, REQUEST_TIMEOUT, 0, MAX_REQUEST_TIMEOUT_MS);
    requestTimeoutMillis = request == null ? DEFAULT_REQUEST_TIMEOUT_MS : request;
    if (requestTimeoutMillis != 0 && requestTimeoutMillis < MIN_REQUEST_TIMEOUT_MS) {
      throw mistake(p.given(REQUEST_TIMEOUT) + "=" + requestTimeoutMillis + " must be 0 (no limit: wait as long as a"
          + " node is silent) or at least " + MIN_REQUEST_TIMEOUT_MS + " (shorter fails a healthy node's requests)");
    }
    transactionTimeoutSeconds = optionalInt(p, TRANSACTION_TIMEOUT, 1);
    containerCacheSize = optionalInt(p, CONTAINER_CACHE, 0);
    maxConnectionPoolSize = optionalInt(p, POOL_SIZE, 0);

    String sqlMember = value(p, SQL_MEMBER);
    if (sqlMember != null) {
      if (method != ConnectionMethod.FIXED_LIST) {
        throw mistake(p.given(SQL_MEMBER) + " is only used with the fixed list (" + MEMBER + ")");
      }
      sqlMembers = parseMembers(p.given(SQL_MEMBER), sqlMember);
    } else {
      sqlMembers = withPort(members, DEFAULT_SQL_PORT);
    }
    String sqlPort = value(p, SQL_PORT);
    sqlNotificationPort = sqlPort == null ? DEFAULT_SQL_NOTIFICATION_PORT : port(p.given(SQL_PORT), sqlPort);

    containerCount = intValue(p, "griddb.containercount", 0, 0);
    String layout = value(p, "griddb.scanlayout");
    scanLayout = layout == null ? null : ScanLayout.parse(layout);
    if (layout != null && scanLayout == null) {
      oneOf("griddb.scanlayout", layout, "rows", "index", "sql");
    }
    Integer indexes = optionalInt(p, "griddb.scanindexcount", 1, 4096);
    if (indexes != null && scanLayout != ScanLayout.INDEX) {
      throw mistake("griddb.scanindexcount=" + indexes + " sizes the scan index of griddb.scanlayout=index"
          + " only; set griddb.scanlayout=index too, or drop griddb.scanindexcount");
    }
    scanIndexCount = indexes == null ? -1 : indexes;
    Integer system = optionalInt(p, SYSTEM_PORT, 1, 65535);
    if (system != null && method != ConnectionMethod.FIXED_LIST) {
      throw mistake(p.given(SYSTEM_PORT) + " is only used with the fixed list (" + MEMBER + "): the node statistics"
          + " are read from each member's host");
    }
    systemPort = system == null ? 0 : system;
    insertBatchSize = intValue(p, "griddb.insertbatchsize", 1, 1);
    maxRetries = intValue(p, "griddb.retries", 3, 0);
    retryBackoffMillis = intValue(p, RETRY_BACKOFF, 100, 0);

    String t = value(p, "table");
    table = t == null ? "usertable" : t;
    if (!table.matches("[A-Za-z0-9_]+")) {
      throw mistake(TypedProperties.badValue("table", table, "must use only letters, digits and '_' (it names GridDB"
          + " containers)").getMessage());
    }
    fieldCount = intValue(p, "fieldcount", 10, 1);
    String prefix = value(p, "fieldnameprefix");
    fieldNamePrefix = prefix == null ? "field" : prefix;
    if (!fieldNamePrefix.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw mistake(TypedProperties.badValue("fieldnameprefix", fieldNamePrefix, "must start with a letter or '_'"
          + " and use only letters, digits and '_' (it names GridDB columns)").getMessage());
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

  /** The value of {@code name} in whichever spelling is given, or null; two spellings that disagree are refused. */
  private static String value(TypedProperties p, String name) throws DBException {
    try {
      String blank = p.givenBlank(name);
      if (blank != null) {
        // an unset shell variable (-p griddb.consistency=$CL) must not silently mean the default
        throw mistake(blank + " is given empty: give a value, or leave " + blank + " out");
      }
      return p.string(name, null);
    } catch (IllegalArgumentException e) {
      throw mistake(e.getMessage());
    }
  }

  private static String required(TypedProperties p, String name) throws DBException {
    String v = value(p, name);
    if (v == null) {
      List<String> old = OLD_SPELLINGS.get(name);
      throw mistake("missing property " + name + (old == null || old.isEmpty() ? "" : " (or its older spelling "
          + String.join(" or ", old) + ")"));
    }
    return v;
  }

  /**
   * A configuration mistake (exit 2 in this project's engine): {@link TypedProperties#configurationError}, worded as
   * the engine words a bad property ({@code name=value ...}).
   */
  static DBException mistake(String message) {
    return TypedProperties.configurationError(message);
  }

  /** {@code raw} as one of {@code allowed} (any case), in the allowed spelling; else a mistake. */
  private static String oneOf(String name, String raw, String... allowed) throws DBException {
    try {
      return TypedProperties.oneOf(name, raw, java.util.Arrays.asList(allowed), true);
    } catch (IllegalArgumentException e) {
      throw mistake(e.getMessage());
    }
  }

  private static int intValue(TypedProperties p, String name, int dflt, int min) throws DBException {
    Integer v = optionalInt(p, name, min, Integer.MAX_VALUE);
    return v == null ? dflt : v;
  }

  private static Integer optionalInt(TypedProperties p, String name, int min) throws DBException {
    return optionalInt(p, name, min, Integer.MAX_VALUE);
  }

  /** The whole number in {@code [min, max]}, or null when unset; parsed and worded by {@link TypedProperties}. */
  private static Integer optionalInt(TypedProperties p, String name, int min, int max) throws DBException {
    String s = value(p, name);
    if (s == null) {
      return null;
    }
    try {
      return (int) TypedProperties.parseLong(p.given(name), s, min, max);
    } catch (IllegalArgumentException e) {
      throw mistake(e.getMessage());
    }
  }

  private static int port(String name, String s) throws DBException {
    try {
      return (int) TypedProperties.parseLong(name, s, 1, 65535);
    } catch (IllegalArgumentException e) {
      throw mistake(e.getMessage());
    }
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
        throw mistake(name + "=" + list + ": " + e.getMessage());
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
      where = "provider " + SecretNames.maskCredentials(notificationProvider);
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
   * The system (REST) port of each member's host whose {@code /node/stat} the binding samples, or 0 when {@value
   * #SYSTEM_PORT} is not set (not sampled).
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
