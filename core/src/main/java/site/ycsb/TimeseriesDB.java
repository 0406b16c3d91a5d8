package site.ycsb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;

import site.ycsb.cli.PropertyReader;

/**
 * Base class for time-series bindings driven by a time-series workload. It decodes the generic key/value calls
 * into metric, timestamp, tags and value, and hands them to the abstract time-series methods.
 *
 * <p>Encoding (as produced by the time-series workload): the key is the metric; a read's or scan's field set
 * holds {@code tagkey<delim>tagvalue} pairs plus {@code <timestampkey><delim><ts>} (a read) or
 * {@code <timestampkey><delim><start><spandelim><end>} (a scan); an insert's values hold the tags as
 * StringByteIterators plus the timestamp and the value as {@link NumericByteIterator}s.
 *
 * <p>The metric handed to the abstract methods is the record key, i.e. the metric the workload chose. YCSB 0.17.0
 * hands them the table name instead, so all of a run's metrics arrive as one and the points of different metrics
 * at the same tags and timestamp collide. A binding written to rely on that (for example one that uses the metric
 * as the name of a table it created from the {@code table} property) can ask for 0.17.0's argument with
 * {@value #METRIC_PROPERTY}{@code =table}; the default is {@code key}.
 *
 * <p>One instance per client thread, as every binding; subclasses need to be thread-safe only in what their instances
 * share.
 */
public abstract class TimeseriesDB extends DB {
  /** Aggregations a scan may ask for. */
  public enum AggregationOperation {
    NONE, SUM, AVERAGE, COUNT, MAX, MIN
  }

  /** Which argument becomes the metric: {@code key} (default) or {@code table} (YCSB 0.17.0's behaviour). */
  public static final String METRIC_PROPERTY = "timeseriesdb.metric";

