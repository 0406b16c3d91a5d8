package site.ycsb.generator;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Values drawn from a histogram: bucket {@code i} has weight {@code buckets[i]} and yields {@code i * blockSize}.
 *
 * <p>File format (YCSB's {@code fieldlengthhistogram}): the first line is {@code BlockSize<TAB>n}, every other
 * non-blank line is {@code bucket<TAB>count} (any whitespace accepted). Buckets not listed have count 0.
 *
 * <p>Thread-safe: immutable once built, and each thread draws from its own random source.
 */
public class HistogramGenerator extends NumberGenerator {
  private final long blockSize;
  private final long[] cumulative;
  private final double mean;

  /**
   * Reads a histogram file.
   *
   * @throws IOException when the file can't be read or is malformed (the message names the line)
   */
  public HistogramGenerator(String histogramfile) throws IOException {
    this(read(histogramfile));
  }

  /**
   * @param buckets the count of each bucket (non-negative, at least one positive)
   * @param blockSize the width of a bucket
   */
  public HistogramGenerator(long[] buckets, int blockSize) {
    this(new Parsed(buckets, blockSize));
  }

  private HistogramGenerator(Parsed p) {
    if (p.buckets == null || p.buckets.length == 0) {
      throw new IllegalArgumentException("HistogramGenerator: no buckets");
    }
    if (p.blockSize <= 0) {
      throw new IllegalArgumentException("HistogramGenerator: block size must be positive, got " + p.blockSize);
    }
    this.blockSize = p.blockSize;
    this.cumulative = new long[p.buckets.length];
    long total = 0;
    double weighted = 0;
    for (int i = 0; i < p.buckets.length; i++) {
      if (p.buckets[i] < 0) {
        throw new IllegalArgumentException("HistogramGenerator: bucket " + i + " has a negative count "
            + p.buckets[i]);
      }
      total = Math.addExact(total, p.buckets[i]);
      cumulative[i] = total;
      weighted += (double) p.buckets[i] * i * p.blockSize;
    }
    if (total == 0) {
      throw new IllegalArgumentException("HistogramGenerator: all bucket counts are 0");
    }
    this.mean = weighted / total;
  }

  private static final class Parsed {
    final long[] buckets;
    final long blockSize;

    Parsed(long[] buckets, long blockSize) {
      this.buckets = buckets;
      this.blockSize = blockSize;
    }
  }

  private static Parsed read(String file) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(Paths.get(file), StandardCharsets.UTF_8)) {
      String first = in.readLine();
      if (first == null) {
        throw new IOException("histogram file " + file + " is empty");
      }
      String[] head = first.trim().split("\\s+");
      if (head.length != 2 || !head[0].equals("BlockSize")) {
        throw new IOException("histogram file " + file + " line 1: expected 'BlockSize<TAB>n', got '" + first + "'");
      }
      long blockSize = parse(file, 1, head[1]);
      List<long[]> entries = new ArrayList<>();
      int maxBucket = -1;
      String line;
      int lineNo = 1;
      while ((line = in.readLine()) != null) {
        lineNo++;
        String t = line.trim();
        if (t.isEmpty()) {
          continue;
        }
        String[] parts = t.split("\\s+");
        if (parts.length != 2) {
          throw new IOException("histogram file " + file + " line " + lineNo + ": expected 'bucket<TAB>count', got '"
              + line + "'");
        }
        long bucket = parse(file, lineNo, parts[0]);
        long count = parse(file, lineNo, parts[1]);
        if (bucket < 0 || bucket > 10_000_000 || count < 0) {
          throw new IOException("histogram file " + file + " line " + lineNo
              + ": bucket must be in [0, 1e7] and count >= 0, got '" + line + "'");
        }
        entries.add(new long[] {bucket, count});
        maxBucket = Math.max(maxBucket, (int) bucket);
      }
      if (maxBucket < 0) {
        throw new IOException("histogram file " + file + " has no buckets");
      }
      long[] buckets = new long[maxBucket + 1];
      for (long[] e : entries) {
        buckets[(int) e[0]] += e[1];
      }
      return new Parsed(buckets, blockSize);
    }
  }

  private static long parse(String file, int lineNo, String s) throws IOException {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IOException("histogram file " + file + " line " + lineNo + ": '" + s + "' is not an integer");
    }
  }

  @Override
  public Long nextValue() {
    long x = ThreadLocalRandom.current().nextLong(cumulative[cumulative.length - 1]);
    int lo = 0;
    int hi = cumulative.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cumulative[mid] > x) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    long ret = lo * blockSize;
    setLastValue(ret);
    return ret;
  }

  @Override
  public double mean() {
    return mean;
  }
}
