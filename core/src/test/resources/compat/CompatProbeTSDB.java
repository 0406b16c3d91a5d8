package compat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.TimeseriesDB;

/**
 * A time-series binding that uses only YCSB 0.17.0's TimeseriesDB API: it checks what the decoded calls carry
 * (a metric, tags, a plausible timestamp) and prints its counts at cleanup.
 */
public class CompatProbeTSDB extends TimeseriesDB {
  private static final long START = 1700000000L;
  private static int inserts;
  private static int reads;
  private static int scans;
  private static int bad;
  private static int threads;

  @Override
  public void init() throws site.ycsb.DBException {
    super.init();
    synchronized (CompatProbeTSDB.class) {
      threads++;
    }
  }

  private static synchronized Status count(boolean ok, int kind) {
    if (!ok) {
      bad++;
      return Status.BAD_REQUEST;
    }
    if (kind == 0) {
      inserts++;
    } else if (kind == 1) {
      reads++;
    } else {
      scans++;
    }
    return Status.OK;
  }

  @Override
  protected Status read(String metric, long timestamp, Map<String, List<String>> tags) {
    return count(!metric.isEmpty() && timestamp >= START && !tags.isEmpty(), 1);
  }

  @Override
  protected Status scan(String metric, long startTs, long endTs, Map<String, List<String>> tags,
                        AggregationOperation aggreg, int timeValue, TimeUnit timeUnit) {
    return count(!metric.isEmpty() && startTs >= START && endTs >= startTs && !tags.isEmpty(), 2);
  }

  @Override
  protected Status insert(String metric, long timestamp, long value, Map<String, ByteIterator> tags) {
    return count(!metric.isEmpty() && timestamp >= START && !tags.isEmpty(), 0);
  }

  @Override
  protected Status insert(String metric, long timestamp, double value, Map<String, ByteIterator> tags) {
    return count(!metric.isEmpty() && timestamp >= START && !tags.isEmpty(), 0);
  }

  @Override
  public void cleanup() {
    synchronized (CompatProbeTSDB.class) {
      if (--threads == 0) {
        System.out.println("[TS-PROBE], inserts=" + inserts + ", reads=" + reads + ", scans=" + scans + ", bad=" + bad);
      }
    }
  }
}