  protected String timestampKey;
  protected String valueKey;
  protected String tagPairDelimiter;
  protected String queryTimeSpanDelimiter;
  protected String deleteDelimiter;
  protected TimeUnit timestampUnit;
  protected String groupByKey;
  protected String downsamplingKey;
  protected Integer downsamplingInterval;
  protected AggregationOperation downsamplingFunction;
  protected boolean debug;
  protected boolean test;
  private boolean metricIsTable;

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    timestampKey = p.getProperty("timestampkey", "YCSBTS");
    valueKey = p.getProperty("valuekey", "YCSBV");
    tagPairDelimiter = p.getProperty("tagpairdelimiter", "=");
    queryTimeSpanDelimiter = p.getProperty("querytimespandelimiter", ",");
    deleteDelimiter = p.getProperty("deletedelimiter", ":");
    timestampUnit = enumProperty(p, "timestampunits", "SECONDS", TimeUnit.class);
    downsamplingFunction = enumProperty(p, "downsamplingfunction", "NONE", AggregationOperation.class);
    PropertyReader r = new PropertyReader(p);
    try {
      downsamplingInterval = r.intValue("downsamplinginterval", 0, 0);
      // 0.17.0 read these with Boolean.parseBoolean, so "yes" or "1" silently meant false
      debug = r.bool("debug", false);
      test = r.bool("test", false);
    } catch (IllegalArgumentException e) {
      throw configError(e.getMessage());
    }
    groupByKey = p.getProperty("groupbykey", "YCSBGB");
    downsamplingKey = p.getProperty("downsamplingkey", "YCSBDS");
    String metric = p.getProperty(METRIC_PROPERTY, "key").trim();
    if (!metric.equals("key") && !metric.equals("table")) {
      throw configError(METRIC_PROPERTY + "=" + metric + " is not one of key (the workload's metric, default), "
          + "table (YCSB 0.17.0: the table name)");
    }
    metricIsTable = metric.equals("table");
  }

  /** The metric of a call: the key, or the table under {@code timeseriesdb.metric=table}. */
  private String metric(String table, String key) {
    return metricIsTable ? table : key;
  }

  @Override
  public final Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, List<String>> tags = new HashMap<>();
    Long timestamp = null;
    if (fields != null) {
      for (String field : fields) {
        String[] pair = field.split(java.util.regex.Pattern.quote(tagPairDelimiter), 2);
        if (pair.length != 2) {
          return Status.BAD_REQUEST;
        }
        if (pair[0].equals(timestampKey)) {
          try {
            timestamp = Long.valueOf(pair[1]);
          } catch (NumberFormatException e) {
            return Status.BAD_REQUEST;
          }
        } else {
          tags.computeIfAbsent(pair[0], k -> new ArrayList<>()).add(pair[1]);
        }
      }
    }
    if (timestamp == null) {
      return Status.BAD_REQUEST;
    }
    return read(metric(table, key), timestamp, tags);
  }

  private static <E extends Enum<E>> E enumProperty(Properties p, String name, String def, Class<E> type)
      throws DBException {
    try {
      return site.ycsb.support.TypedProperties.oneOf(name, p.getProperty(name, def), type, false);
    } catch (IllegalArgumentException e) {
      throw configError(e.getMessage());
    }
  }

  /** A configuration mistake: a DBException whose cause carries the one-line message (the engine exits 2). */
  private static DBException configError(String message) {
    IllegalArgumentException cause = new IllegalArgumentException(message);
    return new DBException(message, cause);
  }

  /** Reads the point of {@code metric} at {@code timestamp} that matches {@code tags}. */
  protected abstract Status read(String metric, long timestamp, Map<String, List<String>> tags);

  @Override
  public final Status scan(String table, String startkey, int recordcount, Set<String> fields,
                           Vector<HashMap<String, ByteIterator>> result) {
    Map<String, List<String>> tags = new HashMap<>();
    Long start = null;
    Long end = null;
    AggregationOperation aggregation = AggregationOperation.NONE;
    TimeUnit unit = timestampUnit;
    int timeValue = 0;
    if (fields != null) {
      for (String field : fields) {
        String[] pair = field.split(java.util.regex.Pattern.quote(tagPairDelimiter), 2);
        if (pair.length != 2) {
          return Status.BAD_REQUEST;
        }
        try {
          if (pair[0].equals(timestampKey)) {
            String[] span = pair[1].split(java.util.regex.Pattern.quote(queryTimeSpanDelimiter), 2);
            start = Long.valueOf(span[0]);
            end = span.length > 1 ? Long.valueOf(span[1]) : start;
          } else if (pair[0].equals(groupByKey)) {
            aggregation = AggregationOperation.valueOf(pair[1]);
          } else if (pair[0].equals(downsamplingKey)) {
            aggregation = downsamplingFunction;
            timeValue = Integer.parseInt(pair[1].replaceAll("[^0-9]", ""));
          } else {
            tags.computeIfAbsent(pair[0], k -> new ArrayList<>()).add(pair[1]);
          }
        } catch (IllegalArgumentException e) {
          return Status.BAD_REQUEST;
        }
      }
    }
    if (start == null) {
      return Status.BAD_REQUEST;
    }
    return scan(metric(table, startkey), start, end, tags, aggregation, timeValue, unit);
  }

  /** Reads the points of {@code metric} in [startTs, endTs] matching {@code tags}, optionally aggregated. */
  protected abstract Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                                 AggregationOperation aggreg, int timeValue, TimeUnit timeUnit);

  /** Time series are append-only: not supported unless a binding overrides it. */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public final Status insert(String table, String key, Map<String, ByteIterator> values) {
    ByteIterator ts = values.get(timestampKey);
    ByteIterator value = values.get(valueKey);
    if (!(ts instanceof NumericByteIterator) || !(value instanceof NumericByteIterator)) {
      return Status.BAD_REQUEST;
    }
    Map<String, ByteIterator> tags = new HashMap<>(values);
    tags.remove(timestampKey);
    tags.remove(valueKey);
    long timestamp = ((NumericByteIterator) ts).getLong();
    NumericByteIterator v = (NumericByteIterator) value;
    String metric = metric(table, key);
    return v.isFloatingPoint() ? insert(metric, timestamp, v.getDouble(), tags)
        : insert(metric, timestamp, v.getLong(), tags);
  }

  /** Writes one integer point. */
  protected abstract Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags);

  /** Writes one floating-point point. */
  protected abstract Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags);

  /** Time series are append-only: not supported unless a binding overrides it. */
  @Override
  public Status delete(String table, String key) {
    return Status.NOT_IMPLEMENTED;
  }

  /**
   * The tag keys the time-series workload uses for these properties: the first {@code tagcount} (default 4) names
   * of {@code tagkeylength} (default 8) letters, AAAAAAAA, AAAAAAAB, ... (as in YCSB 0.17.0), e.g. for a binding
   * that creates one column per tag.
   */
  protected static String[] getPossibleTagKeys(Properties properties) {
    // the time-series workload's own properties, read (and refused when bad) as the workload reads them
    PropertyReader r = new PropertyReader(properties);
    int tagCount = r.intValue("tagcount", 4, 0);
    int length = r.intValue("tagkeylength", 8, 1);
    site.ycsb.generator.IncrementingPrintableStringGenerator names =
        new site.ycsb.generator.IncrementingPrintableStringGenerator(length,
            site.ycsb.generator.IncrementingPrintableStringGenerator.printableBasicAlphaASCIISet());
    String[] keys = new String[tagCount];
    for (int i = 0; i < tagCount; i++) {
      keys[i] = names.nextValue();
    }
    return keys;
  }
}
