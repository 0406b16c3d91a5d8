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
 * line at cleanup. For inserts it also keeps what it received: "points" counts the distinct (metric, tags,
 * timestamp) identities (fewer than inserts when points collide), "received" is a digest of every insert's
 * metric, tags and timestamp, and "tagged" a digest of every insert's tags and timestamp alone (both over the
 * sorted list, so thread order does not matter). Tag values enter the digests as their rank among the values
 * seen for that tag key: YCSB 0.17.0 draws a tag's value names at random from a shared list on each run (only
 * their number is fixed), so only the rank is comparable between runs.
 */
public class CompatTsProbeDB extends TimeseriesDB {
  private static final java.util.Set<String> METRICS = java.util.concurrent.ConcurrentHashMap.newKeySet();
  private static final AtomicLong INSERTS = new AtomicLong();
  private static final AtomicLong READS = new AtomicLong();
  private static final AtomicLong SCANS = new AtomicLong();
  private static final AtomicLong MALFORMED = new AtomicLong();
  private static final java.util.List<Object[]> RECEIVED =
      java.util.Collections.synchronizedList(new java.util.ArrayList<Object[]>());
  private static volatile String firstMalformed = "none";
  private static int instances;
  private int tagCount;
  private long interval;
  private long start;
  private java.util.Set<String> tagKeys;

  @Override
  public void init() throws DBException {
    super.init();
    tagCount = Integer.parseInt(getProperties().getProperty("tagcount", "4"));
    interval = Long.parseLong(getProperties().getProperty("timestampinterval", "60"));
    start = Long.parseLong(getProperties().getProperty("insertstart", "0"));
    // the tag keys the base class says the workload uses: every tag received must be one of them
    tagKeys = new java.util.HashSet<String>(java.util.Arrays.asList(getPossibleTagKeys(getProperties())));
    synchronized (CompatTsProbeDB.class) {
      instances++;
    }
  }

  private void check(String metric, long timestamp, java.util.Set<String> tags) {
    METRICS.add(metric);
    if (tags.size() != tagCount || !tagKeys.containsAll(tags) || timestamp < start || (timestamp - start) % interval != 0) {
      if (MALFORMED.getAndIncrement() == 0) {
        firstMalformed = metric + "/" + timestamp + "/" + tags + " (tag keys " + tagKeys + ")";
      }
    }
  }

  @Override
  protected Status read(String metric, long timestamp, Map<String, List<String>> tags) {
    READS.incrementAndGet();
    check(metric, timestamp, tags.keySet());
    return Status.OK;
  }

  @Override
  protected Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                        AggregationOperation aggreg, int timeValue, TimeUnit timeUnit) {
    SCANS.incrementAndGet();
    check(metric, startTs, tags.keySet());
    if (endTs < startTs) {
      MALFORMED.incrementAndGet();
    }
    return Status.OK;
  }

  private static void receive(String metric, long timestamp, Map<String, ByteIterator> tags) {
    java.util.TreeMap<String, String> sorted = new java.util.TreeMap<String, String>();
    for (Map.Entry<String, ByteIterator> e : tags.entrySet()) {
      sorted.put(e.getKey(), e.getValue().toString());
    }
    RECEIVED.add(new Object[] {metric, sorted, timestamp});
  }

  private static String digest(java.util.List<String> lines) {
    try {
      java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
      for (String line : lines) {
        md.update((line + "\n").getBytes("UTF-8"));
      }
      return String.format("%064x", new java.math.BigInteger(1, md.digest())).substring(0, 16);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  protected Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags) {
    receive(metric, timestamp, tags);
    INSERTS.incrementAndGet();
    check(metric, timestamp, tags.keySet());
    return Status.OK;
  }

  @Override
  protected Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags) {
    receive(metric, timestamp, tags);
    INSERTS.incrementAndGet();
    check(metric, timestamp, tags.keySet());
    return Status.OK;
  }

  @Override
  public void cleanup() throws DBException {
    synchronized (CompatTsProbeDB.class) {
      if (--instances == 0) {
        java.util.Map<String, java.util.TreeSet<String>> values =
            new java.util.HashMap<String, java.util.TreeSet<String>>();
        for (Object[] r : RECEIVED) {
          for (Map.Entry<?, ?> e : ((Map<?, ?>) r[1]).entrySet()) {
            String key = (String) e.getKey();
            if (!values.containsKey(key)) {
              values.put(key, new java.util.TreeSet<String>());
            }
            values.get(key).add((String) e.getValue());
          }
        }
        java.util.List<String> all = new java.util.ArrayList<String>();
        java.util.List<String> tagged = new java.util.ArrayList<String>();
        for (Object[] r : RECEIVED) {
          StringBuilder ranked = new StringBuilder();
          for (Map.Entry<?, ?> e : ((Map<?, ?>) r[1]).entrySet()) {
            ranked.append(e.getKey()).append('#').append(values.get(e.getKey()).headSet((String) e.getValue()).size())
                .append(',');
          }
          all.add(r[0] + "|" + ranked + "|" + r[2]);
          tagged.add(ranked + "|" + r[2]);
        }
        java.util.Collections.sort(all);
        java.util.Collections.sort(tagged);
        System.out.println("[TS-RECEIVED], points=" + new java.util.HashSet<String>(all).size() + ", received="
            + digest(all) + ", tagged=" + digest(tagged));
        System.out.println("[TS-PROBE], inserts=" + INSERTS.get() + ", reads=" + READS.get() + ", scans="
            + SCANS.get() + ", metrics=" + METRICS.size() + ", malformed=" + MALFORMED.get()
            + " (first: " + firstMalformed + ")");
      }
    }
  }
}
