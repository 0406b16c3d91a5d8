package site.ycsb.db.cql;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Finds a node that answers far slower than the other nodes — frozen part of every second, on a stalling disk, behind
 * a slow link — which the {@link AnswerWatch} never finds silent, as it answers within its threshold. It judges the
 * time each node takes to answer a question about itself alone (the speed probe's, a few times a second): the
 * workload's own requests cannot tell a slow node from the others, as every coordinator's reads wait on the slow
 * replica too (in one diagnostic run on the local cluster beside two builds, with one node frozen 300 ms of every
 * second, the other coordinators' p90 rose to 90-180 ms against its 210-250 ms). Four times, not more: a busy client
 * machine delays every probe alike (the other nodes' p90 reached 74 ms beside two builds, the slow node's 295 ms).
 * Once a second {@link #check} compares each node's 90th percentile over the last {@link #WINDOW_MILLIS} with the
 * other nodes': a node is slow when its p90 is at least {@link #FLOOR_MICROS} and
 * {@link #SLOW_RATIO} times the others' (their median p90, the higher middle one of an even count), and at their speed
 * again below {@link #FAST_RATIO} times (or under half the floor). The 90th percentile, not the 99th: one pause of a
 * node (a collection of 200 ms) holds one probe in twenty and is no slow node; a node frozen 300 ms of every second
 * holds a third of them. A node, and each node it is compared with, needs {@link #MIN_ANSWERS} answers in the window
 * to be judged, so a node that is not probed (down, silent) is not judged, and a cluster of one node has nothing to
 * compare with. Each change is reported once.
 *
 * <p>Not thread-safe: {@link #record} and {@link #check} are called by one thread (the speed probe's).
 */
public final class SlowNodeWatch {
  /** The window over which each node's answer times are judged, ms. */
  static final long WINDOW_MILLIS = 5000;
  /** Answers a node needs in the window for its p90 to be judged or used as a comparison. */
  static final int MIN_ANSWERS = 15;
  /** The percentile judged. */
  static final double QUANTILE = 0.90;
  /** A p90 under this is never slow, whatever the other nodes answer in (µs). */
  static final long FLOOR_MICROS = 50_000;
  /** A node is slow at this many times the other nodes' p90 ... */
  static final double SLOW_RATIO = 4;
  /** ... and at their speed again under this many times. */
  static final double FAST_RATIO = 2;
  /** Buckets per doubling of the time: a bucket spans 19% at most, far finer than the ratios judged. */
  private static final int SUB_BUCKETS = 4;
  private static final int BUCKETS = SUB_BUCKETS * 40;
  /** Snapshots kept: one per check, the oldest at least a window old. */
  private static final int SNAPSHOTS = 16;

  /** Where the changes go: a node found slow ({@code slow} true), or at the others' speed again. */
  public interface Reports {
    void slowness(String node, boolean slow, String source);
  }

  /** The check's view of one node: snapshots of its cumulative counts, and whether it is held slow. */
  private static final class Judged {
    final long[][] cumulative = new long[SNAPSHOTS][];
    final long[] takenNs = new long[SNAPSHOTS];
    int next;
    boolean slow;
    long p90Us = -1;
    long answers;
  }

  private final AnswerWatch<?> answers;
  private final Reports reports;
  /** Per node index, per bucket: the answers counted since the start. */
  private long[][] counts = new long[0][];
  /** Per node index, the check's state. */
  private Judged[] judged = new Judged[0];

  /** Judges the nodes {@code answers} knows, reporting each change to {@code reports}. */
  public SlowNodeWatch(AnswerWatch<?> answers, Reports reports) {
    this.answers = answers;
    this.reports = reports;
  }

  /** {@code node} answered a question about itself in {@code latencyNanos}. */
  public void record(AnswerWatch.Node node, long latencyNanos) {
    int i = node.index();
    if (i >= counts.length) {
      counts = Arrays.copyOf(counts, i + 1);
    }
    if (counts[i] == null) {
      counts[i] = new long[BUCKETS];
    }
    counts[i][bucket(TimeUnit.NANOSECONDS.toMicros(latencyNanos))]++;
  }

  /** Whether {@code node} is held slow now. */
  boolean isSlow(AnswerWatch.Node node) {
    Judged[] j = judged;
    return node.index() < j.length && j[node.index()] != null && j[node.index()].slow;
  }

  /**
   * Takes a snapshot of every node's counts at {@code nowNs} and judges each node over the last window; reports each
   * change. Called about once a second.
   */
  public void check(long nowNs) {
    List<AnswerWatch.Node> nodes = answers.nodes();
    int indices = 0;
    for (AnswerWatch.Node n : nodes) {
      indices = Math.max(indices, n.index() + 1);
    }
    if (judged.length < indices) {
      judged = Arrays.copyOf(judged, indices);
    }
    List<AnswerWatch.Node> judgedNow = new ArrayList<>();
    for (AnswerWatch.Node n : nodes) {
      Judged j = judged[n.index()];
      if (j == null) {
        j = new Judged();
        judged[n.index()] = j;
      }
      long[] total = sum(n.index());
      int oldest = oldestWithin(j, nowNs);
      j.p90Us = -1;
      j.answers = 0;
      if (oldest >= 0) {
        long[] window = new long[BUCKETS];
        for (int b = 0; b < BUCKETS; b++) {
          window[b] = total[b] - j.cumulative[oldest][b];
          j.answers += window[b];
        }
        if (j.answers >= MIN_ANSWERS) {
          j.p90Us = percentile(window, j.answers, QUANTILE);
          judgedNow.add(n);
        }
      }
      j.cumulative[j.next] = total;
      j.takenNs[j.next] = nowNs;
      j.next = (j.next + 1) % SNAPSHOTS;
    }
    for (AnswerWatch.Node n : judgedNow) {
      Judged j = judged[n.index()];
      long others = othersP99(n, judgedNow);
      if (others < 0) {
        continue;
      }
      boolean slow = j.slow ? !(j.p90Us < FAST_RATIO * others || j.p90Us < FLOOR_MICROS / 2)
          : j.p90Us >= FLOOR_MICROS && j.p90Us >= SLOW_RATIO * others;
      if (slow != j.slow) {
        j.slow = slow;
        reports.slowness(n.name(), slow, String.format(Locale.ROOT, "its answers' p90 over the last %.0f s %s, the "
            + "other nodes' %s", WINDOW_MILLIS / 1000.0, millis(j.p90Us), millis(others)));
      }
    }
  }

  /** Nodes held slow now. */
  public int slowCount() {
    int count = 0;
    for (Judged j : judged) {
      count += j != null && j.slow ? 1 : 0;
    }
    return count;
  }

  /** The median p90 of the judged nodes other than {@code node} (the higher middle one), -1 with none. */
  private long othersP99(AnswerWatch.Node node, List<AnswerWatch.Node> judgedNow) {
    long[] others = new long[judgedNow.size() - 1];
    int i = 0;
    for (AnswerWatch.Node o : judgedNow) {
      if (o != node) {
        others[i++] = judged[o.index()].p90Us;
      }
    }
    if (others.length == 0) {
      return -1;
    }
    Arrays.sort(others);
    return others[others.length / 2];
  }

  /** The snapshot at least a window before {@code nowNs} that is the latest such, or -1 when none is that old. */
  private static int oldestWithin(Judged j, long nowNs) {
    long windowNs = TimeUnit.MILLISECONDS.toNanos(WINDOW_MILLIS);
    int best = -1;
    for (int i = 0; i < SNAPSHOTS; i++) {
      if (j.cumulative[i] != null && nowNs - j.takenNs[i] >= windowNs
          && (best < 0 || j.takenNs[i] - j.takenNs[best] > 0)) {
        best = i;
      }
    }
    return best;
  }

  private long[] sum(int node) {
    return node < counts.length && counts[node] != null ? counts[node].clone() : new long[BUCKETS];
  }

  /** The bucket of {@code micros}: a quarter of a doubling wide. */
  static int bucket(long micros) {
    if (micros < SUB_BUCKETS) {
      return (int) Math.max(0, micros);
    }
    int log = 63 - Long.numberOfLeadingZeros(micros);
    int sub = (int) (micros >>> (log - 2)) & (SUB_BUCKETS - 1);
    return Math.min(BUCKETS - 1, log * SUB_BUCKETS + sub);
  }

  /** The middle of bucket {@code b}, µs (its lower bound for the exact buckets under 4 µs). */
  static long value(int b) {
    if (b < SUB_BUCKETS) {
      return b;
    }
    int log = b / SUB_BUCKETS;
    long low = (long) (SUB_BUCKETS + b % SUB_BUCKETS) << (log - 2);
    long width = 1L << (log - 2);
    return low + width / 2;
  }

  private static long percentile(long[] counts, long total, double q) {
    long rank = (long) Math.ceil(q * total);
    long seen = 0;
    for (int b = 0; b < counts.length; b++) {
      seen += counts[b];
      if (seen >= rank) {
        return value(b);
      }
    }
    return value(counts.length - 1);
  }

  private static String millis(long micros) {
    return micros >= 10_000 ? String.format(Locale.ROOT, "%.0f ms", micros / 1000.0)
        : String.format(Locale.ROOT, "%.1f ms", micros / 1000.0);
  }
}
