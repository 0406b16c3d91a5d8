package site.ycsb.workloads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.NumericByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.TimeseriesDB.AggregationOperation;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.WorkloadHooks;
import site.ycsb.generator.DiscreteGenerator;
import site.ycsb.generator.IncrementingPrintableStringGenerator;
import site.ycsb.measurements.Measurements;

/**
 * YCSB 0.17.0's time-series workload: {@code fieldcount} metrics, each with every combination of
 * {@code tagcount} tags (tag key {@code i} has {@code tagcardinality[i]} values), written one point per series
 * per {@code timestampinterval}. Property names, defaults and the field encoding match 0.17.0 (see
 * {@code workloads/tsworkload_template}, which documents every property), so {@link site.ycsb.TimeseriesDB}
 * bindings decode what this workload sends.
 *
 * <p>Encoding: the key is the metric. An insert's values hold each tag key with its value as a
 * {@link StringByteIterator}, {@code timestampkey} and {@code valuekey} as {@link NumericByteIterator}s. A read's
 * fields are {@code tagkey<tagpairdelimiter>tagvalue} plus {@code timestampkey<tagpairdelimiter>ts}; a scan's
 * timestamp field is {@code start<querytimespandelimiter>end} and it may add {@code groupbykey=FUNCTION} (tags
 * marked in {@code groupbykeys} are then left out) and {@code downsamplingkey=FUNCTIONinterval}. A delete's key is
 * {@code metric:tagkey=tagvalue:...:timestampkey=ts} with {@code deletedelimiter} between the parts.
 *
 * <p>Load: the points form one sequence shared by all client threads: interval after interval, every series
 * once per interval, in shuffled series order when {@code randomtimeseriesorder} is true and in shuffled interval
 * order when {@code randomwritetimestamporder} is true. Which points a load writes therefore depends only on
 * {@code insertcount}, not on how this engine's shared schedule spreads operations over threads (YCSB 0.17.0
 * gave each thread its own metrics and refused more threads than metrics; any thread count works here).
 * {@code insertstart} is the first timestamp (in {@code timestampunits}); without it, the current time. Reads,
 * scans, updates and deletes pick a random series and a random timestamp among the
 * {@code recordcount / (number of series)} loaded intervals; run-phase inserts continue after them.
 *
 * <p>Every property is checked in {@link #init}; a bad value is an {@link IllegalArgumentException} with a
 * one-line message (the client exits 2). Thread-safe: the point sequences are atomic counters shared by the
 * threads; the rest of the state that changes is per thread.
 */
public class TimeSeriesWorkload extends Workload implements WorkloadHooks {
  /** Letters A-Z, a-z: the alphabet of generated metric names, tag keys and tag values. */
  private static final int[] ALPHABET = IncrementingPrintableStringGenerator.printableBasicAlphaASCIISet();

  private String table;
  private String[] metrics;
  private String[] tagKeys;
  private String[][] tagValues;
  private int[] cardinalities;
  private long seriesPerMetric;
  private String timestampKey;
  private String valueKey;
  private String tagPairDelimiter;
  private String deleteDelimiter;
  private String queryTimeSpanDelimiter;
  private TimeUnit timestampUnit;
  private long interval;
  private long startTimestamp;
  private boolean randomWriteTimestampOrder;
  private boolean randomTimeSeriesOrder;
  private String valueType;
  private double sparsity;
  private double delayedSeries;
  private int delayedIntervals;
  private long queryTimeSpan;
  private boolean queryRandomTimeSpan;
  private String groupByKey;
  private AggregationOperation groupByFunction;
  private boolean[] groupByTags;
  private String downsamplingKey;
  private AggregationOperation downsamplingFunction;
  private long downsamplingInterval;
  private boolean dataIntegrity;
  private long loadedIntervals;
  private long insertCount;
  private long totalSeries;
  private long loadRounds;
  private long seriesSeed;
  private long roundA = 1;
  private long roundB;
  private final java.util.concurrent.atomic.AtomicLong loadCursor = new java.util.concurrent.atomic.AtomicLong();
  private final java.util.concurrent.atomic.AtomicLong runCursor = new java.util.concurrent.atomic.AtomicLong();
  private DiscreteGenerator operationChooser;
  private site.ycsb.generator.NumberGenerator metricChooser;
  private site.ycsb.generator.NumberGenerator scanLength;

