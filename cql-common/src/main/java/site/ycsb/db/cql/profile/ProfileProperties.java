package site.ycsb.db.cql.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import site.ycsb.support.TypedProperties;

/**
 * The properties of a profile run, parsed and validated in one place (each mistake is an
 * {@link IllegalArgumentException} with one line, which the engine reports with exit 2):
 * <ul>
 *   <li>{@code profile} (required): path of the cassandra-stress user profile (YAML).</li>
 *   <li>{@code ops} (default {@code insert=1}): operation mix as {@code name=weight,...}; names are
 *       {@code insert} and the profile's query names.</li>
 *   <li>{@code profile.seed} (default 1): seed of all generated values; the same seed writes the same rows.</li>
 *   <li>{@code profile.schema} (default false, read by the binding): run keyspace_definition and
 *       table_definition before the run (existing keyspace/table are kept).</li>
 *   <li>{@code profile.truncate} (default false, read by the binding): truncate the table before the run.</li>
 *   <li>{@code profile.population} (default 0): how many inserts an earlier {@code -load} with the same seed made
 *       (insert blocks 0..N-1): a run's queries choose among them as well as among the run's own inserts, and the
 *       run's inserts start at block N.</li>
 *   <li>{@code insertstart} (default 0 for {@code -load}, {@code profile.population} for a run): the first insert
 *       block of this client (split a load across client machines as for the core workload).</li>
 *   <li>{@code profile.summary} (default false): print cassandra-stress's summary shape at the end
 *       ({@link StressSummary}).</li>
 *   <li>{@code profile.visits} (default 1): inserts that complete a group of partitions, each writing the next
 *       part of their rows (cassandra-stress's {@code -insert visits=fixed(N)}; see {@link RowGenerator}). A run
 *       after a load must use the load's value.</li>
 *   <li>{@code profile.inlist} (default {@code uniform(1..5)}): how many values an {@code IN ?} marker binds (a
 *       distribution, drawn per query; capped by the distinct values that exist).</li>
 *   <li>{@code profile.err}, {@code profile.nmin}, {@code profile.nmax} (cassandra-stress's {@code err<}, {@code n>},
 *       {@code n<}; defaults 0.02, 30, 200; off unless one is set): stop the run once the row rate has converged
 *       ({@link ConvergenceStop}).</li>
 * </ul>
 *
 * <p>Immutable and thread-safe once parsed.
 */
public final class ProfileProperties {
  public static final String PROFILE = "profile";
  public static final String OPS = "ops";
  public static final String SEED = "profile.seed";
  public static final String SCHEMA = "profile.schema";
  public static final String TRUNCATE = "profile.truncate";
  public static final String POPULATION = "profile.population";
  public static final String INSERT_START = "insertstart";
  public static final String SUMMARY = "profile.summary";
  public static final String VISITS = "profile.visits";
  public static final String IN_LIST = "profile.inlist";
  public static final String ERR = "profile.err";
  public static final String N_MIN = "profile.nmin";
  public static final String N_MAX = "profile.nmax";
  /** The largest IN list accepted (a server-side guardrail usually refuses far fewer). */
  static final long MAX_IN_LIST = 1000;

  private final String profile;
  private final Map<String, Double> ops;
  private final long seed;
  private final boolean schema;
  private final boolean truncate;
  private final long population;
  private final long insertStart;
  private final boolean summary;
  private final int visits;
  private final Distribution inList;
  /** err, nmin, nmax of the statistical stop, or null when it is off. */
  private final double[] convergence;

  private ProfileProperties(String profile, Map<String, Double> ops, long seed, boolean schema, boolean truncate,
                            long population, long insertStart, boolean summary, int visits, Distribution inList,
                            double[] convergence) {
    this.profile = profile;
    this.ops = ops;
    this.seed = seed;
    this.schema = schema;
    this.truncate = truncate;
    this.population = population;
    this.insertStart = insertStart;
    this.summary = summary;
    this.visits = visits;
    this.inList = inList;
    this.convergence = convergence;
  }

  /** The largest block number accepted (its partition numbers, block * STRIDE + i, must not overflow). */
  private static final long MAX_BLOCK = Long.MAX_VALUE / RowGenerator.STRIDE / 2;

