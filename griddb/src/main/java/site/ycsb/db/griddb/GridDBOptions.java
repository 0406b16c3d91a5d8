package site.ycsb.db.griddb;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import site.ycsb.options.Option;
import site.ycsb.options.OptionSet;
import site.ycsb.support.TypedProperties;

/**
 * Every option of the GridDB binding, declared once: name, older spellings, default, bounds, unit and meaning.
 * {@link GridDBConfig} reads them (and holds the rules between them: one connection method, the SQL members only
 * with the fixed list...), the README's table is rendered from {@link #SET} ({@code GridDBReadmeTest}).
 *
 * <p>Names follow the bindings' convention (README, "Properties"): lower case, words run together as YCSB's own
 * {@code recordcount}; a duration ends with its unit ({@code millis}, or {@code seconds} where GridDB's own setting
 * is in seconds); one name per concept across bindings ({@code maxretries}, {@code retrybackoffmillis},
 * {@code retrybackoffmaxmillis} as in the CQL bindings). The spellings they replaced (the camel case of GridDB's
 * client properties this binding used before, YCSB 0.17.0's un-prefixed names, {@code griddb.retries}) stay
 * accepted. Every value, text too, given blank is refused: an unset shell variable must not silently mean the
 * default.
 *
 * <p>Immutable and thread-safe.
 */
public final class GridDBOptions {
  /** At most an hour: a longer timeout or back-off is no bound a benchmark can use. */
  static final int MAX_MILLIS = 3_600_000;

