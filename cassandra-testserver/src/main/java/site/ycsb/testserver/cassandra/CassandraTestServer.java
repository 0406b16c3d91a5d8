package site.ycsb.testserver.cassandra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A real Apache Cassandra for integration tests: a forked JVM running {@code cassandra-all} on 127.0.0.1, or a
 * handle on an external cluster named by {@code YCSB_CASSANDRA_HOSTS}.
 *
 * <p>Cassandra and its dependencies are resolved into a cache directory at first use and never put on the
 * caller's classpath, so tests can use any CQL driver. See the module README for environment variables.
 *
 * <p>Thread-safe: the tests of a JVM share one server; starting and stopping it are synchronized.
 */
public final class CassandraTestServer implements AutoCloseable {
  /** The Apache Cassandra release the local server runs. */
  public static final String CASSANDRA_VERSION = "5.0.9";
  /** Data center name of the local server (SimpleSnitch). */
  public static final String LOCAL_DATACENTER = "datacenter1";
  /** Default superuser of a server started with authentication. */
  public static final String DEFAULT_SUPERUSER = "cassandra";

  static final int DEFAULT_QUERY_TIMEOUT_MILLIS = 60_000;
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

  private static CassandraTestServer shared;
  private static CassandraTestServer sharedWithAuth;
  private static TestServerException sharedFailure;
  private static TestServerException sharedWithAuthFailure;
  private static ContainerTarget containerTarget;

  private final String host;
  private final int port;
  private final String hosts;
  private final List<ExternalTarget.HostPort> contactPoints;
  private final String username;
  private final String password;
  private final ServerProcess process;
  private volatile String datacenter;

  private CassandraTestServer(String host, int port, String hosts, List<ExternalTarget.HostPort> contactPoints,
                              String username, String password, String datacenter, ServerProcess process) {
    this.host = host;
    this.port = port;
    this.hosts = hosts;
    this.contactPoints = contactPoints;
    this.username = username;
    this.password = password;
    this.datacenter = datacenter;
    this.process = process;
  }

  /**
   * One server per JVM, started lazily, reused by all test classes, stopped by a shutdown hook. If the environment
   * variable YCSB_CASSANDRA_HOSTS is set, returns a handle on that cluster instead and starts nothing; else, if
   * YCSB_CASSANDRA_TESTCONTAINERS=true, a {@code cassandra:5.0} container through Testcontainers.
   *
   * @throws TestServerException when the server cannot be started (later calls rethrow at once)
   */
  public static synchronized CassandraTestServer shared() {
    if (shared == null) {
      if (sharedFailure != null) {
        throw new TestServerException(sharedFailure.getMessage(), sharedFailure);
      }
      try {
        shared = createShared(false);
      } catch (TestServerException e) {
        sharedFailure = e;
        throw e;
      }
    }
    return shared;
  }

  /**
   * Like {@link #shared()} but a separate server with PasswordAuthenticator; the superuser cassandra/cassandra can
   * log in when this returns. For an external cluster, the credentials come from YCSB_CASSANDRA_USERNAME/PASSWORD
   * (null when unset).
   */
  public static synchronized CassandraTestServer sharedWithAuth() {
    if (sharedWithAuth == null) {
      if (sharedWithAuthFailure != null) {
        throw new TestServerException(sharedWithAuthFailure.getMessage(), sharedWithAuthFailure);
      }
      try {
        sharedWithAuth = createShared(true);
      } catch (TestServerException e) {
        sharedWithAuthFailure = e;
        throw e;
      }
    }
    return sharedWithAuth;
  }

  /**
   * Starts a new, unshared local server in {@code dir} (emptied first) that the caller must {@link #close()}; it is
   * also stopped when this JVM exits. Ignores YCSB_CASSANDRA_HOSTS.
   */
  public static CassandraTestServer startNew(Path dir, boolean auth) {
    ServerProcess process = ServerProcess.start(ServerSpec.forTests(dir, auth));
    ShutdownHook.register(process);
    return local(process);
  }

