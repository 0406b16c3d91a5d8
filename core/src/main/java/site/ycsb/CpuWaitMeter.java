package site.ycsb;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * How long this process's threads waited for a CPU while they were ready to run (the kernel's run-queue delay), and
 * how long they ran: the direct measure of a machine that did not run the client on time. On Linux each thread's
 * figures are the first two fields of {@code /proc/self/task/<tid>/schedstat} (nanoseconds on a CPU, nanoseconds
 * waiting on a run queue); elsewhere, or when the file cannot be read, the wait is not measured
 * ({@link #measured()} is false) and the verdicts say so.
 *
 * <p>The totals are sums over every thread of the process (client threads, the driver's threads, GC and compiler
 * threads), accumulated sample by sample: {@link #sample} reads every thread's file (about 10 µs each), so it is
 * called from a watcher thread — at the start and end of measurement and once per status line — never on an
 * operation's path. A thread that ends between two samples loses only its share since the earlier one.
 *
 * <p>Thread-safe: {@link #sample} is synchronized.
 */
final class CpuWaitMeter {
  private static final File TASKS = new File("/proc/self/task");

  /** The cumulative figures since the meter was created, nanoseconds. Immutable. */
  static final class Totals {
    static final Totals NONE = new Totals(0, 0);
    final long waitNs;
    final long runNs;

    Totals(long waitNs, long runNs) {
      this.waitNs = waitNs;
      this.runNs = runNs;
    }

    /** What accrued between {@code earlier} and this. */
    Totals since(Totals earlier) {
      return new Totals(waitNs - earlier.waitNs, runNs - earlier.runNs);
    }
  }

  /** Each thread's last figures (run, wait), by thread id. */
  private final Map<String, long[]> last = new HashMap<>();
  private final byte[] buffer = new byte[128];
  private long waitNs;
  private long runNs;
  private boolean measured;

  /** Takes the first sample: the totals count from now. */
  CpuWaitMeter() {
    measured = TASKS.isDirectory();
    sample();
  }

  /** Whether the run-queue delay can be read here (Linux with schedstat). */
  synchronized boolean measured() {
    return measured;
  }

  /**
   * Reads every thread's figures and returns the totals since the meter was created ({@link Totals#NONE} when not
   * measured). A thread first seen now counts from its start unless it is the meter's first sample.
   */
  synchronized Totals sample() {
    if (!measured) {
      return Totals.NONE;
    }
    String[] tids = TASKS.list();
    if (tids == null) {
      measured = false;
      return Totals.NONE;
    }
    boolean first = last.isEmpty();
    Map<String, long[]> seen = new HashMap<>(tids.length * 2);
    for (String tid : tids) {
      long[] now = read(tid);
      if (now == null) {
        continue; // ended meanwhile
      }
      long[] before = last.get(tid);
      if (before != null) {
        runNs += Math.max(0, now[0] - before[0]);
        waitNs += Math.max(0, now[1] - before[1]);
      } else if (!first) {
        runNs += now[0];
        waitNs += now[1];
      }
      seen.put(tid, now);
    }
    if (seen.isEmpty()) {
      // not even this thread's own file could be read: schedstat is not available here
      measured = false;
      return Totals.NONE;
    }
    last.clear();
    last.putAll(seen);
    return new Totals(waitNs, runNs);
  }

  /** The thread's time on a CPU and waiting for one (ns), or null when its file cannot be read. */
  private long[] read(String tid) {
    int n = 0;
    try (InputStream in = new FileInputStream("/proc/self/task/" + tid + "/schedstat")) {
      for (int r; n < buffer.length && (r = in.read(buffer, n, buffer.length - n)) > 0; ) {
        n += r;
      }
    } catch (IOException e) {
      return null;
    }
    long[] fields = new long[2];
    int field = 0;
    boolean inNumber = false;
    for (int i = 0; i < n && field < 2; i++) {
      byte b = buffer[i];
      if (b >= '0' && b <= '9') {
        fields[field] = fields[field] * 10 + (b - '0');
        inNumber = true;
      } else if (inNumber) {
        field++;
        inNumber = false;
      }
    }
    return field == 2 || field == 1 && inNumber ? fields : null;
  }
}
