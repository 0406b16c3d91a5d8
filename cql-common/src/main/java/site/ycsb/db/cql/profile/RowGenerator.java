package site.ycsb.db.cql.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates a profile's partitions and rows from seeds alone, so every process (and a later check) computes the
 * same values. Insert number {@code b} (a "block") writes partitions {@code b * STRIDE .. b * STRIDE + n - 1},
 * where n is drawn from {@code insert.partitions}; partition {@code p} has as many rows as the product of its
 * clustering columns' {@code cluster} draws; each value's seed is drawn from the column's {@code population}, and
 * text/blob lengths and collection element counts from its {@code size} ({@link CqlType#collection}).
 *
 * <p>A partition's rows (how many, their clustering values and their other values) are a function of its key's value
 * seeds ({@link #identity}), not of its partition number, as cassandra-stress derives them from the key's values: two
 * partition numbers whose keys coincide (a key population smaller than the partitions written) are one partition on
 * the server and write the same rows into it, so a partition holds what its {@code cluster} distributions say however
 * often it is written.
 *
 * <p>Visits ({@code profile.visits}, cassandra-stress's {@code -insert visits=fixed(N)}): with N visits, insert
 * blocks {@code g*N .. g*N+N-1} are the N visits of one group of partitions {@code g*STRIDE + 0..n-1}; visit v covers
 * rows {@code [v*rows/N, (v+1)*rows/N)} of each partition, so the N visits complete the partitions. Within a visit
 * a row is written when its seeded draw falls below the visit's {@code insert.select} ratio, itself drawn per
 * partition and visit: which rows an insert block writes is a function of the seed alone ({@link #written}).
 * Thread-safe (stateless apart from the profile).
 */
public final class RowGenerator {
  /** Partition numbers reserved per insert (the largest insert.partitions accepted). */
  public static final long STRIDE = 100_000;
  /** Upper bound on rows per partition (product of cluster draws). */
  static final long MAX_ROWS = 1_000_000;

  private final Profile profile;
  private final long seed;
  private final int visits;

  /** A generator whose inserts write every partition in one visit. */
  public RowGenerator(Profile profile, long seed) {
    this(profile, seed, 1);
  }

  /** A generator whose partitions are completed over {@code visits} inserts (1 or more). */
  public RowGenerator(Profile profile, long seed, int visits) {
    if (visits < 1) {
      throw new IllegalArgumentException("visits must be >= 1");
    }
    this.profile = profile;
    this.seed = seed;
    this.visits = visits;
  }

  /** Inserts (visits) per partition group. */
  public int visits() {
    return visits;
  }

  /** The partition group that insert {@code block} visits. */
  public long group(long block) {
    return block / visits;
  }

  /** Which visit (0..visits-1) of its group insert {@code block} is. */
  public int visit(long block) {
    return (int) (block % visits);
  }

  /** The partition number of the {@code i}-th partition that insert {@code block} visits. */
  public long partitionOf(long block, int i) {
    return partition(group(block), i);
  }

  /** The first row of partition {@code p} that visit {@code v} covers. */
  long visitStart(long p, int v) {
    return rows(p) * v / visits;
  }

  /** One past the last row of partition {@code p} that visit {@code v} covers. */
  long visitEnd(long p, int v) {
    return rows(p) * (v + 1) / visits;
  }

  /** Whether insert {@code block} writes row {@code r} of partition {@code p} (one of the block's partitions). */
  public boolean written(long block, long p, long r) {
    int v = visit(block);
    return r >= visitStart(p, v) && r < visitEnd(p, v) && selected(p, v, r, ratio(p, v));
  }

  /** The select ratio of visit {@code v} of partition {@code p}. */
  private double ratio(long p, int v) {
    return profile.select.always() ? 1 : profile.select.sample(Seeds.unit(Seeds.mix(seed ^ p, v, 8)));
  }

  /** Whether row {@code r} (within the visit's range) is written by visit {@code v} of ratio {@code ratio}. */
  private boolean selected(long p, int v, long r, double ratio) {
    return ratio >= 1 || Seeds.unit(Seeds.mix(Seeds.mix(seed ^ p, v, 9), r)) < ratio;
  }

  /** The rows insert {@code block} writes, partition by partition, in table column order ({@link #row}). */
  public List<Object[]> blockRows(long block) {
    List<Object[]> out = new ArrayList<>();
    for (int i = 0; i < partitionsInBlock(block); i++) {
      partitionRows(block, partitionOf(block, i), out);
    }
    return out;
  }

  /** Adds to {@code out} the rows of partition {@code p} that insert {@code block} writes. */
  public void partitionRows(long block, long p, List<Object[]> out) {
    int v = visit(block);
    double ratio = ratio(p, v);
    for (long r = visitStart(p, v), end = visitEnd(p, v); r < end; r++) {
      if (selected(p, v, r, ratio)) {
        out.add(row(p, r));
      }
    }
  }

  /**
   * A row of partition {@code p} that insert {@code block} writes, chosen at random, or -1 if it writes none: a few
   * random tries, then the first written row from a random start (so a sparse visit is still found).
   */
  long writtenRow(long block, long p, SplittableRandom random) {
    int v = visit(block);
    long start = visitStart(p, v);
    long span = visitEnd(p, v) - start;
    if (span <= 0) {
      return -1;
    }
    double ratio = ratio(p, v);
    for (int i = 0; i < 16; i++) {
      long r = start + random.nextLong(span);
      if (selected(p, v, r, ratio)) {
        return r;
      }
    }
    long from = random.nextLong(span);
    for (long k = 0; k < span; k++) {
      long r = start + (from + k) % span;
      if (selected(p, v, r, ratio)) {
        return r;
      }
    }
    return -1;
  }

  public Profile profile() {
    return profile;
  }

  /** How many partitions insert number {@code block} visits (those of its group). */
  public int partitionsInBlock(long block) {
    return (int) profile.partitions.sample(Seeds.unit(Seeds.mix(seed, group(block), 1)));
  }

  /** The partition number of the {@code i}-th partition of group {@code group} (insert {@code group} with one visit). */
  public static long partition(long group, int i) {
    return group * STRIDE + i;
  }

  /** Rows of partition {@code p}. */
  public long rows(long p) {
    long id = identity(p);
    long rows = 1;
    for (Profile.Column c : profile.clustering) {
      rows *= c.cluster.sample(Seeds.unit(Seeds.mix(id, c.index, 4)));
      if (rows > MAX_ROWS) {
        return MAX_ROWS;
      }
    }
    return rows;
  }

  /**
   * The values of row {@code r} of partition {@code p}, in table column order (a counter column's value is the
   * increment of its update; {@link #insertValues} orders a row as the insert binds it).
   */
  public Object[] row(long p, long r) {
    List<Profile.Column> columns = profile.columns;
    long id = identity(p);
    Object[] out = new Object[columns.size()];
    for (Profile.Column c : columns) {
      out[c.index] = value(p, id, r, c);
    }
    return out;
  }

  /** The value of column {@code c} in row {@code r} of partition {@code p}. */
  public Object value(long p, long r, Profile.Column c) {
    return value(p, identity(p), r, c);
  }

  /**
   * The seed of partition {@code p}'s rows: a mix of its key columns' value seeds, so partitions whose keys are drawn
   * alike have the same rows (cassandra-stress's rows follow the key's values the same way).
   */
  long identity(long p) {
    long id = seed;
    for (Profile.Column c : profile.partitionKey) {
      id = Seeds.mix(id, keySeed(p, c), c.index);
    }
    return id;
  }

  /** The value seed of key column {@code c} of partition {@code p}. */
  private long keySeed(long p, Profile.Column c) {
    return c.population.sample(Seeds.unit(Seeds.mix(seed ^ p, c.index, 2)));
  }

  private Object value(long p, long id, long r, Profile.Column c) {
    long valueSeed;
    if (profile.partitionKey.contains(c)) {
      // the same draw identity() mixes, so a key's value and its rows' seed cannot drift apart
      valueSeed = keySeed(p, c);
    } else {
      long draw;
      int clusteringPos = profile.clustering.indexOf(c);
      if (clusteringPos >= 0) {
        draw = Seeds.mix(id, c.index, Seeds.mix(5, digit(id, r, clusteringPos)));
      } else {
        draw = Seeds.mix(Seeds.mix(id, r), c.index, 6);
      }
      if (!profile.rowPopulation.always() && !populated(p, r, c)) {
        return c.type.is(ColumnType.COUNTER) ? (Object) 0L : null;
      }
      valueSeed = c.population.sample(Seeds.unit(draw));
    }
    if (!c.type.sized()) {
      ColumnType t = c.type.nativeType;
      return t.value(t.hashed() ? Seeds.mix(valueSeed, c.index) : valueSeed, 0);
    }
    long mixed = Seeds.mix(seed, valueSeed, c.index);
    if (c.type.isCollection()) {
      return c.type.collection(mixed, c.size);
    }
    int length = (int) c.size.sample(Seeds.unit(Seeds.mix(mixed, 3)));
    return c.type.nativeType.value(mixed, length);
  }

  /**
   * Whether column {@code c} (outside the key) of row {@code r} of partition {@code p} has a value under
   * insert.row-population: the visit that writes the row draws a share s for the partition, and the first
   * floor(s * n) of the n columns outside the key, in the order the server lists them (by name), get values, the
   * rest null, as cassandra-stress fills a row.
   */
  private boolean populated(long p, long r, Profile.Column c) {
    int rank = profile.valueColumns.indexOf(c);
    if (rank < 0) {
      return true;
    }
    double share = profile.rowPopulation.sample(Seeds.unit(Seeds.mix(seed ^ p, visitOfRow(p, r), 10)));
    return rank + 1 <= share * profile.valueColumns.size() + 1e-9;
  }

  /** The visit (0..visits-1) whose range holds row {@code r} of partition {@code p}. */
  int visitOfRow(long p, long r) {
    long rows = rows(p);
    int v = (int) Math.min(visits - 1, r * visits / Math.max(1, rows));
    while (v > 0 && visitStart(p, v) > r) {
      v--;
    }
    while (v < visits - 1 && visitEnd(p, v) <= r) {
      v++;
    }
    return v;
  }

  /** A row's values (table order, from {@link #row}) in the order of the insert's markers. */
  public Object[] insertValues(Object[] row) {
    List<Profile.Column> bound = profile.insertColumns;
    if (bound.equals(profile.columns)) {
      return row;
    }
    Object[] out = new Object[bound.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = row[bound.get(i).index];
    }
    return out;
  }

  /**
   * Row r's index for clustering column {@code pos} (mixed radix over the columns' cluster counts) in the partition
   * whose rows have seed {@code id} ({@link #identity}).
   */
  private long digit(long id, long r, int pos) {
    long rest = r;
    for (int i = profile.clustering.size() - 1; i > pos; i--) {
      Profile.Column c = profile.clustering.get(i);
      rest /= c.cluster.sample(Seeds.unit(Seeds.mix(id, c.index, 4)));
    }
    Profile.Column own = profile.clustering.get(pos);
    return rest % own.cluster.sample(Seeds.unit(Seeds.mix(id, own.index, 4)));
  }
}
