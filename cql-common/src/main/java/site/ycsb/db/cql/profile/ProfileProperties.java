package site.ycsb.db.cql.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

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
 * </ul>
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

  private final String profile;
  private final Map<String, Double> ops;
  private final long seed;
  private final boolean schema;
  private final boolean truncate;
  private final long population;
  private final long insertStart;
  private final boolean summary;

  private ProfileProperties(String profile, Map<String, Double> ops, long seed, boolean schema, boolean truncate,
                            long population, long insertStart, boolean summary) {
    this.profile = profile;
    this.ops = ops;
    this.seed = seed;
    this.schema = schema;
    this.truncate = truncate;
    this.population = population;
    this.insertStart = insertStart;
    this.summary = summary;
  }

  /** Parses; {@code profile} must be set. */
  public static ProfileProperties parse(Properties p) {
    String profile = p.getProperty(PROFILE);
    if (profile == null || profile.trim().isEmpty()) {
      throw new IllegalArgumentException(PROFILE + " is required: the path of a cassandra-stress user profile "
          + "(e.g. -p profile=workloads/cassandra-stress/test01.yaml)");
    }
    String seedText = p.getProperty(SEED, "1").trim();
    long seed;
    try {
      seed = Long.parseLong(seedText);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(SEED + "=" + seedText + " is not a whole number");
    }
    long population = count(p, POPULATION, 0);
    boolean load = !Boolean.parseBoolean(p.getProperty("dotransactions", "true").trim());
    long insertStart = count(p, INSERT_START, load ? 0 : population);
    return new ProfileProperties(profile.trim(), ops(p.getProperty(OPS, "insert=1")), seed,
        bool(p, SCHEMA), bool(p, TRUNCATE), population, insertStart, bool(p, SUMMARY));
  }

  private static long count(Properties p, String name, long fallback) {
    String v = p.getProperty(name);
    if (v == null || v.trim().isEmpty()) {
      return fallback;
    }
    long n;
    try {
      n = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + "=" + v.trim() + " is not a whole number");
    }
    if (n < 0 || n > Long.MAX_VALUE / RowGenerator.STRIDE / 2) {
      throw new IllegalArgumentException(name + "=" + n + " must lie within 0.." + Long.MAX_VALUE
          / RowGenerator.STRIDE / 2);
    }
    return n;
  }

  private static boolean bool(Properties p, String name) {
    String v = p.getProperty(name, "false").trim();
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(name + "=" + v + " must be true or false");
    }
    return Boolean.parseBoolean(v);
  }

  static Map<String, Double> ops(String text) {
    Map<String, Double> out = new LinkedHashMap<>();
    String t = text.trim();
    if (t.startsWith("ops(") && t.endsWith(")")) {
      t = t.substring(4, t.length() - 1);
    }
    for (String part : t.split(",")) {
      String[] kv = part.split("=", -1);
      if (kv.length != 2 || !kv[0].trim().matches("[A-Za-z][A-Za-z0-9_]*")) {
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
}