  public static final Option<String> MEMBER = text("griddb.notificationmember", null).values("`host:port,...`")
      .aliases(null, "griddb.notificationMember", "notificationMember")
      .meaning("fixed list of members (transaction port, GridDB's default 10001); one of the three connection "
          + "methods is required, and only one").build();
  public static final Option<String> ADDRESS = text("griddb.notificationaddress", null).values("an address")
      .aliases(null, "griddb.notificationAddress", "notificationAddress")
      .meaning("multicast address (GridDB's default is 239.0.0.1)").build();
  public static final Option<Integer> PORT = number("griddb.notificationport", 31999, 1, 65535)
      .aliases(null, "griddb.notificationPort", "notificationPort")
      .meaning("multicast port; only with `griddb.notificationaddress`").build();
  public static final Option<String> PROVIDER = text("griddb.notificationprovider", null)
      .values("an http(s) URL").aliases(null, "griddb.notificationProvider")
      .meaning("provider URL returning the member list").build();
  public static final Option<String> CLUSTER = required("griddb.clustername")
      .aliases(null, "griddb.clusterName", "clusterName").meaning("cluster name").build();
  public static final Option<String> USER = required("griddb.user").aliases(null, "userName").meaning("user")
      .build();
  public static final Option<String> PASSWORD = required("griddb.password").values("text, never printed")
      .aliases(null, "password").meaning("password (never logged)").build();
  public static final Option<String> DATABASE = text("griddb.database", null)
      .defaultText("server default (`public`)").meaning("database").build();
  public static final Option<String> CONSISTENCY = Option.of("griddb.consistency", String.class, "IMMEDIATE",
      "`IMMEDIATE` or `EVENTUAL` (any case)", (p, o) -> {
        String v = p.text(o.name(), null);
        return v == null ? o.defaultValue()
            : TypedProperties.oneOf(o.name(), v, Arrays.asList("IMMEDIATE", "EVENTUAL"), true);
      }).meaning("consistency of the client's reads").build();
  public static final Option<Integer> FAILOVER_TIMEOUT = number("griddb.failovertimeoutseconds", 10, 0,
      Integer.MAX_VALUE).unit("s").aliases(null, "griddb.failoverTimeout")
      .meaning("seconds the client keeps retrying a lost connection before failing. GridDB's own default lets a "
          + "stopped cluster hang each operation for minutes; 10 s makes a dead or wrong cluster fail init in about "
          + "10 s").build();
  /**
   * Long enough that a healthy node's ordinary requests and pauses (a checkpoint, a stall of a few seconds) never
   * hit it, short enough that an operation on a node that stopped answering fails in about 22 s with the default
   * failover timeout instead of waiting as long as the node is silent (measured, see the README's "A node that stops
   * answering"); below 100 ms it would fail ordinary requests of a healthy node.
   */
  public static final Option<Integer> REQUEST_TIMEOUT = number("griddb.requesttimeoutmillis", 5000, 100, MAX_MILLIS)
      .unit("ms").zeroMeans("no limit: wait as long as a node is silent", "shorter fails a healthy node's requests")
      .meaning("how long one request may go unanswered on an open connection before GridDB's client drops the "
          + "connection and fails over (its statement timeout; also its connect timeout when shorter than its 10 s, "
          + "and, rounded up to whole seconds, the JDBC driver's network timeout for SQL scans). An operation on a "
          + "node that stops answering (a partition, a frozen process) then ends within about 2 × this + "
          + "`griddb.failovertimeoutseconds` + 2 s: 22 s with the defaults, measured (see \"A node that stops "
          + "answering\"); a request that takes longer on a healthy node (a lock wait, a long SQL query) fails the "
          + "same way. Each client thread has a GridDB client factory of its own holding it").build();
  public static final Option<Integer> TRANSACTION_TIMEOUT = number("griddb.transactiontimeoutseconds", null, 1,
      Integer.MAX_VALUE).unit("s").aliases(null, "griddb.transactionTimeout").defaultText("server default")
      .meaning("transaction timeout").build();
  public static final Option<Integer> CONTAINER_CACHE = number("griddb.containercachesize", null, 0,
      Integer.MAX_VALUE).aliases(null, "griddb.containerCacheSize").defaultText("client default")
      .meaning("container info cache size of each GridStore").build();
  public static final Option<Integer> POOL_SIZE = number("griddb.maxconnectionpoolsize", null, 0, Integer.MAX_VALUE)
      .aliases(null, "griddb.maxConnectionPoolSize").defaultText("client default")
      .meaning("connection pool size of each client thread's GridDB client factory (see \"A node that stops "
          + "answering\" for why a factory per thread)").build();
  public static final Option<String> SQL_MEMBER = text("griddb.sqlmember", null).values("`host:port,...`")
      .aliases(null, "griddb.sqlMember").defaultText("fixed-list hosts, port 20001")
      .meaning("SQL members for scans (fixed list only)").build();
  public static final Option<Integer> SQL_PORT = number("griddb.sqlnotificationport", 41999, 1, 65535)
      .aliases(null, "griddb.sqlNotificationPort").meaning("SQL multicast port for scans (multicast only)").build();
  public static final Option<Integer> CONTAINER_COUNT = number("griddb.containercount", null, 1, Integer.MAX_VALUE)
      .defaultText("new table: " + TableLayouts.DEFAULT_ROWS_CONTAINERS_PER_NODE + " per node (at most the partition "
          + "count) with `scanlayout=rows`, else the partition count")
      .meaning("data containers per table C (see Data layout, and Scan and what it costs for the trade-off). A "
          + "table remembers the count it was created with; a different explicit value is an error").build();
  public static final Option<ScanLayout> SCAN_LAYOUT = Option.of("griddb.scanlayout", ScanLayout.class, null,
      "`rows`, `index` or `sql` (any case)", (p, o) -> {
        String v = p.text(o.name(), null);
        ScanLayout layout = v == null ? null : ScanLayout.parse(v);
        if (v != null && layout == null) {
          TypedProperties.oneOf(o.name(), v, Arrays.asList("rows", "index", "sql"), true);
        }
        return layout;
      }).defaultText("`rows` for a new table")
      .meaning("how a new table answers scans: `rows` (ordered data containers), `index` (a separate scan index), "
          + "`sql` (SQL per container). A table remembers its layout; a different explicit value is an error")
      .build();
  public static final Option<Integer> SCAN_INDEX_COUNT = number("griddb.scanindexcount", null, 1, 4096)
      .defaultText("`" + TableLayouts.DEFAULT_SCAN_INDEX + "` for a new `index` table")
      .meaning("scan-index containers K, with `griddb.scanlayout=index` only. A table remembers the count it was "
          + "created with; a different explicit value is an error").build();
  public static final Option<Integer> INSERT_BATCH = number("griddb.insertbatchsize", 1, 1, Integer.MAX_VALUE)
      .meaning("inserts buffered per thread and written with one multi-container put (see Batching)").build();
  public static final Option<Integer> MAX_RETRIES = number("griddb.maxretries", 3, 0, Integer.MAX_VALUE)
      .aliases("its name before the bindings shared one", "griddb.retries")
      .meaning("retries of an operation whose failure is transient and safe to repeat (see Errors, retries, "
          + "logging)").build();
  public static final Option<Integer> BACKOFF = number("griddb.retrybackoffmillis", 100, 0, Integer.MAX_VALUE)
      .unit("ms").aliases(null, "griddb.retrybackoffms")
      .meaning("first back-off; doubles per retry, capped at `griddb.retrybackoffmaxmillis`; each pause is between "
          + "half and all of that (jitter)").build();
  public static final Option<Integer> BACKOFF_MAX = number("griddb.retrybackoffmaxmillis", 5000, 0, MAX_MILLIS)
      .unit("ms").meaning("cap of the back-off (a larger `griddb.retrybackoffmillis` is cut to it); given, not below "
          + "`griddb.retrybackoffmillis`").build();
  public static final Option<Integer> SYSTEM_PORT = number("griddb.systemport", null, 1, 65535)
      .defaultText("— (not sampled)")
      .meaning("the members' system (REST) port (GridDB's default 10040; with a port base: base+3; `bin/ycsb "
          + "griddb-server start` sets it for its node). Set, the binding reads each member host's own statistics "
          + "(`/node/stat`) once a second while this project's engine runs it; fixed list only. See \"The "
          + "database's own view of each node\"").build();
  public static final Option<String> TABLE = name("table", "usertable", "[A-Za-z0-9_]+",
      "must use only letters, digits and '_' (it names GridDB containers)").values("letters, digits, `_`")
      .meaning("YCSB table; containers are named after it. The `table` argument of each operation is honoured")
      .build();
  public static final Option<Integer> FIELD_COUNT = number("fieldcount", 10, 1, Integer.MAX_VALUE)
      .meaning("fields per row").build();
  public static final Option<String> FIELD_PREFIX = name("fieldnameprefix", "field", "[A-Za-z_][A-Za-z0-9_]*",
      "must start with a letter or '_' and use only letters, digits and '_' (it names GridDB columns)")
      .values("a letter or `_`, then letters, digits, `_`").meaning("field name prefix").build();