  /**
   * Why a local server cannot be started on this machine (no JDK 11/17, no Maven for the first download, not
   * Linux), or null when it can (or when YCSB_CASSANDRA_HOSTS names an external cluster). Meant for JUnit
   * assumptions: {@code assumeTrue(CassandraTestServer.unavailableReason() == null, ...)}.
   */
  public static String unavailableReason() {
    try {
      if (ExternalTarget.fromEnvironment(System.getenv()) != null) {
        return null;
      }
      if (ContainerTarget.requested(System.getenv())) {
        return ContainerTarget.unavailableReason();
      }
      return localUnavailableReason();
    } catch (TestServerException e) {
      return e.getMessage();
    }
  }

  /** Why no local server can start here (not Linux, no JDK 11/17, no Maven for the first download), or null. */
  static String localUnavailableReason() {
    try {
      if (!java.nio.file.Files.isDirectory(java.nio.file.Paths.get("/proc/self")) || !Signals.onPath("kill")) {
        return "the local Cassandra test server needs Linux (/proc and kill)";
      }
      JavaHomeLocator.locate();
      if (!CassandraLibrary.isComplete(CassandraLibrary.configuredDirectory(System.getenv()))) {
        CassandraLibrary.findMaven(System.getenv());
      }
      return null;
    } catch (TestServerException e) {
      return e.getMessage();
    }
  }

  private static CassandraTestServer createShared(boolean auth) {
    ExternalTarget external = ExternalTarget.fromEnvironment(System.getenv());
    if (external != null) {
      ExternalTarget.HostPort first = external.contactPoints.get(0);
      return new CassandraTestServer(first.host, external.port, external.hosts, external.contactPoints,
          external.username, external.password, external.datacenter, null);
    }
    if (ContainerTarget.requested(System.getenv())) {
      // One container serves both handles; it has no authenticated variant (auth tests skip on null credentials).
      if (containerTarget == null) {
        containerTarget = ContainerTarget.start(System.getenv());
      }
      List<ExternalTarget.HostPort> points = new ArrayList<>();
      points.add(new ExternalTarget.HostPort(containerTarget.host, containerTarget.port));
      return new CassandraTestServer(containerTarget.host, containerTarget.port, containerTarget.host, points, null,
          null, LOCAL_DATACENTER, null);
    }
    ServerDirectories.Lease lease = ServerDirectories.leaseForTests();
    ServerProcess process = ServerProcess.start(ServerSpec.forTests(lease.dir(), auth));
    ShutdownHook.register(process);
    return local(process);
  }

  private static CassandraTestServer local(ServerProcess process) {
    ServerSpec spec = process.spec();
    List<ExternalTarget.HostPort> points = new ArrayList<>();
    points.add(new ExternalTarget.HostPort(spec.host, spec.nativePort));
    return new CassandraTestServer(spec.host, spec.nativePort, spec.host, points,
        spec.auth ? DEFAULT_SUPERUSER : null, spec.auth ? DEFAULT_SUPERUSER : null, LOCAL_DATACENTER, process);
  }

  /** Address of the (first) node, "127.0.0.1" for the local server. */
  public String host() {
    return host;
  }

  /** Native CQL port. */
  public int port() {
    return port;
  }

  /** The value for a binding's {@code hosts} property (for an external cluster: YCSB_CASSANDRA_HOSTS as given). */
  public String hosts() {
    return hosts;
  }

  /** The data center to route to: "datacenter1" locally; YCSB_CASSANDRA_DC or the contact node's own otherwise. */
  public String localDatacenter() {
    String dc = datacenter;
    if (dc == null) {
      CqlResult result = query("SELECT data_center FROM system.local");
      if (result.rowCount() != 1) {
        throw new TestServerException("system.local returned " + result.rowCount() + " rows on " + contactPoints);
      }
      dc = result.string(0, 0);
      datacenter = dc;
    }
    return dc;
  }

  /** Login name, null when the server does not require authentication. */
  public String username() {
    return username;
  }

  /** Password, null when the server does not require authentication. */
  public String password() {
    return password;
  }

  /** True for a handle on a cluster named by YCSB_CASSANDRA_HOSTS (no local process). */
  public boolean isExternal() {
    return process == null;
  }

  /** Directory holding the local server's config, data and log ({@code logs/server.log}); null if external. */
  public Path directory() {
    return process == null ? null : process.spec().dir;
  }

