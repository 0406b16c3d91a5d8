package site.ycsb.db.cql.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.ConsistencyLevel;
import com.datastax.driver.core.Host;
import com.datastax.driver.core.HostDistance;
import com.datastax.driver.core.NettyOptions;
import com.datastax.driver.core.PoolingOptions;
import com.datastax.driver.core.QueryOptions;
import com.datastax.driver.core.RemoteEndpointAwareJdkSSLOptions;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.SocketOptions;
import com.datastax.driver.core.exceptions.AuthenticationException;
import com.datastax.driver.core.exceptions.DriverException;
import com.datastax.driver.core.exceptions.InvalidQueryException;
import com.datastax.driver.core.exceptions.NoHostAvailableException;
import com.datastax.driver.core.policies.ConstantSpeculativeExecutionPolicy;
import com.datastax.driver.core.policies.DCAwareRoundRobinPolicy;
import com.datastax.driver.core.policies.ExponentialReconnectionPolicy;
import com.datastax.driver.core.policies.FallthroughRetryPolicy;
import com.datastax.driver.core.policies.LoadBalancingPolicy;
import com.datastax.driver.core.policies.TokenAwarePolicy;

import io.netty.channel.EventLoopGroup;

import site.ycsb.DBException;
import site.ycsb.db.cql.CqlSettings;
import site.ycsb.db.cql.SslContexts;
import site.ycsb.support.RateLimitedLog;

/**
 * Builds the driver {@link Cluster} from {@link CqlSettings} and opens the session on the keyspace.
 *
 * <p>Stateless and thread-safe; the {@code Connection} it returns is shared by every client thread, as the driver's
 * {@code Cluster} and {@code Session} are.
 */
public final class ClusterConnector {
  /** Reconnect quickly after an outage (the driver default waits up to 10 minutes between attempts). */
  private static final long RECONNECT_BASE_MILLIS = 500;
  private static final long RECONNECT_MAX_MILLIS = 5000;
  /**
   * How long init waits for a keyspace that some node does not know yet while the nodes disagree on the schema (a
   * node just restarted, a keyspace just created): real clusters settle within seconds.
   */
  static final long SCHEMA_WAIT_MILLIS = 30_000;
  private static final long SCHEMA_POLL_MILLIS = 500;

  /**
   * Netty's default graceful shutdown waits a 2 s quiet period; YCSB counts cleanup in the run time, so close
   * without it (all connections are already closed when this runs).
   */
  private static final NettyOptions FAST_CLOSE = new NettyOptions() {
    @Override
    public void onClusterClose(EventLoopGroup eventLoopGroup) {
      eventLoopGroup.shutdownGracefully(0, 15, TimeUnit.SECONDS).syncUninterruptibly();
    }
  };

  private ClusterConnector() {
  }

  /** A connected cluster and session; the caller closes the cluster. */
  public static final class Connection {
    private final Cluster cluster;
    private final Session session;

    Connection(Cluster cluster, Session session) {
      this.cluster = cluster;
      this.session = session;
    }

    public Cluster cluster() {
      return cluster;
    }

    public Session session() {
      return session;
    }
  }

  /**
   * Connects, translating every failure into a one-line DBException (wrong password, unknown keyspace,
   * unreachable hosts, bad SSL setup). A keyspace that the node asked does not know while the nodes disagree on the
   * schema, or that the driver's schema metadata knows, is waited for (at most {@link #SCHEMA_WAIT_MILLIS}, saying so
   * once on {@code notice}); a keyspace that no node has fails at once.
   */
  public static Connection connect(CqlSettings settings, Consumer<String> notice) throws DBException {
    return connect(settings, notice, UnaryOperator.identity());
  }

  /** {@link #connect(CqlSettings, Consumer)}, with the binding's routing policy wrapped by {@code routing}. */
  static Connection connect(CqlSettings settings, Consumer<String> notice, UnaryOperator<LoadBalancingPolicy> routing)
      throws DBException {
    Cluster cluster;
    try {
      cluster = builder(settings, routing).build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new DBException(settings.bindingName() + ": invalid contact points " + settings.hosts() + ": "
          + RateLimitedLog.describe(e));
    }
    try {
      Session session = connectToKeyspace(cluster, settings, notice);
      return new Connection(cluster, session);
    } catch (AuthenticationException e) {
      cluster.close();
      throw new DBException(settings.bindingName() + ": authentication failed for user '" + settings.username()
          + "' at " + settings.hosts() + ":" + settings.port() + " (check the username and password).");
    } catch (InvalidQueryException e) {
      cluster.close();
      throw new DBException(settings.bindingName() + ": cannot use keyspace '" + settings.keyspace() + "': "
          + RateLimitedLog.describe(e) + " (create it first, see the binding's README).");
    } catch (NoHostAvailableException e) {
      cluster.close();
      String dcHint = settings.localDc() == null ? "" : " (is '" + settings.localDc()
          + "' the right local datacenter? hosts of other datacenters are not used)";
      throw new DBException(settings.bindingName() + ": cannot connect to any of " + settings.hosts() + " on port "
          + settings.port() + ": " + firstError(e) + dcHint);
    } catch (DriverException | IllegalStateException | IllegalArgumentException e) {
      cluster.close();
      throw new DBException(settings.bindingName() + ": cannot connect to " + settings.hosts() + ": "
          + RateLimitedLog.describe(e));
    }
  }