  /** Engine hook ({@link WorkloadHooks}): this workload's insertstart is its first timestamp, not a key number. */
  @Override
  public boolean insertStartIsKeyNumber() {
    return false;
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    PropertyReader r = new PropertyReader(p);
    table = r.string(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT);
    // 0.17.0 takes the core workload's defaults for the number of metrics (10) and their name length (100)
    int metricCount = r.intValue("fieldcount", 10, 1);
    int metricLength = r.intValue("fieldlength", 100, 1);
    String lengthDistribution = r.string("fieldlengthdistribution", "constant");
    if (!lengthDistribution.equals("constant")) {
      throw new IllegalArgumentException("fieldlengthdistribution=" + lengthDistribution
          + " is not supported by TimeSeriesWorkload (metric names have the constant length fieldlength)");
    }
    int tagCount = r.intValue("tagcount", 4, 0);
    int tagKeyLength = r.intValue("tagkeylength", 8, 1);
    int tagValueLength = r.intValue("tagvaluelength", 8, 1);
    cardinalities = parseCardinalities(r.string("tagcardinality", "1, 2, 4, 8"), tagCount);
    seriesPerMetric = 1;
    for (int c : cardinalities) {
      if (seriesPerMetric > Long.MAX_VALUE / 2 / c / metricCount) {
        throw new IllegalArgumentException("tagcardinality: the product of the cardinalities times fieldcount is "
            + "too large to count the series");
      }
      seriesPerMetric *= c;
    }
    metrics = names("fieldcount", metricCount, metricLength, "fieldlength");
    tagKeys = names("tagcount", tagCount, tagKeyLength, "tagkeylength");
    int maxCardinality = 1;
    for (int c : cardinalities) {
      maxCardinality = Math.max(maxCardinality, c);
    }
    String[] values = names("tagcardinality", maxCardinality, tagValueLength, "tagvaluelength");
    tagValues = new String[tagCount][];
    for (int i = 0; i < tagCount; i++) {
      tagValues[i] = java.util.Arrays.copyOf(values, cardinalities[i]);
    }

    timestampKey = nonEmpty(r, "timestampkey", "YCSBTS");
    valueKey = nonEmpty(r, "valuekey", "YCSBV");
    tagPairDelimiter = delimiter(p, "tagpairdelimiter", "=");
    deleteDelimiter = delimiter(p, "deletedelimiter", ":");
    queryTimeSpanDelimiter = delimiter(p, "querytimespandelimiter", ",");
    timestampUnit = enumValue(TimeUnit.class, "timestampunits", r.string("timestampunits", "SECONDS"));
    interval = r.longValue("timestampinterval", 60, 1);
    randomWriteTimestampOrder = r.bool("randomwritetimestamporder", false);
    randomTimeSeriesOrder = r.bool("randomtimeseriesorder", true);
    dataIntegrity = r.bool("dataintegrity", false);
    valueType = r.string("valuetype", "floats").toLowerCase(Locale.ROOT);
    if (!valueType.equals("floats") && !valueType.equals("integers") && !valueType.equals("mixed")) {
      throw new IllegalArgumentException("valuetype=" + r.string("valuetype", "") + " is not one of: floats, "
          + "integers, mixed");
    }
    sparsity = r.fraction("sparsity", 0.0);
    if (sparsity >= 1) {
      throw new IllegalArgumentException("sparsity=" + sparsity + " must be below 1 (1 would write nothing)");
    }
    delayedSeries = r.fraction("delayedseries", 0.10);
    delayedIntervals = r.intValue("delayedintervals", 5, 0);
    queryTimeSpan = r.longValue("querytimespan", 0, 0);
    queryRandomTimeSpan = r.bool("queryrandomtimespan", false);
    groupByKey = nonEmpty(r, "groupbykey", "YCSBGB");
    String gbf = r.string("groupbyfunction", "");
    groupByFunction = gbf.isEmpty() ? null : enumValue(AggregationOperation.class, "groupbyfunction", gbf);
    if (groupByFunction == AggregationOperation.NONE) {
      groupByFunction = null;
    }
    groupByTags = parseFlags(r.string("groupbykeys", ""), tagCount);
    downsamplingKey = nonEmpty(r, "downsamplingkey", "YCSBDS");
    downsamplingFunction = enumValue(AggregationOperation.class, "downsamplingfunction",
        r.string("downsamplingfunction", "NONE"));
    downsamplingInterval = r.longValue("downsamplinginterval", 0, 0);
    if (downsamplingFunction != AggregationOperation.NONE && downsamplingInterval == 0) {
      throw new IllegalArgumentException("downsamplingfunction=" + downsamplingFunction
          + " needs a downsamplinginterval above 0");
    }
    if (p.getProperty(Workload.INSERT_START_PROPERTY) != null) {
      startTimestamp = r.longValue(Workload.INSERT_START_PROPERTY, 0, 0);
    } else {
      long now = timestampUnit.convert(System.currentTimeMillis(), TimeUnit.MILLISECONDS);
      startTimestamp = now - now % interval;
    }
    long recordCount = r.get(EngineOptions.RECORD_COUNT);
    insertCount = r.isGiven(EngineOptions.INSERT_COUNT) ? r.get(EngineOptions.INSERT_COUNT) : recordCount;
    totalSeries = seriesPerMetric * metricCount;
    loadedIntervals = Math.max(1, recordCount / totalSeries);
    loadRounds = Math.max(1, (insertCount + totalSeries - 1) / totalSeries);
    java.util.SplittableRandom seeds = new java.util.SplittableRandom(ThreadLocalRandom.current().nextLong());
    seriesSeed = seeds.nextLong();
    if (randomWriteTimestampOrder) {
      roundA = coprime(loadRounds, seeds);
      roundB = seeds.nextLong(loadRounds);
    }
    operationChooser = operations(r);
    metricChooser = metricChooser(r, metricCount);
    scanLength = scanLength(r);
  }

