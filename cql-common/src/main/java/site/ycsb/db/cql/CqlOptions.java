package site.ycsb.db.cql;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import site.ycsb.options.Option;

/**
 * Every option of the CQL bindings, declared once for both: name, older spellings, default, bounds, unit and
 * meaning. Names are relative: each binding's {@link CqlPropertyNames} puts its prefix before them ({@code
 * cassandra.}, {@code scylla.}; the Cassandra binding keeps YCSB's un-prefixed {@code hosts} and {@code port}), and in
 * the texts {@code {prefix}} becomes that prefix, {@code {product}} the database's name and {@code {cl}} the
 * binding's default consistency level. Cross-option rules (both credentials, core connections at most max, stores
 * only with SSL...) are {@link CqlConfigParser}'s.
 *
 * <p>The naming convention (also in the bindings' READMEs): lower case, words run together as YCSB's own
 * {@code readconsistencylevel}; a duration ends with its unit, {@code millis} as YCSB 0.17.0's
 * {@code cassandra.connecttimeoutmillis}; dots only for namespaces ({@code ssl.}, {@code tracing.}); the retry limit
 * is {@code maxretries} and the back-off {@code retrybackoffmillis} and {@code retrybackoffmaxmillis} in every
 * binding. Older spellings stay accepted as aliases.
 *
 * <p>Immutable and thread-safe.
 */
public final class CqlOptions {
  /** At most an hour: a longer timeout, back-off or threshold is no bound a benchmark can use. */
  static final int MAX_MILLIS = 3_600_000;

  @SuppressWarnings("unchecked")
  private static final Class<List<String>> LIST = (Class<List<String>>) (Class<?>) List.class;

