package compat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.TimeseriesDB;

/**
 * A time-series binding written against YCSB 0.17.0's TimeseriesDB only. It checks the shape of each decoded
 * call (tag count, interval-aligned timestamps), counts the distinct metrics it is given and prints a summary
 * line at cleanup.
 */
public class CompatTsProbeDB extends TimeseriesDB {
  private static final java.util.Set<String> METRICS = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private static final AtomicLong INSERTS = new AtomicLong();
  private static final AtomicLong READS = new AtomicLong();
  private static final AtomicLong SCANS = new AtomicLong();
  private static final AtomicLong MALFORMED = new AtomicLong();
  private static volatile String firstMalformed = "none";
  private static int instances;
  private int tagCount;
  private long interval;
  private long start;

  @Override
  public void init() throws DBException {
    super.init();
    tagCount = Integer.parseInt(getProperties().getProperty("tagcount", "4"));
    interval = Long.parseLong(getProperties().getProperty("timestampinterval", "60"));
    start = Long.parseLong(getProperties().getProperty("insertstart", "0"));
    synchronized (CompatTsProbeDB.class) {
      instances++;
    }
  }

  private void check(String metric, long timestamp, int tags) {
    METRICS.add(metric);
    if (tags != tagCount || timestamp < start || (timestamp - start) % interval != 0) {
      if (MALFORMED.getAndIncrement() == 0) {
        firstMalformed = metric + "/" + timestamp + "/" + tags;
      }
    }
  }

  @Override
  protected Status read(String metric, long timestamp, Map<String, List<String>> tags) {
    READS.incrementAndGet();
    check(metric, timestamp, tags.size());
    return Status.OK;
  }

  @Override
  protected Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                        AggregationOperation aggreg, int timeValue, TimeUnit timeUnit) {
    SCANS.incrementAndGet();
    check(metric, startTs, tags.size());
    if (endTs < startTs) {
      MALFORMED.incrementAndGet();
    }
    return Status.OK;
  }

  @Override
  protected Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags) {
    INSERTS.incrementAndGet();
    check(metric, timestamp, tags.size());
    return Status.OK;
  }

  @Override
  protected Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags) {
    INSERTS.incrementAndGet();
    check(metric, timestamp, tags.size());
    return Status.OK;
  }

  @Override
  public void cleanup() throws DBException {
    synchronized (CompatTsProbeDB.class) {
      if (--instances == 0) {
        System.out.println("[TS-PROBE], inserts=" + INSERTS.get() + ", reads=" + READS.get() + ", scans="
            + SCANS.get() + ", metrics=" + METRICS.size() + ", malformed=" + MALFORMED.get()
            + " (first: " + firstMalformed + ")");
      }
    }
  }
}