  /**
   * The record count a scan passes to the binding, 1 to {@code maxscanlength} ({@code scanlengthdistribution}
   * uniform or zipfian), as 0.17.0 does; TimeseriesDB bindings do not receive it (their scans are time spans).
   */
  private static site.ycsb.generator.NumberGenerator scanLength(PropertyReader r) {
    int max = r.intValue("maxscanlength", 1000, 1);
    String distribution = r.string("scanlengthdistribution", "uniform");
    if (distribution.equals("uniform")) {
      return new site.ycsb.generator.UniformLongGenerator(1, max);
    } else if (distribution.equals("zipfian")) {
      return new site.ycsb.generator.ZipfianGenerator(1, max);
    }
    throw new IllegalArgumentException("scanlengthdistribution=" + distribution + " is not one of: uniform, zipfian");
  }

  /**
   * Which metric reads, scans, updates and deletes address ({@code requestdistribution}, as in YCSB 0.17.0): uniform,
   * zipfian (scrambled, so the popular metrics are spread over the names), sequential (round robin) or hotspot
   * ({@code hotspotopnfraction} of the operations go to the first {@code hotspotdatafraction} of the metrics).
   */
  private site.ycsb.generator.NumberGenerator metricChooser(PropertyReader r, int metricCount) {
    String distribution = r.string("requestdistribution", "uniform");
    switch (distribution) {
    case "uniform":
      return new site.ycsb.generator.UniformLongGenerator(0, metricCount - 1);
    case "zipfian":
      return new site.ycsb.generator.ScrambledZipfianGenerator(0, metricCount - 1);
    case "sequential":
      return new site.ycsb.generator.SequentialGenerator(0, metricCount - 1);
    case "hotspot":
      return new site.ycsb.generator.HotspotIntegerGenerator(0, metricCount - 1,
          r.fraction("hotspotdatafraction", 0.2), r.fraction("hotspotopnfraction", 0.8));
    default:
      throw new IllegalArgumentException("requestdistribution=" + distribution + " is not one of: uniform, zipfian, "
          + "sequential, hotspot (the metric choices of TimeSeriesWorkload, as in YCSB 0.17.0)");
    }
  }

