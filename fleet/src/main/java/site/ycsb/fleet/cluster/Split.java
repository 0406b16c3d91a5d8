package site.ycsb.fleet.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * Divides work among N clients so that the parts add up exactly to the whole: the key space
 * ({@code insertstart}/{@code insertcount}), operation counts and the {@code -target} rate. Remainders go to the
 * first clients, one each.
 */
final class Split {
  private Split() {
  }

  /** A contiguous range of keys a client inserts. */
  static final class Range {
    final long start;
    final long count;

    Range(long start, long count) {
      this.start = start;
      this.count = count;
    }

    @Override
    public String toString() {
      return "[" + start + ", +" + count + ")";
    }
  }

  /** {@code total} split into {@code n} non-negative parts differing by at most one, larger parts first. */
  static long[] counts(long total, int n) {
    if (n < 1 || total < 0) {
      throw new IllegalArgumentException("need n >= 1 and total >= 0, got n=" + n + ", total=" + total);
    }
    long[] parts = new long[n];
    long base = total / n;
    long extra = total % n;
    for (int i = 0; i < n; i++) {
      parts[i] = base + (i < extra ? 1 : 0);
    }
    return parts;
  }

  /** Consecutive key ranges starting at {@code insertStart} that together cover {@code insertCount} keys. */
  static List<Range> keyRanges(long insertStart, long insertCount, int n) {
    long[] parts = counts(insertCount, n);
    List<Range> ranges = new ArrayList<>();
    long next = insertStart;
    for (long c : parts) {
      ranges.add(new Range(next, c));
      next += c;
    }
    return ranges;
  }

  /**
   * The rate each client is given. A whole-number total of at least {@code n} is split into whole numbers
   * (remainders to the first clients); otherwise every client gets {@code total / n}, because 0 would mean
   * "unthrottled" to the engine. A total of 0 (unthrottled) stays 0 for every client.
   */
  static double[] rates(double total, int n) {
    if (n < 1 || total < 0 || Double.isNaN(total) || Double.isInfinite(total)) {
      throw new IllegalArgumentException("need n >= 1 and a finite total >= 0, got n=" + n + ", total=" + total);
    }
    double[] rates = new double[n];
    if (total == Math.rint(total) && total >= n && total <= Long.MAX_VALUE) {
      long[] parts = counts((long) total, n);
      for (int i = 0; i < n; i++) {
        rates[i] = parts[i];
      }
    } else {
      for (int i = 0; i < n; i++) {
        rates[i] = total / n;
      }
    }
    return rates;
  }
}
