package site.ycsb.db.cql.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import site.ycsb.options.Option;
import site.ycsb.support.TypedProperties;

/**
 * The properties of a profile run, parsed and validated in one place, by their declarations in
 * {@link ProfileOptions} (each mistake is an {@link IllegalArgumentException} with one line, which the engine reports
 * with exit 2), plus the rules between them: {@code insertstart} defaults to 0 for {@code -load} and to
 * {@code profile.population} for a run; the statistical stop is off unless one of {@code profile.err},
 * {@code profile.nmin} and {@code profile.nmax} is set, and then {@code nmax} must be at least {@code nmin}.
 *
 * <p>Immutable and thread-safe once parsed.
 */
public final class ProfileProperties {
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

  /** Parses; {@code profile} must be set. */
  public static ProfileProperties parse(Properties p) {
    TypedProperties typed = new TypedProperties(p);
    String profile = ProfileOptions.PROFILE.read(typed);
    long population = ProfileOptions.POPULATION.read(typed);
    boolean load = !Boolean.parseBoolean(p.getProperty("dotransactions", "true").trim());
    Long insertStart = ProfileOptions.INSERT_START.read(typed);
    return new ProfileProperties(profile, ProfileOptions.OPS.read(typed), ProfileOptions.SEED.read(typed),
        ProfileOptions.SCHEMA.read(typed), ProfileOptions.TRUNCATE.read(typed), population,
        insertStart != null ? insertStart : load ? 0 : population, ProfileOptions.SUMMARY.read(typed),
        ProfileOptions.VISITS.read(typed), ProfileOptions.IN_LIST.read(typed), convergence(typed));
  }

  private static double[] convergence(TypedProperties typed) {
    Option<Double> errOption = ProfileOptions.ERR;
    Option<Integer> minOption = ProfileOptions.N_MIN;
    Option<Integer> maxOption = ProfileOptions.N_MAX;
    if (!errOption.isGiven(typed) && !minOption.isGiven(typed) && !maxOption.isGiven(typed)) {
      return null;
    }
    int min = minOption.read(typed);
    int max = maxOption.read(typed);
    double err = errOption.read(typed);
    if (max < min) {
      throw new IllegalArgumentException(maxOption.name() + "=" + max + " is below " + minOption.name() + "=" + min
          + " (the least number of intervals before the run may stop)");
    }
    return new double[] {err, min, max};
  }

  static Distribution inList(String text) {
    Distribution d;
    try {
      d = Distribution.parse(text);
    } catch (IllegalArgumentException e) {
      throw inListError(text, e.getMessage());
    }
    if (d.min() < 1 || d.max() > ProfileOptions.MAX_IN_LIST) {
      throw inListError(text, "must lie within 1.." + ProfileOptions.MAX_IN_LIST + ", got " + d);
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
        throw mixError(text, "'" + part.trim() + "' is not name=weight");
      }
      double w;
      try {
        w = Double.parseDouble(kv[1].trim());
      } catch (NumberFormatException e) {
        throw mixError(text, "weight '" + kv[1].trim() + "' is not a number");
      }
      if (!(w >= 0) || Double.isInfinite(w)) {
        throw mixError(text, "weight of " + kv[0].trim() + " must be >= 0");
      }
      if (out.put(kv[0].trim(), w) != null) {
        throw mixError(text, kv[0].trim() + " is listed twice");
      }
    }
    double total = 0;
    for (double w : out.values()) {
      total += w;
    }
    if (!(total > 0)) {
      throw mixError(text, "the weights add up to 0");
    }
    out.values().removeIf(w -> w == 0);
    return out;
  }

  private static IllegalArgumentException mixError(String text, String problem) {
    return new IllegalArgumentException(ProfileOptions.OPS.name() + "=" + text + ": " + problem);
  }

  private static IllegalArgumentException inListError(String text, String problem) {
    return new IllegalArgumentException(ProfileOptions.IN_LIST.name() + "=" + text + ": " + problem);
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