  /** Parses; {@code profile} must be set. Numbers and flags are read by binding-support's {@link TypedProperties}. */
  public static ProfileProperties parse(Properties p) {
    TypedProperties typed = new TypedProperties(p);
    String profile = typed.required(PROFILE, "the path of a cassandra-stress user profile, e.g. "
        + "-p profile=workloads/cassandra-stress/test01.yaml");
    long seed = typed.longValue(SEED, 1, Long.MIN_VALUE, Long.MAX_VALUE);
    long population = typed.longValue(POPULATION, 0, 0, MAX_BLOCK);
    boolean load = !Boolean.parseBoolean(p.getProperty("dotransactions", "true").trim());
    long insertStart = typed.longValue(INSERT_START, load ? 0 : population, 0, MAX_BLOCK);
    int visits = typed.intValue(VISITS, 1, 1, (int) RowGenerator.MAX_ROWS);
    return new ProfileProperties(profile, ops(p.getProperty(OPS, "insert=1")), seed, typed.bool(SCHEMA, false),
        typed.bool(TRUNCATE, false), population, insertStart, typed.bool(SUMMARY, false), visits,
        inList(p.getProperty(IN_LIST, "uniform(1..5)")), convergence(typed));
  }

  private static double[] convergence(TypedProperties typed) {
    if (!typed.isSet(ERR) && !typed.isSet(N_MIN) && !typed.isSet(N_MAX)) {
      return null;
    }
    double err = typed.fraction(ERR, 0.02);
    if (!(err > 0) || err >= 1) {
      throw new IllegalArgumentException(ERR + "=" + typed.string(ERR, "") + " must be a fraction above 0 and below 1"
          + " (the standard error of the mean row rate relative to the mean, e.g. 0.02)");
    }
    int min = typed.intValue(N_MIN, 30, 1, 1_000_000);
    int max = typed.intValue(N_MAX, 200, 1, 1_000_000);
    if (max < min) {
      throw new IllegalArgumentException(N_MAX + "=" + max + " is below " + N_MIN + "=" + min + " (the least number "
          + "of intervals before the run may stop)");
    }
    return new double[] {err, min, max};
  }

  static Distribution inList(String text) {
    Distribution d;
    try {
      d = Distribution.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(IN_LIST + "=" + text + ": " + e.getMessage());
    }
    if (d.min() < 1 || d.max() > MAX_IN_LIST) {
      throw new IllegalArgumentException(IN_LIST + "=" + text + ": must lie within 1.." + MAX_IN_LIST + ", got " + d);
    }
    return d;
  }

  static Map<String, Double> ops(String text) {
    Map<String, Double> out = new LinkedHashMap<>();
    String t = text.trim();
    if (t.startsWith("ops(") && t.endsWith(")")) {
      t = t.substring(4, t.length() - 1);
    }
    for (String part : t.split(",")) {
      String[] kv = part.split("=", -1);
      if (kv.length != 2 || !kv[0].trim().matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
        throw new IllegalArgumentException(OPS + "=" + text + ": '" + part.trim() + "' is not name=weight");
      }
      double w;
      try {
        w = Double.parseDouble(kv[1].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(OPS + "=" + text + ": weight '" + kv[1].trim() + "' is not a number");
      }
      if (!(w >= 0) || Double.isInfinite(w)) {
        throw new IllegalArgumentException(OPS + "=" + text + ": weight of " + kv[0].trim() + " must be >= 0");
      }
      if (out.put(kv[0].trim(), w) != null) {
        throw new IllegalArgumentException(OPS + "=" + text + ": " + kv[0].trim() + " is listed twice");
      }
    }
    double total = 0;
    for (double w : out.values()) {
      total += w;
    }
    if (!(total > 0)) {
      throw new IllegalArgumentException(OPS + "=" + text + ": the weights add up to 0");
    }
    out.values().removeIf(w -> w == 0);
    return out;
  }

  public String profile() {
    return profile;
  }

  public Map<String, Double> ops() {
    return ops;
  }

  public long seed() {
    return seed;
  }

  public boolean schema() {
    return schema;
  }

  public boolean truncate() {
    return truncate;
  }

  /** Insert blocks 0..population-1 an earlier load wrote with the same seed. */
  public long population() {
    return population;
  }

  /** The first insert block of this client. */
  public long insertStart() {
    return insertStart;
  }

  public boolean summary() {
    return summary;
  }

  /** Inserts (visits) that complete a group of partitions. */
  public int visits() {
    return visits;
  }

  /** The statistical stop's err, nmin and nmax, or null when it is off. */
  double[] convergence() {
    return convergence == null ? null : convergence.clone();
  }

  /** How many values an {@code IN ?} marker binds. */
  public Distribution inList() {
    return inList;
  }
}