  /** Every option, in README order. */
  public static final OptionSet SET = new OptionSet(Collections.unmodifiableList(Arrays.<Option<?>>asList(MEMBER,
      ADDRESS, PORT, PROVIDER, CLUSTER, USER, PASSWORD, DATABASE, CONSISTENCY, FAILOVER_TIMEOUT, REQUEST_TIMEOUT,
      TRANSACTION_TIMEOUT, CONTAINER_CACHE, POOL_SIZE, SQL_MEMBER, SQL_PORT, CONTAINER_COUNT, SCAN_LAYOUT,
      SCAN_INDEX_COUNT, INSERT_BATCH, MAX_RETRIES, BACKOFF, BACKOFF_MAX, SYSTEM_PORT, TABLE, FIELD_COUNT,
      FIELD_PREFIX)));

  private GridDBOptions() {
  }

  private static Option.Builder<String> text(String name, String def) {
    return Option.of(name, String.class, def, "text", (p, o) -> {
      String v = p.text(o.name(), null);
      return v == null ? o.defaultValue() : v;
    });
  }

  private static Option.Builder<String> required(String name) {
    return Option.of(name, String.class, null, "text", (p, o) -> {
      String v = p.text(o.name(), null);
      if (v == null) {
        List<String> old = o.aliases();
        throw new IllegalArgumentException("missing property " + o.name() + (old.isEmpty() ? ""
            : " (or its older spelling " + String.join(" or ", old) + ")"));
      }
      return v;
    }).defaultText("required");
  }

  /** A whole number within the bounds (0 too where {@link Option.Builder#zeroMeans} says so), or {@code def}. */
  private static Option.Builder<Integer> number(String name, Integer def, int min, int max) {
    return Option.of(name, Integer.class, def, null, (p, o) -> {
      String v = p.text(o.name(), null);
      if (v == null) {
        return o.defaultValue();
      }
      String given = p.given(o.name());
      return (int) o.checkZero(given, TypedProperties.parseLong(given, v, o.lowest(), o.max()));
    }).bounds(min, max);
  }

  /** A name in GridDB (a container's, a column's): text matching {@code pattern}, or {@code def}. */
  private static Option.Builder<String> name(String name, String def, String pattern, String problem) {
    return Option.of(name, String.class, def, null, (p, o) -> {
      String v = p.text(o.name(), null);
      String s = v == null ? o.defaultValue() : v;
      if (!s.matches(pattern)) {
        throw TypedProperties.badValue(o.name(), s, problem);
      }
      return s;
    });
  }
}
