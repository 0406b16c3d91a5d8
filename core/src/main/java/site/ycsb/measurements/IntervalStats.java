package site.ycsb.measurements;

/** Latency figures of one measurement over one reporting interval (microseconds). Immutable. */
public final class IntervalStats {
  private final long count;
  private final long min;
  private final long max;
  private final double mean;
  private final long p50;
  private final long p90;
  private final long p99;
  private final long p999;
  private final long p9999;

  public IntervalStats(long count, long min, long max, double mean, long p50, long p90, long p99, long p999,
                       long p9999) {
    this.count = count;
    this.min = min;
    this.max = max;
    this.mean = mean;
    this.p50 = p50;
    this.p90 = p90;
    this.p99 = p99;
    this.p999 = p999;
    this.p9999 = p9999;
  }

  public long count() {
    return count;
  }

  public long min() {
    return min;
  }

  public long max() {
    return max;
  }

  public double mean() {
    return mean;
  }

  public long p50() {
    return p50;
  }

  public long p90() {
    return p90;
  }

  public long p99() {
    return p99;
  }

  public long p999() {
    return p999;
  }

  public long p9999() {
    return p9999;
  }
}
