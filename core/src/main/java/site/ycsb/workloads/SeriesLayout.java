package site.ycsb.workloads;

import java.util.Random;

/**
 * Where every point of a time-series workload lives, computed from the settings alone (no state), so a load and a
 * later run in another process agree on which points exist.
 *
 * <p>Series {@code s} (0 &le; s &lt; {@link #seriesCount()}) is metric {@code s / combinations} with the tag
 * combination {@code s % combinations} (mixed radix over the tag cardinalities, last tag fastest). Points are written
 * slot by slot: in slot {@code k} every series writes its point of interval {@code k - delay(s)}, where delayed
 * series lag by {@code delayedintervals}. A point is absent when it falls before interval 0 or is one of the
 * {@code sparsity} fraction chosen (deterministically) to be skipped. The series order inside a slot is shuffled when
 * {@code randomtimeseriesorder} is set; with {@code randomwritetimestamporder} the slots of each window of
 * {@link #WRITE_ORDER_WINDOW} are written in shuffled order, so timestamps arrive out of order.
 */
final class SeriesLayout {
  /** Slots per window whose order {@code randomwritetimestamporder} shuffles. */
  static final int WRITE_ORDER_WINDOW = 10;
  private static final long SEED_DELAYED = 0x5DEECE66DL;
  private static final long SEED_SPARSE = 0x2545F4914F6CDD1DL;
  private static final long SEED_SERIES_ORDER = 0x9E3779B97F4A7C15L;
  private static final long SEED_SLOT_ORDER = 0xD1B54A32D192ED03L;

  private final TimeSeriesSettings settings;
  private final long combinations;
  private final int seriesCount;
  private final String[] metricNames;
  private final String[] tagKeys;
  private final String[][] tagValues;
  private final boolean[] delayed;
  private final int delayedCount;

  SeriesLayout(TimeSeriesSettings settings) {
    this.settings = settings;
    this.combinations = settings.combinationsPerMetric();
    this.seriesCount = (int) (settings.metricCount * combinations);
    metricNames = new String[settings.metricCount];
    for (int i = 0; i < metricNames.length; i++) {
      metricNames[i] = NameCodec.name(i, settings.metricLength);
    }
    tagKeys = new String[settings.tagCount];
    tagValues = new String[settings.tagCount][];
    for (int k = 0; k < tagKeys.length; k++) {
      tagKeys[k] = NameCodec.name(k, settings.tagKeyLength);
      tagValues[k] = new String[settings.tagCardinality[k]];
      for (int v = 0; v < tagValues[k].length; v++) {
        tagValues[k][v] = NameCodec.name(v, settings.tagValueLength);
      }
    }
    delayed = new boolean[seriesCount];
    int count = 0;
    if (settings.delayedIntervals > 0) {
      for (int s = 0; s < seriesCount; s++) {
        delayed[s] = unitHash(SEED_DELAYED, s, 0) < settings.delayedSeries;
        count += delayed[s] ? 1 : 0;
      }
    }
    delayedCount = count;
  }

  int seriesCount() {
    return seriesCount;
  }

  int tagCount() {
    return tagKeys.length;
  }

  String metric(int series) {
    return metricNames[(int) (series / combinations)];
  }

  String tagKey(int tag) {
    return tagKeys[tag];
  }

  /** The value of tag {@code tag} in series {@code series}. */
  String tagValue(int series, int tag) {
    long combo = series % combinations;
    for (int k = tagKeys.length - 1; k > tag; k--) {
      combo /= tagValues[k].length;
    }
    return tagValues[tag][(int) (combo % tagValues[tag].length)];
  }

  /** How many intervals the series lags behind the slot being written. */
  int delay(int series) {
    return delayed[series] ? settings.delayedIntervals : 0;
  }

  int delayedCount() {
    return delayedCount;
  }

  /** Whether sparsity leaves this point out. */
  boolean skipped(int series, long interval) {
    return settings.sparsity > 0 && unitHash(SEED_SPARSE, series, interval) < settings.sparsity;
  }

  /** Whether the point of {@code series} at {@code interval} is written in slot {@code slot}. */
  boolean writtenIn(int series, long slot) {
    long interval = slot - delay(series);
    return interval >= 0 && !skipped(series, interval);
  }

  /** The slot written at write position {@code position} (positions count slots in write order). */
  long slotAt(long position) {
    if (!settings.randomWriteTimestampOrder) {
      return position;
    }
    long window = position / WRITE_ORDER_WINDOW;
    int[] order = permutation(WRITE_ORDER_WINDOW, SEED_SLOT_ORDER ^ window);
    return window * WRITE_ORDER_WINDOW + order[(int) (position % WRITE_ORDER_WINDOW)];
  }

  /** The series order inside slot {@code slot}. */
  int[] seriesOrder(long slot) {
    if (!settings.randomTimeSeriesOrder) {
      int[] order = new int[seriesCount];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      return order;
    }
    return permutation(seriesCount, SEED_SERIES_ORDER ^ slot);
  }

  /** How many points slot {@code slot} holds. */
  long pointsIn(long slot) {
    if (settings.sparsity == 0) {
      return slot < settings.delayedIntervals ? seriesCount - delayedCount : seriesCount;
    }
    long n = 0;
    for (int s = 0; s < seriesCount; s++) {
      n += writtenIn(s, slot) ? 1 : 0;
    }
    return n;
  }

  /**
   * What the first {@code points} points of the write order cover.
   *
   * @return {completed write positions, first position not yet started (where further inserts continue)}
   */
  long[] extentOf(long points) {
    long position = 0;
    long left = points;
    // Without sparsity every slot from delayedintervals on holds all series: walk only the slots before that
    // (and the window that may hold them), then count the rest arithmetically.
    long walk = settings.sparsity == 0 ? settings.delayedIntervals + WRITE_ORDER_WINDOW : Long.MAX_VALUE;
    while (left > 0 && position < walk) {
      long n = pointsIn(slotAt(position));
      if (n > left) {
        return new long[] {position, position + 1};
      }
      left -= n;
      position++;
    }
    if (left > 0) {
      position += left / seriesCount;
      if (left % seriesCount != 0) {
        return new long[] {position, position + 1};
      }
    }
    return new long[] {position, position};
  }

  /** The number of leading slots that are complete once {@code completedPositions} positions are written. */
  long completeSlots(long completedPositions) {
    if (!settings.randomWriteTimestampOrder) {
      return completedPositions;
    }
    return completedPositions / WRITE_ORDER_WINDOW * WRITE_ORDER_WINDOW;
  }

  private static int[] permutation(int n, long seed) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Random random = new Random(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }

  /** A deterministic value in [0, 1) for (seed, a, b): SplitMix64 finalisation of the mixed inputs. */
  static double unitHash(long seed, long a, long b) {
    long z = seed + a * 0x9E3779B97F4A7C15L + b * 0xC2B2AE3D27D4EB4FL;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    z = z ^ (z >>> 31);
    return (z >>> 11) * 0x1.0p-53;
  }
}
