package site.ycsb.workloads;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.TimeseriesDB;

/** A time-series store in memory: what TimeseriesDB decoded is kept, so reads and scans can be checked. */
final class MemoryTSDB extends TimeseriesDB {
  /** series id ("metric|k=v,...") -> timestamp -> value. */
  final Map<String, Map<Long, Object>> series = new ConcurrentHashMap<>();
  /** Every insert in arrival order: {series id, timestamp}. */
  final List<Object[]> inserts = Collections.synchronizedList(new ArrayList<>());
  volatile AggregationOperation lastAggregation;
  volatile long lastScanStart;
  volatile long lastScanEnd;

  static String id(String metric, Map<String, String> tags) {
    return metric + "|" + new TreeMap<>(tags);
  }

  @Override
  protected Status read(String metric, long timestamp, Map<String, List<String>> tags) {
    Map<Long, Object> points = series.get(id(metric, single(tags)));
    return points != null && points.containsKey(timestamp) ? Status.OK : Status.NOT_FOUND;
  }

  @Override
  protected Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                        AggregationOperation aggreg, int timeValue, TimeUnit timeUnit) {
    lastAggregation = aggreg;
    lastScanStart = startTs;
    lastScanEnd = endTs;
    Map<String, String> wanted = single(tags);
    for (Map.Entry<String, Map<Long, Object>> e : series.entrySet()) {
      if (e.getKey().startsWith(metric + "|") && matches(e.getKey(), wanted)) {
        for (long ts : e.getValue().keySet()) {
          if (ts >= startTs && ts <= endTs) {
            return Status.OK;
          }
        }
      }
    }
    return Status.NOT_FOUND;
  }

  private static boolean matches(String id, Map<String, String> wanted) {
    for (Map.Entry<String, String> w : wanted.entrySet()) {
      if (!id.contains(w.getKey() + "=" + w.getValue())) {
        return false;
      }
    }
    return true;
  }

  @Override
  protected Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags) {
    return store(metric, timestamp, value, tags);
  }

  @Override
  protected Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags) {
    return store(metric, timestamp, value, tags);
  }

  private Status store(String metric, long timestamp, Object value, Map<String, ByteIterator> tags) {
    Map<String, String> plain = new TreeMap<>();
    for (Map.Entry<String, ByteIterator> t : tags.entrySet()) {
      plain.put(t.getKey(), t.getValue().toString());
    }
    String id = id(metric, plain);
    series.computeIfAbsent(id, k -> new ConcurrentHashMap<>()).put(timestamp, value);
    inserts.add(new Object[] {id, timestamp});
    return Status.OK;
  }

  private static Map<String, String> single(Map<String, List<String>> tags) {
    Map<String, String> m = new TreeMap<>();
    for (Map.Entry<String, List<String>> e : tags.entrySet()) {
      m.put(e.getKey(), e.getValue().get(0));
    }
    return m;
  }
}