  /**
   * {@code cluster.connect(keyspace)}, again every {@value #SCHEMA_POLL_MILLIS} ms while the keyspace is missing on
   * the node asked but may exist: the nodes do not agree on the schema yet, or the driver's metadata (from another
   * node) has it. Gives up after {@link #SCHEMA_WAIT_MILLIS} with the last refusal.
   */
  private static Session connectToKeyspace(Cluster cluster, CqlSettings settings, Consumer<String> notice) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SCHEMA_WAIT_MILLIS);
    long start = System.nanoTime();
    boolean waiting = false;
    while (true) {
      try {
        Session session = cluster.connect(settings.keyspace());
        if (waiting) {
          notice.accept(settings.bindingName() + ": keyspace '" + settings.keyspace() + "' found after "
              + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
        }
        return session;
      } catch (InvalidQueryException e) {
        if (!isMissingKeyspace(e) || System.nanoTime() - deadline >= 0 || !mayAppear(cluster, settings.keyspace())) {
          throw e;
        }
        if (!waiting) {
          waiting = true;
          notice.accept(settings.bindingName() + ": keyspace '" + settings.keyspace() + "' is unknown to the node "
              + "asked, but the nodes do not agree on the schema yet (a node just restarted, or the keyspace is new): "
              + "waiting up to " + SCHEMA_WAIT_MILLIS / 1000 + " s for schema agreement");
        }
        try {
          Thread.sleep(SCHEMA_POLL_MILLIS);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  private static boolean isMissingKeyspace(InvalidQueryException e) {
    String message = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
    return message.contains("keyspace") && message.contains("does not exist");
  }

  /** Whether another node may have the keyspace: the driver's schema metadata has it, or the nodes disagree. */
  private static boolean mayAppear(Cluster cluster, String keyspace) {
    try {
      return cluster.getMetadata().getKeyspace(keyspace) != null || !cluster.getMetadata().checkSchemaAgreement();
    } catch (DriverException | IllegalArgumentException e) {
      return false;
    }
  }

  /** One line describing the connected cluster: name, hosts, datacenters. */
  public static String describeCluster(Connection connection) {
    Set<String> dcs = new TreeSet<>();
    List<String> hosts = new ArrayList<>();
    for (Host host : connection.cluster().getMetadata().getAllHosts()) {
      dcs.add(String.valueOf(host.getDatacenter()));
      hosts.add(host.getEndPoint().toString() + (host.isUp() ? "" : " (down)"));
    }
    return "connected to cluster '" + connection.cluster().getMetadata().getClusterName() + "', hosts " + hosts
        + ", datacenters " + dcs;
  }

  private static String firstError(NoHostAvailableException e) {
    if (e.getErrors().isEmpty()) {
      return RateLimitedLog.describe(e);
    }
    Throwable first = e.getErrors().values().iterator().next();
    if (first instanceof AuthenticationException) {
      return "authentication failed (check the username and password).";
    }
    return RateLimitedLog.describe(first);
  }

  static Cluster.Builder builder(CqlSettings s) throws DBException {
    return builder(s, UnaryOperator.identity());
  }

  /** The driver's configuration from {@code s}, its token-aware routing wrapped by {@code routing}. */
  static Cluster.Builder builder(CqlSettings s, UnaryOperator<LoadBalancingPolicy> routing) throws DBException {
    Cluster.Builder builder = Cluster.builder()
        .addContactPoints(s.hosts().toArray(new String[0]))
        .withPort(s.port())
        .withoutJMXReporting()
        // The engine measures every operation itself; the driver's own metrics cost a histogram update per request.
        .withoutMetrics()
        .withNettyOptions(FAST_CLOSE)
        // The binding retries itself (counted, with back-off, latency included); a driver retry would be invisible.
        .withRetryPolicy(FallthroughRetryPolicy.INSTANCE)
        .withReconnectionPolicy(new ExponentialReconnectionPolicy(RECONNECT_BASE_MILLIS, RECONNECT_MAX_MILLIS))
        .withLoadBalancingPolicy(routing.apply(new TokenAwarePolicy(dcPolicy(s))))
        .withQueryOptions(new QueryOptions()
            .setConsistencyLevel(ConsistencyLevel.valueOf(s.readConsistency()))
            .setSerialConsistencyLevel(ConsistencyLevel.valueOf(s.serialConsistency())))
        .withSocketOptions(socketOptions(s))
        .withPoolingOptions(poolingOptions(s));
    if (s.username() != null) {
      builder.withCredentials(s.username(), s.password() == null ? "" : s.password());
    }
    if (s.useSsl()) {
      builder.withSSL(RemoteEndpointAwareJdkSSLOptions.builder().withSSLContext(SslContexts.create(s)).build());
    }
    if (s.speculativeDelayMillis() > 0) {
      builder.withSpeculativeExecutionPolicy(
          new ConstantSpeculativeExecutionPolicy(s.speculativeDelayMillis(), s.speculativeMaxExecutions()));
    }
    return builder;
  }

  private static DCAwareRoundRobinPolicy dcPolicy(CqlSettings s) {
    DCAwareRoundRobinPolicy.Builder dc = DCAwareRoundRobinPolicy.builder();
    if (s.localDc() != null) {
      dc.withLocalDc(s.localDc());
    }
    return dc.build();
  }

  private static SocketOptions socketOptions(CqlSettings s) {
    SocketOptions options = new SocketOptions();
    if (s.connectTimeoutMillis() != null) {
      options.setConnectTimeoutMillis(s.connectTimeoutMillis());
    }
    if (s.readTimeoutMillis() != null) {
      options.setReadTimeoutMillis(s.readTimeoutMillis());
    }
    return options;
  }

  private static PoolingOptions poolingOptions(CqlSettings s) {
    PoolingOptions options = new PoolingOptions();
    if (s.coreConnections() != null || s.maxConnections() != null) {
      int core = s.coreConnections() != null ? s.coreConnections() : 1;
      int max = s.maxConnections() != null ? s.maxConnections() : Math.max(core, 1);
      options.setConnectionsPerHost(HostDistance.LOCAL, core, max);
    }
    return options;
  }
}
