package site.ycsb.workloads;

import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import site.ycsb.PropertyReader;
import site.ycsb.TimeseriesDB;

/**
 * Every property of {@link TimeSeriesWorkload}, parsed and validated in one place. A bad value throws
 * {@link IllegalArgumentException} with a one-line message naming the property (the client exits 2).
 * Names and defaults are YCSB 0.17.0's; {@code timestampstart} is this engine's addition.
 */
final class TimeSeriesSettings {
  /** Largest number of series (metrics x tag combinations) the workload lays out in memory. */
  static final long MAX_SERIES = 10_000_000L;
  /** Longest metric, tag key or tag value name. */
  static final int MAX_NAME_LENGTH = 1000;
  /** Most tag keys per series. */
  static final int MAX_TAGS = 10_000;

  final String table;
  final int metricCount;
  final int metricLength;
  final String timestampKey;
  final String valueKey;
  final long interval;
  final TimeUnit units;
  final Long timestampStart;
  final int tagCount;
  final int[] tagCardinality;
  final int tagKeyLength;
  final int tagValueLength;
  final String tagPairDelimiter;
  final String deleteDelimiter;
  final String queryTimeSpanDelimiter;
  final boolean randomWriteTimestampOrder;
  final boolean randomTimeSeriesOrder;
  final ValueType valueType;
  final double sparsity;
  final double delayedSeries;
  final int delayedIntervals;
  final long queryTimeSpan;
  final boolean queryRandomTimeSpan;
  final String groupByKey;
  final String groupByFunction;
  final boolean[] groupByTags;
  final String downsamplingKey;
  final String downsamplingFunction;
  final long downsamplingInterval;
  final boolean debug;
  final boolean test;
  final long recordCount;
  final double readProportion;
  final double updateProportion;
  final double insertProportion;
  final double scanProportion;
  final double deleteProportion;

  /** How point values are drawn. */
  enum ValueType {
    FLOATS, INTEGERS, MIXED
  }

  TimeSeriesSettings(Properties p) {
    PropertyReader r = new PropertyReader(p);
    table = r.string("table", "usertable");
    if (table.isEmpty()) {
      throw new IllegalArgumentException("table is empty; leave it out for the default (usertable) or name it");
    }
    metricCount = r.intValue("fieldcount", 10, 1);
    metricLength = atMost("fieldlength", r.intValue("fieldlength", 8, 1), MAX_NAME_LENGTH);
    timestampKey = name(r, "timestampkey", "YCSBTS");
    valueKey = name(r, "valuekey", "YCSBV");
    interval = r.longValue("timestampinterval", 60, 1);
    units = units(r.string("timestampunits", "SECONDS"));
    timestampStart = p.getProperty("timestampstart") == null || p.getProperty("timestampstart").trim().isEmpty()
        ? null : r.longValue("timestampstart", 0, 0);
    tagCount = atMost("tagcount", r.intValue("tagcount", 4, 0), MAX_TAGS);
    tagCardinality = cardinalities(r.string("tagcardinality", "1, 2, 4, 8"), tagCount);
    tagKeyLength = atMost("tagkeylength", r.intValue("tagkeylength", 8, 1), MAX_NAME_LENGTH);
    tagValueLength = atMost("tagvaluelength", r.intValue("tagvaluelength", 8, 1), MAX_NAME_LENGTH);
    tagPairDelimiter = delimiter(p, "tagpairdelimiter", "=");
    deleteDelimiter = delimiter(p, "deletedelimiter", ":");
    queryTimeSpanDelimiter = delimiter(p, "querytimespandelimiter", ",");
    randomWriteTimestampOrder = r.bool("randomwritetimestamporder", false);
    randomTimeSeriesOrder = r.bool("randomtimeseriesorder", true);
    valueType = valueType(r.string("valuetype", "floats"));
    sparsity = fraction(r, "sparsity", 0.0, false);
    delayedSeries = fraction(r, "delayedseries", 0.10, true);
    delayedIntervals = r.intValue("delayedintervals", 5, 0);
    queryTimeSpan = r.longValue("querytimespan", 0, 0);
    queryRandomTimeSpan = r.bool("queryrandomtimespan", false);
    groupByKey = name(r, "groupbykey", "YCSBGB");
    groupByFunction = function(r.string("groupbyfunction", ""), "groupbyfunction", true);
    groupByTags = groupByTags(r.string("groupbykeys", ""), tagCount);
    if (groupByFunction.isEmpty() && groupByTags != null) {
      throw new IllegalArgumentException("groupbykeys is set but groupbyfunction is not; name the aggregation "
          + "(SUM, AVERAGE, COUNT, MAX or MIN)");
    }
    downsamplingKey = name(r, "downsamplingkey", "YCSBDS");
    downsamplingFunction = function(r.string("downsamplingfunction", "NONE"), "downsamplingfunction", false);
    downsamplingInterval = r.intValue("downsamplinginterval", 0, 0);
    if (!downsamplingFunction.equals("NONE") && downsamplingInterval == 0) {
      throw new IllegalArgumentException("downsamplingfunction=" + downsamplingFunction
          + " needs downsamplinginterval > 0 (the bucket width, in timestampunits)");
    }
    debug = r.bool("debug", false);
    test = r.bool("test", false);
    recordCount = r.longValue("recordcount", 0, 0);
    readProportion = proportion(r, "readproportion", 0.95);
    updateProportion = proportion(r, "updateproportion", 0.05);
    insertProportion = proportion(r, "insertproportion", 0.0);
    scanProportion = proportion(r, "scanproportion", 0.0);
    deleteProportion = proportion(r, "deleteproportion", 0.0);
    if (proportion(r, "readmodifywriteproportion", 0.0) > 0) {
      throw new IllegalArgumentException("readmodifywriteproportion: TimeSeriesWorkload has no read-modify-write; "
          + "use readproportion, updateproportion, insertproportion, scanproportion or deleteproportion");
    }
    if (readProportion + updateProportion + insertProportion + scanProportion + deleteProportion == 0) {
      throw new IllegalArgumentException("every operation proportion is 0: set readproportion, updateproportion, "
          + "insertproportion, scanproportion or deleteproportion");
    }
    if (deleteDelimiter.equals(tagPairDelimiter) || deleteDelimiter.equals(queryTimeSpanDelimiter)) {
      throw new IllegalArgumentException("deletedelimiter=" + deleteDelimiter + " must differ from tagpairdelimiter ("
          + tagPairDelimiter + ") and querytimespandelimiter (" + queryTimeSpanDelimiter + ")");
    }
    checkDistinctKeys();
    checkCapacity();
    checkTimestampRange(r.longValue("operationcount", 0, 0));
  }