  public static final Option<List<String>> HOSTS = Option.of("hosts", LIST, null,
      "host names or IPv4/IPv6 addresses, comma-separated, without a port",
      (p, o) -> CqlReaders.hosts(p, o.name(), o.meaning(), o.detail()))
      .defaultText("— (required)").meaning("comma-separated {product} contact points")
      .detail("{prefix}username and {prefix}password").build();
  public static final Option<Integer> PORT = Option.count("port", 9042, 1, 65535)
      .meaning("native CQL port").build();
  public static final Option<String> KEYSPACE = Option.of("keyspace", String.class, "ycsb",
      "a plain CQL identifier (letters, digits, `_`)", (p, o) -> CqlReaders.identifier(p, o.name(), o.defaultValue()))
      .meaning("keyspace (must exist; see Schema)").build();
  public static final Option<String> USERNAME = Option.text("username", null)
      .meaning("user for PasswordAuthenticator; requires `{prefix}password`").build();
  public static final Option<String> PASSWORD = Option.secret("password")
      .meaning("its password; never printed (shown as `***`)").build();
  public static final Option<String> READ_CL = level("readconsistencylevel", ConsistencyLevels.REGULAR)
      .defaultText("`{cl}`; `LOCAL_{cl}` if `{prefix}localdc` is set")
      .meaning("consistency level of reads and scans (`SERIAL`/`LOCAL_SERIAL` give linearizable reads, by Paxos)")
      .build();
  public static final Option<String> WRITE_CL = level("writeconsistencylevel", ConsistencyLevels.REGULAR)
      .defaultText("as above")
      .meaning("consistency level of inserts, updates and deletes (with LWT: of the commit, where `ANY` and the serial "
          + "levels are refused); the levels a run used, set or defaulted, are in its `summary.json` under "
          + "`properties`").build();
  public static final Option<String> SERIAL_CL = level("serialconsistencylevel", ConsistencyLevels.SERIAL)
      .defaultText("`SERIAL`; `LOCAL_SERIAL` if `{prefix}localdc` is set")
      .meaning("level of the Paxos phase of lightweight transactions: LWT writes, and a cassandra-stress profile's "
          + "conditional inserts and `IF` queries (cassandra-stress's `serial-cl=`)").build();
  public static final Option<String> LOCAL_DC = Option.text("localdc", null)
      .aliases("YCSB 0.17.0's spelling", "local_dc")
      .defaultText("— (the driver infers it from the contact points)")
      .meaning("local datacenter: only its nodes are used, and the default levels become `LOCAL_`; a name that no "
          + "node has fails `init`").build();
  public static final Option<Boolean> LWT = Option.flag("lwt", false)
      .meaning("lightweight transactions: insert `IF NOT EXISTS`, update and delete `IF EXISTS`; a write whose "
          + "condition did not hold returns `NOT_APPLIED`").build();
  public static final Option<Integer> MAX_CONNECTIONS = Option.count("maxconnections", null, 1, 1024)
      .defaultText("driver default").meaning("max connections per host in the local datacenter").build();
  public static final Option<Integer> CORE_CONNECTIONS = Option.count("coreconnections", null, 1, 1024)
      .defaultText("driver default")
      .meaning("core connections per host in the local datacenter; at most `{prefix}maxconnections`").build();
  public static final Option<Integer> CONNECT_TIMEOUT = Option.count("connecttimeoutmillis", null, 1, MAX_MILLIS)
      .unit("ms").defaultText("driver default 5000").meaning("TCP connect timeout").build();
  public static final Option<Integer> READ_TIMEOUT = Option.count("readtimeoutmillis", null, 1, MAX_MILLIS)
      .unit("ms").defaultText("driver default 12000")
      .meaning("how long the driver waits for a node's answer (the client-side request timeout)").build();
  public static final Option<Integer> REQUEST_TIMEOUT = Option.count("requesttimeoutmillis", null, 1, MAX_MILLIS)
      .unit("ms").defaultText("— (uses `{prefix}readtimeoutmillis`)")
      .meaning("per-request client timeout set on every statement").build();
  public static final Option<Integer> MAX_RETRIES = Option.count("maxretries", 5, 0, 1000)
      .meaning("retries after the first attempt (0: none)").build();
  public static final Option<Long> BACKOFF = Option.whole("retrybackoffmillis", 100L, 0, MAX_MILLIS).unit("ms")
      .meaning("back-off before retry 1; doubles per retry (\"equal jitter\": each pause half to all of it)").build();
  public static final Option<Long> BACKOFF_MAX = Option.whole("retrybackoffmaxmillis", 5000L, 0, MAX_MILLIS)
      .unit("ms").defaultText("`5000`, or `{prefix}retrybackoffmillis` if larger")
      .meaning("cap of the back-off; not below `{prefix}retrybackoffmillis`").build();
  public static final Option<Long> SPECULATIVE_DELAY = Option.whole("speculativedelaymillis", 0L, 0, MAX_MILLIS)
      .unit("ms").defaultText("`0` (off)")
      .meaning("if above 0, also ask another replica when no answer came within this delay (idempotent statements "
          + "only, not LWT writes); it hides a stalled or silent node from the latency, and the run's record says "
          + "whether it was on (`speculative execution` in its database settings)").build();
  public static final Option<Integer> SPECULATIVE_MAX = Option.count("speculativemaxexecutions", 2, 2, 16)
      .meaning("max executions, the first included, when speculative execution is on").build();
  public static final Option<Boolean> USE_SSL = Option.flag("usessl", false)
      .aliases("YCSB 0.17.0's spelling", "useSSL")
      .meaning("TLS to the cluster, with or without credentials; without stores the JVM's default context is used "
          + "(`-Djavax.net.ssl.trustStore=...`)").build();
  public static final Option<String> TRUSTSTORE = Option.of("ssl.truststore", String.class, null, "a readable file",
      (p, o) -> CqlReaders.readableFile(p, o.name()))
      .meaning("trust store file (requires `{prefix}usessl=true`)").build();
  public static final Option<String> TRUSTSTORE_PASSWORD = Option.secret("ssl.truststorepassword")
      .meaning("its password; never printed").build();
  public static final Option<String> KEYSTORE = Option.of("ssl.keystore", String.class, null, "a readable file",
      (p, o) -> CqlReaders.readableFile(p, o.name()))
      .meaning("key store for client certificates (requires `{prefix}usessl=true`)").build();
  public static final Option<String> KEYSTORE_PASSWORD = Option.secret("ssl.keystorepassword")
      .meaning("its password; never printed").build();
  public static final Option<String> STORE_TYPE = Option.text("ssl.storetype", null)
      .defaultText("JVM default (`PKCS12` on Java 9+, `JKS` on 8)").meaning("type of both stores").build();
  public static final Option<Boolean> TRACING = Option.flag("tracing", false)
      .meaning("ask the server to trace a sampled fraction of the requests (`{prefix}tracing.fraction`)").build();
  public static final Option<Double> TRACING_FRACTION = Option.fraction("tracing.fraction", 0.01)
      .meaning("fraction of requests traced when `{prefix}tracing=true`; setting it without that is an error").build();
  public static final Option<Boolean> SERVER_VIEW = Option.flag("serverview", true)
      .meaning("sample each node's own view of itself (`system_views.thread_pools`) once a second while this "
          + "project's engine runs the binding (ScyllaDB has no such table: the binding says so once and stops "
          + "asking); `false` turns it off").build();
  public static final Option<Long> SILENT_NODE = Option.whole("silentnodemillis", 2000L, 100, MAX_MILLIS)
      .unit("ms").zeroMeans("off", "attempts are looked at every 100 ms")
      .meaning("the silent-node guard: a node that answers nothing, to any request, for this long while a request "
          + "waits on it is held *silent*: it is named at once (a node event), the idempotent attempts waiting on it "
          + "are given up and retried on other replicas, new requests go to the other nodes first, and it is probed "
          + "once a second until it answers. Far beyond a healthy node's answer or a GC pause, far below the "
          + "driver's 12 s read timeout, which is what a silent node costs an attempt without the guard. Off also "
          + "turns off the naming of slow nodes (the speed probe)").build();

  /** Every declaration, in README order ({@link #LWT} only where the binding has it). */
  public static final List<Option<?>> ALL = Collections.unmodifiableList(Arrays.<Option<?>>asList(HOSTS, PORT,
      KEYSPACE, USERNAME, PASSWORD, READ_CL, WRITE_CL, SERIAL_CL, LOCAL_DC, LWT, MAX_CONNECTIONS, CORE_CONNECTIONS,
      CONNECT_TIMEOUT, READ_TIMEOUT, REQUEST_TIMEOUT, MAX_RETRIES, BACKOFF, BACKOFF_MAX, SPECULATIVE_DELAY,
      SPECULATIVE_MAX, USE_SSL, TRUSTSTORE, TRUSTSTORE_PASSWORD, KEYSTORE, KEYSTORE_PASSWORD, STORE_TYPE, TRACING,
      TRACING_FRACTION, SERVER_VIEW, SILENT_NODE));

  private CqlOptions() {
  }

  private static Option.Builder<String> level(String name, java.util.Set<String> allowed) {
    return Option.of(name, String.class, null, String.join(", ", allowed) + " (any case)",
        (p, o) -> CqlReaders.consistency(p, o.name(), allowed));
  }
}