  /** The metric names (index = metric number), for tests and bindings' checks. */
  String[] metrics() {
    return metrics.clone();
  }

  /** Tag key {@code i}'s values in order. */
  String[] tagValues(int i) {
    return tagValues[i].clone();
  }

  String[] tagKeys() {
    return tagKeys.clone();
  }

  long startTimestamp() {
    return startTimestamp;
  }

  private DiscreteGenerator operations(PropertyReader r) {
    if (r.doubleValue("readmodifywriteproportion", 0, 0) > 0) {
      throw new IllegalArgumentException("readmodifywriteproportion is not supported by TimeSeriesWorkload; "
          + "use readproportion and updateproportion");
    }
    DiscreteGenerator chooser = new DiscreteGenerator();
    double total = 0;
    String[][] ops = {{"READ", "readproportion", "0.95"}, {"UPDATE", "updateproportion", "0.05"},
        {"INSERT", "insertproportion", "0"}, {"SCAN", "scanproportion", "0"}, {"DELETE", "deleteproportion", "0"}};
    for (String[] op : ops) {
      double w = r.doubleValue(op[1], Double.parseDouble(op[2]), 0);
      if (w > 0) {
        chooser.addValue(w, op[0]);
        total += w;
      }
    }
    if (total <= 0) {
      throw new IllegalArgumentException("readproportion, updateproportion, insertproportion, scanproportion and "
          + "deleteproportion are all 0: there is no operation to run");
    }
    return chooser;
  }

  private static int[] parseCardinalities(String raw, int tagCount) {
    int[] out = new int[tagCount];
    java.util.Arrays.fill(out, 1); // fewer values than tags: the rest have one value, as in 0.17.0
    String[] parts = raw.isEmpty() ? new String[0] : raw.split(",");
    for (int i = 0; i < parts.length && i < tagCount; i++) { // more values than tags: the extra are ignored
      String v = parts[i].trim();
      try {
        out[i] = Integer.parseInt(v);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("tagcardinality=" + raw + ": '" + v + "' is not a whole number");
      }
      if (out[i] < 1) {
        throw new IllegalArgumentException("tagcardinality=" + raw + ": every cardinality must be at least 1");
      }
    }
    return out;
  }

  private static boolean[] parseFlags(String raw, int tagCount) {
    boolean[] out = new boolean[tagCount];
    if (raw.isEmpty()) {
      return out;
    }
    String[] parts = raw.split(",");
    if (parts.length != tagCount) {
      throw new IllegalArgumentException("groupbykeys=" + raw + " must list " + tagCount
          + " comma-separated 0s and 1s (one per tag)");
    }
    for (int i = 0; i < tagCount; i++) {
      String v = parts[i].trim();
      if (!v.equals("0") && !v.equals("1")) {
        throw new IllegalArgumentException("groupbykeys=" + raw + ": '" + v + "' is not 0 or 1");
      }
      out[i] = v.equals("1");
    }
    return out;
  }

  /** {@code count} distinct names of {@code length} characters: AAAA, AAAB, ... */
  private static String[] names(String countProperty, int count, int length, String lengthProperty) {
    IncrementingPrintableStringGenerator g = new IncrementingPrintableStringGenerator(length, ALPHABET);
    double space = Math.pow(ALPHABET.length, length);
    if (count > space) {
      throw new IllegalArgumentException(countProperty + " asks for " + count + " distinct names but "
          + lengthProperty + "=" + length + " allows only " + (long) space + "; raise " + lengthProperty);
    }
    if ((long) count * length > 64L * 1024 * 1024) {
      throw new IllegalArgumentException(countProperty + "=" + count + " with " + lengthProperty + "=" + length
          + " needs more than 64 MiB of names; lower them");
    }
    String[] out = new String[count];
    for (int i = 0; i < count; i++) {
      out[i] = g.nextValue();
    }
    return out;
  }

