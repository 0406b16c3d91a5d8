package site.ycsb.db.cql.profile;

import java.util.List;

/**
 * Generates a profile's partitions and rows from seeds alone, so every process (and a later check) computes the
 * same values. Insert number {@code b} (a "block") writes partitions {@code b * STRIDE .. b * STRIDE + n - 1},
 * where n is drawn from {@code insert.partitions}; partition {@code p} has as many rows as the product of its
 * clustering columns' {@code cluster} draws; each value's seed is drawn from the column's {@code population}, and
 * text/blob lengths from its {@code size}. Thread-safe (stateless apart from the profile).
 */
public final class RowGenerator {
  /** Partition numbers reserved per insert (the largest insert.partitions accepted). */
  public static final long STRIDE = 100_000;
  /** Upper bound on rows per partition (product of cluster draws). */
  static final long MAX_ROWS = 1_000_000;

  private final Profile profile;
  private final long seed;

  public RowGenerator(Profile profile, long seed) {
    this.profile = profile;
    this.seed = seed;
  }

  public Profile profile() {
    return profile;
  }

  /** How many partitions insert number {@code block} writes. */
  public int partitionsInBlock(long block) {
    return (int) profile.partitions.sample(Seeds.unit(Seeds.mix(seed, block, 1)));
  }

  /** The partition number of the {@code i}-th partition of insert {@code block}. */
  public static long partition(long block, int i) {
    return block * STRIDE + i;
  }

  /** Rows of partition {@code p}. */
  public long rows(long p) {
    long rows = 1;
    for (Profile.Column c : profile.clustering) {
      rows *= c.cluster.sample(Seeds.unit(Seeds.mix(seed ^ p, c.index, 4)));
      if (rows > MAX_ROWS) {
        return MAX_ROWS;
      }
    }
    return rows;
  }

  /** The values of row {@code r} of partition {@code p}, in table column order. */
  public Object[] row(long p, long r) {
    List<Profile.Column> columns = profile.columns;
    Object[] out = new Object[columns.size()];
    for (Profile.Column c : columns) {
      out[c.index] = value(p, r, c);
    }
    return out;
  }

  /** The value of column {@code c} in row {@code r} of partition {@code p}. */
  public Object value(long p, long r, Profile.Column c) {
    long draw;
    int key = profile.partitionKey.indexOf(c);
    int clusteringPos = profile.clustering.indexOf(c);
    if (key >= 0) {
      draw = Seeds.mix(seed ^ p, c.index, 2);
    } else if (clusteringPos >= 0) {
      draw = Seeds.mix(seed ^ p, c.index, Seeds.mix(5, digit(p, r, clusteringPos)));
    } else {
      draw = Seeds.mix(Seeds.mix(seed ^ p, r), c.index, 6);
    }
    long valueSeed = c.population.sample(Seeds.unit(draw));
    if (!c.type.sized()) {
      return c.type.value(c.type == ColumnType.TIMESTAMP || c.type == ColumnType.INET || c.type == ColumnType.UUID
          || c.type == ColumnType.TIMEUUID ? Seeds.mix(valueSeed, c.index) : valueSeed, 0);
    }
    long mixed = Seeds.mix(seed, valueSeed, c.index);
    int length = (int) c.size.sample(Seeds.unit(Seeds.mix(mixed, 3)));
    return c.type.value(mixed, length);
  }

  /** Row r's index for clustering column {@code pos} (mixed radix over the columns' cluster counts). */
  private long digit(long p, long r, int pos) {
    long rest = r;
    for (int i = profile.clustering.size() - 1; i > pos; i--) {
      Profile.Column c = profile.clustering.get(i);
      rest /= c.cluster.sample(Seeds.unit(Seeds.mix(seed ^ p, c.index, 4)));
    }
    Profile.Column own = profile.clustering.get(pos);
    return rest % own.cluster.sample(Seeds.unit(Seeds.mix(seed ^ p, own.index, 4)));
  }
}