  private static int atMost(String property, int value, int max) {
    if (value > max) {
      throw new IllegalArgumentException(property + "=" + value + " is more than the workload supports (" + max + ")");
    }
    return value;
  }

  /** The last timestamp a load plus run can reach (and a query end beyond it) must fit in a long. */
  private void checkTimestampRange(long operationCount) {
    double slots = (double) recordCount + operationCount + delayedIntervals + SeriesLayout.WRITE_ORDER_WINDOW + 1;
    double first = timestampStart != null ? timestampStart
        : units.convert(System.currentTimeMillis(), TimeUnit.MILLISECONDS);
    if (first + slots * interval + queryTimeSpan >= Long.MAX_VALUE / 2.0) {
      throw new IllegalArgumentException("timestampinterval=" + interval + " (with timestampstart, recordcount, "
          + "operationcount and querytimespan) gives timestamps beyond the range of a long; lower them");
    }
  }

  /** Number of series per metric: the product of the tag cardinalities. */
  long combinationsPerMetric() {
    long product = 1;
    for (int c : tagCardinality) {
      product *= c;
    }
    return product;
  }

  /** Whether the run phase touches points that the load wrote. */
  boolean readsLoadedPoints() {
    return readProportion + updateProportion + scanProportion + deleteProportion > 0;
  }

  private static String name(PropertyReader r, String property, String def) {
    String v = r.string(property, def);
    if (v.isEmpty()) {
      throw new IllegalArgumentException(property + " is empty; leave it out for the default (" + def + ")");
    }
    return v;
  }