  private static String nonEmpty(PropertyReader r, String name, String def) {
    String v = r.string(name, def);
    if (v.isEmpty()) {
      throw new IllegalArgumentException(name + " is empty; give it a name (default " + def + ")");
    }
    return v;
  }

  /** A delimiter may not be empty nor contain a letter or digit, which would make names ambiguous. */
  private static String delimiter(Properties p, String name, String def) {
    String v = p.getProperty(name, def);
    if (v.isEmpty() || !v.equals(v.trim())) {
      throw new IllegalArgumentException(name + "='" + v + "' must be a non-empty delimiter without spaces");
    }
    for (int i = 0; i < v.length(); i++) {
      if (Character.isLetterOrDigit(v.charAt(i))) {
        throw new IllegalArgumentException(name + "=" + v + " contains a letter or digit, which also appear in "
            + "generated names; use punctuation such as " + def);
      }
    }
    return v;
  }

  private static <E extends Enum<E>> E enumValue(Class<E> type, String name, String raw) {
    return site.ycsb.support.TypedProperties.oneOf(name, raw, type, true);
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) throws WorkloadException {
    return new ThreadState();
  }

  /**
   * The point at position {@code n} of the write sequence: round {@code n / totalSeries} (one interval), and
   * within it the series at position {@code n % totalSeries}, shuffled per round when randomtimeseriesorder is
   * true. The sequence depends only on {@code n}, so the points a load writes do not depend on which thread
   * writes which (this engine's threads share one operation schedule and do unequal numbers of operations).
   * Returns {series index, interval offset before delay}.
   */
  long[] pointAt(long n, boolean loadPhase, ThreadState cache) {
    long round = n / totalSeries;
    long position = n % totalSeries;
    long seriesIndex = position;
    if (randomTimeSeriesOrder && totalSeries > 1) {
      if (cache.round != round) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seriesSeed ^ (round * 0x9E3779B97F4A7C15L));
        cache.round = round;
        cache.shuffleA = coprime(totalSeries, rnd);
        cache.shuffleB = rnd.nextLong(totalSeries);
      }
      seriesIndex = Math.floorMod(multiplyMod(cache.shuffleA, position, totalSeries) + cache.shuffleB, totalSeries);
    }
    long offset;
    if (!loadPhase) {
      offset = loadedIntervals + round;
    } else {
      long r = round % loadRounds;
      offset = randomWriteTimestampOrder ? Math.floorMod(multiplyMod(roundA, r, loadRounds) + roundB, loadRounds) : r;
      offset += (round / loadRounds) * loadRounds;
    }
    return new long[] {seriesIndex, offset};
  }

  /** Takes the next point of the load's (or the run's) shared sequence that is not skipped; see {@link #pointAt}. */
  private long[] nextPoint(boolean loadPhase, ThreadState state) {
    java.util.concurrent.atomic.AtomicLong cursor = loadPhase ? loadCursor : runCursor;
    while (true) {
      long[] point = pointAt(cursor.getAndIncrement(), loadPhase, state);
      long delay = delayOf(point[0]);
      if (point[1] < delay || (sparsity > 0 && ThreadLocalRandom.current().nextDouble() < sparsity)) {
        continue; // a lagging series has no point yet; a sparse series skips this one
      }
      point[1] -= delay;
      return point;
    }
  }

  /** Per-thread cache of the current round's series shuffle. */
  static final class ThreadState {
    private long round = -1;
    private long shuffleA = 1;
    private long shuffleB;
  }

  private long delayOf(long seriesIndex) {
    if (delayedIntervals == 0 || delayedSeries == 0) {
      return 0;
    }
    // The first delayedseries fraction of every 1000 series lag by 1..delayedintervals intervals.
    long bucket = Math.floorMod(seriesIndex * 7919, 1000);
    return bucket < delayedSeries * 1000 ? 1 + seriesIndex % delayedIntervals : 0;
  }

  /** A multiplier coprime to {@code n} drawn from {@code rnd}, so that {@code a*i+b mod n} is a permutation. */
  private static long coprime(long n, java.util.SplittableRandom rnd) {
    if (n <= 2) {
      return 1;
    }
    long a = 1 + rnd.nextLong(n - 1);
    while (gcd(a, n) != 1) {
      a = a % (n - 1) + 1;
    }
    return a;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  private static long multiplyMod(long a, long b, long m) {
    if (b == 0 || a <= Long.MAX_VALUE / b) {
      return (a * b) % m;
    }
    return java.math.BigInteger.valueOf(a).multiply(java.math.BigInteger.valueOf(b))
        .mod(java.math.BigInteger.valueOf(m)).longValue();
  }

  /** A series: metric index and the value index of each tag. */
  static final class Series {
    final int metric;
    final int[] tags;

    Series(int metric, int[] tags) {
      this.metric = metric;
      this.tags = tags;
    }
  }

  /** Decodes a global series number (metric-major, the last tag varying fastest). */
  Series series(long seriesIndex) {
    int metric = (int) (seriesIndex / seriesPerMetric);
    long combo = seriesIndex % seriesPerMetric;
    int[] tags = new int[cardinalities.length];
    for (int i = cardinalities.length - 1; i >= 0; i--) {
      tags[i] = (int) (combo % cardinalities[i]);
      combo /= cardinalities[i];
    }
    return new Series(metric, tags);
  }

  private Series randomSeries() {
    ThreadLocalRandom rnd = ThreadLocalRandom.current();
    int[] tags = new int[cardinalities.length];
    for (int i = 0; i < tags.length; i++) {
      tags[i] = rnd.nextInt(cardinalities[i]);
    }
    return new Series((int) metricChooser.nextLong(), tags);
  }

  private long timestampAt(long offset) {
    return startTimestamp + offset * interval;
  }

  private long randomLoadedTimestamp() {
    return timestampAt(ThreadLocalRandom.current().nextLong(loadedIntervals));
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    return insert(db, nextPoint(true, (ThreadState) threadstate));
  }

  private boolean insert(DB db, long[] point) {
    Series s = series(point[0]);
    Status status = db.insert(table, metrics[s.metric], pointValues(s, timestampAt(point[1])));
    return status != null && status.isOk();
  }

  /** The values of one point: tags as strings, timestamp and value as numbers. */
  HashMap<String, ByteIterator> pointValues(Series s, long timestamp) {
    HashMap<String, ByteIterator> values = new HashMap<>();
    for (int i = 0; i < tagKeys.length; i++) {
      values.put(tagKeys[i], new StringByteIterator(tagValues[i][s.tags[i]]));
    }
    values.put(timestampKey, new NumericByteIterator(timestamp));
    values.put(valueKey, value(s, timestamp));
    return values;
  }

  private NumericByteIterator value(Series s, long timestamp) {
    if (dataIntegrity) {
      return new NumericByteIterator(expectedValue(s, timestamp));
    }
    ThreadLocalRandom rnd = ThreadLocalRandom.current();
    boolean floating = valueType.equals("floats") || (valueType.equals("mixed") && rnd.nextBoolean());
    return floating ? new NumericByteIterator(rnd.nextDouble() * 100000) : new NumericByteIterator(rnd.nextLong());
  }

  /** Under dataintegrity every point's value is an integer derived from its series and timestamp. */
  long expectedValue(Series s, long timestamp) {
    long h = 1125899906842597L;
    h = 31 * h + metrics[s.metric].hashCode();
    for (int i = 0; i < s.tags.length; i++) {
      h = 31 * h + tagKeys[i].hashCode();
      h = 31 * h + tagValues[i][s.tags[i]].hashCode();
    }
    return 31 * h + Long.hashCode(timestamp);
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    if (isStopRequested()) {
      return false;
    }
    switch (operationChooser.nextValue()) {
    case "READ":
      read(db);
      break;
    case "UPDATE":
      update(db);
      break;
    case "INSERT":
      insert(db, nextPoint(false, (ThreadState) threadstate));
      break;
    case "SCAN":
      scan(db);
      break;
    default:
      delete(db);
      break;
    }
    return true;
  }

  /** The tag fields of a query; tags whose flag is set in {@code omit} are left out. */
  private List<String> tagFields(Series s, boolean[] omit) {
    List<String> fields = new ArrayList<>();
    for (int i = 0; i < tagKeys.length; i++) {
      if (omit == null || !omit[i]) {
        fields.add(tagKeys[i] + tagPairDelimiter + tagValues[i][s.tags[i]]);
      }
    }
    return fields;
  }

  /** A read of one point; fields as described in the class comment. */
  Set<String> readFields(Series s, long timestamp) {
    Set<String> fields = new LinkedHashSet<>(tagFields(s, null));
    fields.add(timestampKey + tagPairDelimiter + timestamp);
    return fields;
  }

  private void read(DB db) {
    Series s = randomSeries();
    long ts = randomLoadedTimestamp();
    HashMap<String, ByteIterator> result = new HashMap<>();
    Status status = db.read(table, metrics[s.metric], readFields(s, ts), result);
    if (dataIntegrity && status != null && status.isOk()) {
      long start = System.nanoTime();
      ByteIterator v = result.get(valueKey);
      Status verify = v instanceof NumericByteIterator && !((NumericByteIterator) v).isFloatingPoint()
          && ((NumericByteIterator) v).getLong() == expectedValue(s, ts) ? Status.OK
          : v == null ? Status.ERROR : Status.UNEXPECTED_STATE;
      Measurements m = Measurements.getMeasurements();
      m.measure("VERIFY", (System.nanoTime() - start) / 1000);
      m.reportStatus("VERIFY", verify);
    }
  }

  /** A scan's fields: tags (group-by tags left out), the time span, group-by and downsampling. */
  Set<String> scanFields(Series s, long start, long end) {
    Set<String> fields = new LinkedHashSet<>(tagFields(s, groupByFunction != null ? groupByTags : null));
    fields.add(timestampKey + tagPairDelimiter + start + queryTimeSpanDelimiter + end);
    if (groupByFunction != null) {
      fields.add(groupByKey + tagPairDelimiter + groupByFunction.name());
    }
    if (downsamplingFunction != AggregationOperation.NONE) {
      fields.add(downsamplingKey + tagPairDelimiter + downsamplingFunction.name() + downsamplingInterval);
    }
    return fields;
  }

  /** The query's span: querytimespan, or with queryrandomtimespan a random multiple of the interval up to it. */
  long span() {
    if (!queryRandomTimeSpan || queryTimeSpan == 0) {
      return queryTimeSpan;
    }
    return ThreadLocalRandom.current().nextLong(queryTimeSpan / interval + 1) * interval;
  }

  private void scan(DB db) {
    Series s = randomSeries();
    long start = randomLoadedTimestamp();
    db.scan(table, metrics[s.metric], (int) scanLength.nextLong(), scanFields(s, start, start + span()),
        new Vector<HashMap<String, ByteIterator>>());
  }

  private void update(DB db) {
    Series s = randomSeries();
    db.update(table, metrics[s.metric], pointValues(s, randomLoadedTimestamp()));
  }

  /** A delete's key: metric, tag pairs and the timestamp (or span), joined by deletedelimiter. */
  String deleteKey(Series s, long start, long end) {
    StringBuilder key = new StringBuilder(metrics[s.metric]);
    for (String tag : tagFields(s, null)) {
      key.append(deleteDelimiter).append(tag);
    }
    key.append(deleteDelimiter).append(timestampKey).append(tagPairDelimiter).append(start);
    if (end != start) {
      key.append(queryTimeSpanDelimiter).append(end);
    }
    return key.toString();
  }

  private void delete(DB db) {
    Series s = randomSeries();
    long start = randomLoadedTimestamp();
    db.delete(table, deleteKey(s, start, start + span()));
  }

  /** Number of loaded intervals the run-phase queries pick from. */
  long loadedIntervals() {
    return loadedIntervals;
  }
}
