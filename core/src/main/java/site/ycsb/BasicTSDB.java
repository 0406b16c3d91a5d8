package site.ycsb;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The null time-series database ({@code basicts}): accepts every call and stores nothing, like {@link BasicDB}
 * and with the same {@code basicdb.*} properties (as YCSB 0.17.0's {@code basicts}): {@code basicdb.verbose}
 * prints each call as the binding sees it after {@link TimeseriesDB}'s decoding (metric, timestamps, tags, value),
 * {@code basicdb.simulatedelay} / {@code basicdb.randomizedelay} delay each call, {@code basicdb.count} counts
 * distinct calls and prints the counts at cleanup. Updates and deletes are accepted (answered OK) as in 0.17.0,
 * where {@code basicts} is a {@code BasicDB}.
 *
 * <p>One instance per client thread, as every binding; it shares nothing with the other instances.
 */
public class BasicTSDB extends TimeseriesDB {
  /** Verbose printing, delays and counting, configured from the same properties. */
  private final BasicDB basic = new BasicDB();

  @Override
  public void init() throws DBException {
    super.init();
    basic.setProperties(getProperties());
    basic.init();
  }

  @Override
  public void cleanup() {
    basic.cleanup();
  }

  @Override
  protected Status read(String metric, long timestamp, Map<String, List<String>> tags) {
    basic.delay();
    if (basic.verbose || basic.count) { // the null database costs nothing per call otherwise
      String call = metric + " " + timestamp + " " + new TreeMap<>(tags);
      if (basic.verbose) {
        System.out.println("READ " + call);
      }
      if (basic.count) {
        basic.incCounter(BasicDB.reads, call.hashCode());
      }
    }
    return Status.OK;
  }

  @Override
  protected Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                        AggregationOperation aggreg, int timeValue, TimeUnit timeUnit) {
    basic.delay();
    if (basic.verbose || basic.count) {
      String call = metric + " " + startTs + " " + endTs + " " + new TreeMap<>(tags) + " " + aggreg
          + (timeValue > 0 ? " " + timeValue + " " + timeUnit : "");
      if (basic.verbose) {
        System.out.println("SCAN " + call);
      }
      if (basic.count) {
        basic.incCounter(BasicDB.scans, call.hashCode());
      }
    }
    return Status.OK;
  }

  @Override
  protected Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags) {
    return write(metric, timestamp, String.valueOf(value), tags);
  }

  @Override
  protected Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags) {
    return write(metric, timestamp, String.valueOf(value), tags);
  }

  private Status write(String metric, long timestamp, String value, Map<String, ByteIterator> tags) {
    basic.delay();
    if (basic.verbose || basic.count) {
      TreeMap<String, String> sorted = new TreeMap<>();
      for (Map.Entry<String, ByteIterator> e : tags.entrySet()) {
        sorted.put(e.getKey(), e.getValue().toString());
      }
      String point = metric + " " + timestamp + " " + sorted;
      if (basic.verbose) {
        System.out.println("INSERT " + point + " " + value);
      }
      if (basic.count) {
        basic.incCounter(BasicDB.inserts, point.hashCode());
      }
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return basic.update(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    return basic.delete(table, key);
  }
}