  private static TimeUnit units(String raw) {
    try {
      return TimeUnit.valueOf(raw.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("timestampunits=" + raw + " is not one of: NANOSECONDS, MICROSECONDS, "
          + "MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS");
    }
  }

  private static int[] cardinalities(String raw, int tagCount) {
    String[] parts = raw.isEmpty() ? new String[0] : raw.split(",");
    if (parts.length > tagCount) {
      throw new IllegalArgumentException("tagcardinality=" + raw + " lists " + parts.length + " values but tagcount="
          + tagCount + "; give at most one cardinality per tag key");
    }
    int[] result = new int[tagCount];
    Arrays.fill(result, 1); // tag keys without a listed cardinality have one value, as in 0.17.0
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i].trim();
      try {
        result[i] = Integer.parseInt(part);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("tagcardinality=" + raw + ": '" + part + "' is not a whole number");
      }
      if (result[i] < 1) {
        throw new IllegalArgumentException("tagcardinality=" + raw + ": every cardinality must be at least 1");
      }
    }
    return result;
  }

  /** A delimiter must be non-empty and must not occur in generated names or numbers. */
  private static String delimiter(Properties p, String property, String def) {
    String v = p.getProperty(property, def);
    if (v.isEmpty() || v.trim().isEmpty()) {
      throw new IllegalArgumentException(property + " is empty or blank; leave it out for the default (" + def + ")");
    }
    for (char c : v.toCharArray()) {
      if (Character.isLetterOrDigit(c) || c == '-' || c == '.') {
        throw new IllegalArgumentException(property + "=" + v + " contains '" + c + "', which also occurs in names, "
            + "timestamps or values; use punctuation such as " + def);
      }
    }
    return v;
  }

  private static ValueType valueType(String raw) {
    switch (raw.toLowerCase(Locale.ROOT)) {
    case "floats":
      return ValueType.FLOATS;
    case "integers":
      return ValueType.INTEGERS;
    case "mixed":
      return ValueType.MIXED;
    default:
      throw new IllegalArgumentException("valuetype=" + raw + " is not one of: floats, integers, mixed");
    }
  }

  private static double fraction(PropertyReader r, String property, double def, boolean oneAllowed) {
    double v = r.doubleValue(property, def, 0);
    if (oneAllowed ? v > 1 : v >= 1) {
      throw new IllegalArgumentException(property + "=" + v + " must be a fraction " + (oneAllowed
          ? "between 0 and 1" : "of at least 0 and below 1 (1 would leave no point to write)"));
    }
    return v;
  }

  private static double proportion(PropertyReader r, String property, double def) {
    double v = r.doubleValue(property, def, 0);
    if (v > 1) {
      throw new IllegalArgumentException(property + "=" + v + " is not a proportion between 0 and 1");
    }
    return v;
  }

  /** An aggregation name as {@link TimeseriesDB.AggregationOperation} spells it (empty stays empty). */
  private static String function(String raw, String property, boolean emptyAllowed) {
    if (raw.isEmpty() && emptyAllowed) {
      return "";
    }
    String upper = raw.toUpperCase(Locale.ROOT);
    for (TimeseriesDB.AggregationOperation op : TimeseriesDB.AggregationOperation.values()) {
      if (op.name().equals(upper) && !(emptyAllowed && op == TimeseriesDB.AggregationOperation.NONE)) {
        return upper;
      }
    }
    throw new IllegalArgumentException(property + "=" + raw + " is not one of: " + (emptyAllowed ? "" : "NONE, ")
        + "SUM, AVERAGE, COUNT, MAX, MIN");
  }

  /** {@code groupbykeys}: one flag (1/0 or true/false) per tag key; null when not set. */
  private static boolean[] groupByTags(String raw, int tagCount) {
    if (raw.isEmpty()) {
      return null;
    }
    String[] parts = raw.split(",");
    if (parts.length != tagCount) {
      throw new IllegalArgumentException("groupbykeys=" + raw + " must list one flag (1 or 0) per tag key, "
          + tagCount + " in all (tagcount)");
    }
    boolean[] flags = new boolean[tagCount];
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i].trim().toLowerCase(Locale.ROOT);
      if (part.equals("1") || part.equals("true")) {
        flags[i] = true;
      } else if (!part.equals("0") && !part.equals("false")) {
        throw new IllegalArgumentException("groupbykeys=" + raw + ": '" + parts[i].trim() + "' is not 1 or 0");
      }
    }
    return flags;
  }

  /** The tag keys are generated letters-only names; none may collide with a reserved field key. */
  private void checkDistinctKeys() {
    String[][] reserved = {{"timestampkey", timestampKey}, {"valuekey", valueKey}, {"groupbykey", groupByKey},
        {"downsamplingkey", downsamplingKey}};
    for (int i = 0; i < reserved.length; i++) {
      for (int j = i + 1; j < reserved.length; j++) {
        if (reserved[i][1].equals(reserved[j][1])) {
          throw new IllegalArgumentException(reserved[i][0] + " and " + reserved[j][0] + " are both "
              + reserved[i][1] + "; they must differ");
        }
      }
      if (reserved[i][1].contains(tagPairDelimiter)) {
        throw new IllegalArgumentException(reserved[i][0] + "=" + reserved[i][1] + " contains tagpairdelimiter "
            + tagPairDelimiter);
      }
      for (int k = 0; k < tagCount; k++) {
        if (NameCodec.name(k, tagKeyLength).equals(reserved[i][1])) {
          throw new IllegalArgumentException(reserved[i][0] + "=" + reserved[i][1] + " is also a generated tag key; "
              + "choose another name or another tagkeylength");
        }
      }
    }
  }

  private void checkCapacity() {
    NameCodec.checkFits("fieldcount", metricCount, "fieldlength", metricLength);
    NameCodec.checkFits("tagcount", tagCount, "tagkeylength", tagKeyLength);
    for (int c : tagCardinality) {
      NameCodec.checkFits("tagcardinality", c, "tagvaluelength", tagValueLength);
    }
    double series = (double) metricCount;
    for (int c : tagCardinality) {
      series *= c;
    }
    if (series > MAX_SERIES) {
      throw new IllegalArgumentException("fieldcount x tagcardinality gives " + (long) series + " series, more than "
          + MAX_SERIES + "; lower fieldcount or the cardinalities");
    }
  }
}
