package site.ycsb.workloads;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;

import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.NumericByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.generator.DiscreteGenerator;

/**
 * YCSB 0.17.0's time-series workload: {@code fieldcount} metrics, each with one series per combination of tag
 * values ({@code tagcount} tag keys, {@code tagcardinality} values each), one point per series every
 * {@code timestampinterval} {@code timestampunits}. The load writes {@code recordcount} points interval by interval;
 * the run reads single points, scans time ranges (optionally grouped and downsampled), overwrites, deletes and
 * appends points in the {@code *proportion} mix.
 *
 * <p>Calls are encoded as {@link site.ycsb.TimeseriesDB} decodes them: the key is the metric; a read's fields are
 * {@code tagkey=tagvalue} pairs plus {@code timestampkey=ts}; a scan's are the tag pairs (without group-by tags)
 * plus {@code timestampkey=start,end} and optionally {@code groupbykey=FUNCTION} and
 * {@code downsamplingkey=FUNCTIONinterval}; an insert's or update's values are the tags as strings plus
 * {@code timestampkey} and {@code valuekey} as {@link NumericByteIterator}s; a delete's key is
 * {@code metric:tagkey=tagvalue:...:timestampkey=start,end} ({@code :} being {@code deletedelimiter}).
 *
 * <p>Reads, scans, updates and deletes only address points of intervals the load completed (recordcount of the run
 * must be that of the load, and both phases must share {@code timestampstart}); run-phase inserts continue the write
 * order after the loaded points. Every property is validated in {@link #init}; see {@code workloads/tsworkload_template}.
 */
public class TimeSeriesWorkload extends Workload {
  private static final int PICK_ATTEMPTS = 1000;

  private TimeSeriesSettings settings;
  private SeriesLayout layout;
  private long startTimestamp;
  private long readableSlots;
  private PointCursor loadCursor;
  private PointCursor runCursor;
  private DiscreteGenerator operations;

  @Override
  public void init(Properties p) throws WorkloadException {
    settings = new TimeSeriesSettings(p);
    layout = new SeriesLayout(settings);
    boolean run = Boolean.parseBoolean(p.getProperty("dotransactions", "true").trim());
    if (settings.timestampStart != null) {
      startTimestamp = settings.timestampStart;
    } else {
      long now = settings.units.convert(System.currentTimeMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
      startTimestamp = now - now % settings.interval;
      if (run && settings.readsLoadedPoints()) {
        System.err.println("TimeSeriesWorkload: timestampstart is not set, so timestamps start now (" + startTimestamp
            + " " + settings.units + "); set the same timestampstart for load and run so reads find loaded points");
      }
    }
    // Only the run needs to know where the load ended (with sparsity that takes a walk over recordcount points).
    long[] extent = run ? layout.extentOf(settings.recordCount) : new long[] {0, 0};
    readableSlots = layout.completeSlots(extent[0]);
    if (run && settings.readsLoadedPoints() && !anyReadable()) {
      throw new IllegalArgumentException("recordcount=" + settings.recordCount + " does not complete one interval of "
          + layout.seriesCount() + " series, so reads, scans, updates and deletes have no loaded point to address; "
          + "set recordcount to the number of points loaded (at least " + layout.pointsIn(0) + ")");
    }
    loadCursor = new PointCursor(layout, 0);
    runCursor = new PointCursor(layout, extent[1]);
    operations = new DiscreteGenerator();
    addOperation(settings.readProportion, "READ");
    addOperation(settings.updateProportion, "UPDATE");
    addOperation(settings.insertProportion, "INSERT");
    addOperation(settings.scanProportion, "SCAN");
    addOperation(settings.deleteProportion, "DELETE");
  }

  private void addOperation(double weight, String name) {
    if (weight > 0) {
      operations.addValue(weight, name);
    }
  }

  private boolean anyReadable() {
    for (int s = 0; s < layout.seriesCount(); s++) {
      if (readableSlots - layout.delay(s) > 0) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    long[] point = loadCursor.next();
    Status status = db.insert(settings.table, layout.metric((int) point[0]), pointValues((int) point[0], point[1]));
    return status != null && status.isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    String op = operations.nextString();
    switch (op) {
    case "READ":
      long[] p = loadedPoint();
      db.read(settings.table, layout.metric((int) p[0]), readFields((int) p[0], p[1]), new HashMap<>());
      break;
    case "UPDATE":
      long[] u = loadedPoint();
      db.update(settings.table, layout.metric((int) u[0]), pointValues((int) u[0], u[1]));
      break;
    case "INSERT":
      long[] n = runCursor.next();
      db.insert(settings.table, layout.metric((int) n[0]), pointValues((int) n[0], n[1]));
      break;
    case "SCAN":
      long[] s = loadedPoint();
      long[] span = span(s[1]);
      db.scan(settings.table, layout.metric((int) s[0]), 0, scanFields((int) s[0], span), new Vector<>());
      break;
    default:
      long[] d = loadedPoint();
      db.delete(settings.table, deleteKey((int) d[0], span(d[1])));
    }
    return true;
  }

  /** The timestamp of interval {@code interval}. */
  long timestamp(long interval) {
    return startTimestamp + interval * settings.interval;
  }

  SeriesLayout layout() {
    return layout;
  }

  /** Slots (intervals) whose points the load completed. */
  long readableSlots() {
    return readableSlots;
  }

  /** A loaded point chosen uniformly: {series, interval}. */
  long[] loadedPoint() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long[] candidate = null;
    for (int attempt = 0; attempt < PICK_ATTEMPTS; attempt++) {
      int series = random.nextInt(layout.seriesCount());
      long last = readableSlots - 1 - layout.delay(series);
      if (last < 0) {
        continue;
      }
      long interval = last == 0 ? 0 : random.nextLong(last + 1);
      candidate = new long[] {series, interval};
      if (!layout.skipped(series, interval)) {
        return candidate;
      }
    }
    // Only reachable under extreme sparsity: address a loaded interval even if its point was left out.
    return candidate != null ? candidate : new long[] {0, 0};
  }

  /** The [start, end] timestamps of a query starting at {@code interval}. */
  long[] span(long interval) {
    long length = settings.queryTimeSpan;
    if (settings.queryRandomTimeSpan && length > 0) {
      length = ThreadLocalRandom.current().nextLong(length + 1);
    }
    length -= length % settings.interval;
    long start = timestamp(interval);
    return new long[] {start, start + length};
  }

  /** An insert's or update's values: the tags, the timestamp and a fresh value. */
  Map<String, ByteIterator> pointValues(int series, long interval) {
    Map<String, ByteIterator> values = new HashMap<>();
    for (int k = 0; k < layout.tagCount(); k++) {
      values.put(layout.tagKey(k), new StringByteIterator(layout.tagValue(series, k)));
    }
    values.put(settings.timestampKey, new NumericByteIterator(timestamp(interval)));
    values.put(settings.valueKey, value());
    return values;
  }

  private NumericByteIterator value() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    boolean floating = settings.valueType == TimeSeriesSettings.ValueType.FLOATS
        || settings.valueType == TimeSeriesSettings.ValueType.MIXED && random.nextBoolean();
    return floating ? new NumericByteIterator(random.nextDouble() * 10_000)
        : new NumericByteIterator(random.nextLong(10_000));
  }