  /**
   * Runs CQL statements in order on one connection.
   *
   * @throws CqlException with the server's message for a rejected statement
   */
  public void execute(String... cql) {
    try (CqlWireClient client = connect(DEFAULT_QUERY_TIMEOUT_MILLIS)) {
      for (String statement : cql) {
        client.query(statement);
      }
    }
  }

  /** Runs one CQL statement and returns its result (e.g. rows of a SELECT). */
  public CqlResult query(String cql) {
    try (CqlWireClient client = connect(DEFAULT_QUERY_TIMEOUT_MILLIS)) {
      return client.query(cql);
    }
  }

  /** Opens a connection (with this server's credentials) that waits at most {@code timeoutMillis} per response. */
  public CqlWireClient connect(int timeoutMillis) {
    TestServerException last = null;
    for (ExternalTarget.HostPort point : contactPoints) {
      try {
        return CqlWireClient.connect(point.host, point.port, username, password, timeoutMillis);
      } catch (CqlException e) {
        throw e;
      } catch (TestServerException e) {
        last = e;
      }
    }
    throw last;
  }

  /**
   * Creates, if missing, keyspace {@code keyspace} (SimpleStrategy, replication factor 1) and table
   * {@code keyspace.table} with {@code y_id varchar PRIMARY KEY} and varchar columns
   * {@code fieldPrefix0 .. fieldPrefix(fieldCount-1)}.
   */
  public void createYcsbSchema(String keyspace, String table, int fieldCount, String fieldPrefix) {
    requireIdentifier("keyspace", keyspace);
    requireIdentifier("table", table);
    requireIdentifier("field prefix", fieldPrefix);
    if (fieldCount < 0) {
      throw new IllegalArgumentException("fieldCount must be >= 0, got " + fieldCount);
    }
    execute(createKeyspaceCql(keyspace), createTableCql(keyspace, table, fieldCount, fieldPrefix));
  }

  static String createKeyspaceCql(String keyspace) {
    return "CREATE KEYSPACE IF NOT EXISTS " + keyspace
        + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}";
  }

  static String createTableCql(String keyspace, String table, int fieldCount, String fieldPrefix) {
    StringBuilder cql = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(keyspace).append('.').append(table)
        .append(" (y_id varchar PRIMARY KEY");
    for (int i = 0; i < fieldCount; i++) {
      cql.append(", ").append(fieldPrefix).append(i).append(" varchar");
    }
    return cql.append(')').toString();
  }

  /** {@code SELECT count(*)} of a table. */
  public long countRows(String keyspace, String table) {
    requireIdentifier("keyspace", keyspace);
    requireIdentifier("table", table);
    CqlResult result = query("SELECT count(*) FROM " + keyspace + "." + table);
    if (result.rowCount() != 1) {
      throw new TestServerException("count(*) returned " + result.rowCount() + " rows");
    }
    return result.longValue(0, 0);
  }

  /** Freezes the server process (SIGSTOP), e.g. to provoke client timeouts. */
  public void pause() {
    requireLocal("pause").pause();
  }

  /** Lets a paused server run again (SIGCONT). */
  public void resume() {
    requireLocal("resume").resume();
  }

  /** Stops the local server (SIGTERM, then SIGKILL after a timeout); nothing for an external handle. */
  @Override
  public void close() {
    if (process != null) {
      process.stop();
    }
  }

  @Override
  public String toString() {
    return (isExternal() ? "external Cassandra " + hosts : "local Cassandra " + CASSANDRA_VERSION + " at " + host
        + ":" + port) + (username == null ? "" : " (user " + username + ")");
  }

  private ServerProcess requireLocal(String operation) {
    if (process == null) {
      throw new UnsupportedOperationException("cannot " + operation + " an external cluster (" + hosts + ")");
    }
    return process;
  }

  static void requireIdentifier(String what, String name) {
    if (name == null || !IDENTIFIER.matcher(name).matches()) {
      throw new IllegalArgumentException(what + " must be a plain CQL identifier (letter, then letters, digits, _),"
          + " got '" + name + "'");
    }
  }
}
