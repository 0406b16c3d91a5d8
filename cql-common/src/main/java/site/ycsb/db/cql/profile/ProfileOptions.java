package site.ycsb.db.cql.profile;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;

import site.ycsb.options.Option;
import site.ycsb.options.OptionSet;
import site.ycsb.support.TypedProperties;

/**
 * Every property of a cassandra-stress profile run ({@link StressProfileWorkload}), declared once: name, default,
 * bounds and meaning. {@link ProfileProperties#parse} reads them by these declarations and the property table of
 * {@code cassandra2/STRESS-PROFILES.md} is rendered from {@link #SET} (a test in cassandra2 holds them equal).
 * Cross-property rules (the statistical stop's {@code nmax} at least its {@code nmin}; {@code insertstart}'s default
 * from {@code profile.population}) are {@link ProfileProperties}'.
 *
 * <p>Immutable and thread-safe.
 */
public final class ProfileOptions {
  /** The largest block number accepted (its partition numbers, block * STRIDE + i, must not overflow). */
  static final long MAX_BLOCK = Long.MAX_VALUE / RowGenerator.STRIDE / 2;
  /** The largest IN list accepted (a server-side guardrail usually refuses far fewer). */
  static final long MAX_IN_LIST = 1000;
  /** The most intervals the statistical stop may ask for before it stops a run. */
  private static final int MAX_INTERVALS = 1_000_000;

  @SuppressWarnings("unchecked")
  private static final Class<Map<String, Double>> MIX = (Class<Map<String, Double>>) (Class<?>) Map.class;

  public static final Option<String> PROFILE = Option.of("profile", String.class, null,
      "a path or a `file:` URI; at most " + Profile.MAX_FILE_BYTES / (1024 * 1024) + " MiB",
      (p, o) -> p.required(o.name(), "the path of a cassandra-stress user profile, e.g. "
          + "-p profile=workloads/cassandra-stress/test01.yaml"))
      .defaultText("— (required)")
      .meaning("the cassandra-stress user profile (YAML), as cassandra-stress takes it (`file:///home/me/p.yaml`)")
      .build();
  public static final Option<Map<String, Double>> OPS = Option.of("ops", MIX, null,
      "`name=weight,...`, also `ops(insert=1,select1=1)`", (p, o) -> ProfileProperties.ops(p.text(o.name(), "insert=1")))
      .defaultText("`insert=1`")
      .meaning("the operation mix; names: `insert`, the profile's query and token-range query names, in any case, "
          + "also as `<specname>.<name>`").build();
  public static final Option<Long> SEED = Option.whole("profile.seed", 1L, Long.MIN_VALUE, Long.MAX_VALUE)
      .values("any whole number")
      .meaning("seed of every generated value; the same seed writes (and queries) the same rows").build();
  public static final Option<Boolean> SCHEMA = Option.flag("profile.schema", false)
      .meaning("run `keyspace_definition`, `table_definition` and `extra_definitions` first (an existing keyspace or "
          + "table is kept; see \"Schema: what the server refuses\")").build();
  public static final Option<Boolean> TRUNCATE = Option.flag("profile.truncate", false)
      .meaning("truncate the table first (once per client process, before the run)").build();
  public static final Option<Long> POPULATION = Option.whole("profile.population", 0L, 0, MAX_BLOCK)
      .meaning("inserts an earlier `-load` with the same seed made (insert blocks `0..N-1`): queries choose among "
          + "them from the start, and a run's inserts start at block N").build();
  public static final Option<Long> INSERT_START = Option.whole("insertstart", null, 0, MAX_BLOCK)
      .defaultText("`0` for `-load`, `profile.population` for a run")
      .meaning("first insert block of this client (split a load over client machines as for the core workload: "
          + "`insertstart` and `recordcount` per client)").build();
  public static final Option<Boolean> SUMMARY = Option.flag("profile.summary", false)
      .meaning("print cassandra-stress's summary at the end (see above)").build();
  public static final Option<Integer> VISITS = Option.count("profile.visits", 1, 1, (int) RowGenerator.MAX_ROWS)
      .meaning("inserts that complete a group of partitions (cassandra-stress's `-insert visits=fixed(N)`): each "
          + "visit writes the next 1/N of every partition's rows (see below); a run after a load must use the load's "
          + "value").build();
  public static final Option<Double> ERR = Option.of("profile.err", Double.class, 0.02, "above 0, below 1",
      ProfileOptions::err)
      .defaultText("off; `0.02` once one of the three is set")
      .meaning("like cassandra-stress's `err<`: stop the run when the standard error of the mean row rate, relative to "
          + "the mean, falls below it (see below)").build();
  public static final Option<Integer> N_MIN = Option.count("profile.nmin", 30, 1, MAX_INTERVALS)
      .defaultText("off; `30` once one of the three is set").unit("intervals")
      .meaning("like cassandra-stress's `n>`: the statistical stop waits for at least this many intervals").build();
  public static final Option<Integer> N_MAX = Option.count("profile.nmax", 200, 1, MAX_INTERVALS)
      .defaultText("off; `200` once one of the three is set").unit("intervals")
      .meaning("like cassandra-stress's `n<`: the statistical stop ends the run after this many intervals even if the "
          + "rate has not converged; at least `profile.nmin`").build();
  public static final Option<Distribution> IN_LIST = Option.of("profile.inlist", Distribution.class, null,
      "a distribution within 1.." + MAX_IN_LIST, (p, o) -> ProfileProperties.inList(p.text(o.name(), "uniform(1..5)")))
      .defaultText("`uniform(1..5)`")
      .meaning("how many values an `IN ?` marker binds, drawn per query (fewer when fewer distinct values exist)")
      .build();

  /** The declarations in the README's order. */
  public static final OptionSet SET = new OptionSet(Collections.unmodifiableList(Arrays.<Option<?>>asList(PROFILE,
      OPS, SEED, SCHEMA, TRUNCATE, POPULATION, INSERT_START, SUMMARY, VISITS, ERR, N_MIN, N_MAX, IN_LIST)));

  private ProfileOptions() {
  }

  private static Double err(TypedProperties p, Option<Double> o) {
    double err = p.fraction(o.name(), o.defaultValue());
    if (!(err > 0) || err >= 1) {
      throw TypedProperties.badValue(o.name(), p.string(o.name(), ""), "must be a fraction above 0 and below 1 (the "
          + "standard error of the mean row rate relative to the mean, e.g. 0.02)");
    }
    return err;
  }
}