  /** A read's fields: every tag pair and the timestamp. */
  Set<String> readFields(int series, long interval) {
    Set<String> fields = new LinkedHashSet<>();
    for (int k = 0; k < layout.tagCount(); k++) {
      fields.add(pair(layout.tagKey(k), layout.tagValue(series, k)));
    }
    fields.add(pair(settings.timestampKey, Long.toString(timestamp(interval))));
    return fields;
  }

  /** A scan's fields: tag pairs except group-by tags, the time range, and the aggregation requests. */
  Set<String> scanFields(int series, long[] span) {
    Set<String> fields = new LinkedHashSet<>();
    for (int k = 0; k < layout.tagCount(); k++) {
      if (settings.groupByTags == null || !settings.groupByTags[k]) {
        fields.add(pair(layout.tagKey(k), layout.tagValue(series, k)));
      }
    }
    fields.add(pair(settings.timestampKey, span[0] + settings.queryTimeSpanDelimiter + span[1]));
    if (!settings.groupByFunction.isEmpty()) {
      fields.add(pair(settings.groupByKey, settings.groupByFunction));
    }
    if (!settings.downsamplingFunction.equals("NONE")) {
      fields.add(pair(settings.downsamplingKey, settings.downsamplingFunction + settings.downsamplingInterval));
    }
    return fields;
  }

  /** A delete's key: metric, tag pairs and time range joined by {@code deletedelimiter}. */
  String deleteKey(int series, long[] span) {
    StringBuilder key = new StringBuilder(layout.metric(series));
    for (int k = 0; k < layout.tagCount(); k++) {
      key.append(settings.deleteDelimiter).append(pair(layout.tagKey(k), layout.tagValue(series, k)));
    }
    key.append(settings.deleteDelimiter)
        .append(pair(settings.timestampKey, span[0] + settings.queryTimeSpanDelimiter + span[1]));
    return key.toString();
  }

  private String pair(String key, String value) {
    return key + settings.tagPairDelimiter + value;
  }
}
