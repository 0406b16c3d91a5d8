package site.ycsb.engine.verdict;

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
 * threads), and over the engine's operation threads alone (recognised by the names the kernel keeps for them; none on
 * a JVM that does not pass thread names to the kernel), accumulated sample by sample: {@link #sample} reads every thread's file (about 10 µs each), so it is
 * called from a watcher thread — at the start and end of measurement and once per status line — never on an
 * operation's path. A thread that ends between two samples loses only its share since the earlier one.
 *
 * <p>Thread-safe: {@link #sample} is synchronized.
 */
final class CpuWaitMeter {
  private static final File TASKS = new File("/proc/self/task");

  /** The names (as the kernel keeps them, 15 characters) of the engine's threads that run the operations. */
  private static final String[] WORKER_PREFIXES = {"ycsb-client-", "ycsb-async-"};

  /** The cumulative figures since the meter was created, nanoseconds. Immutable. */
  static final class Totals {
    static final Totals NONE = new Totals(0, 0, 0, 0);
    /** Every thread of the process. */
    final long waitNs;
    final long runNs;
    /** The engine's operation threads only (ycsb-client-N, ycsb-async-N), where the kernel knows their names. */
    final long workerWaitNs;
    final long workerRunNs;

    Totals(long waitNs, long runNs, long workerWaitNs, long workerRunNs) {
      this.waitNs = waitNs;
      this.runNs = runNs;
      this.workerWaitNs = workerWaitNs;
      this.workerRunNs = workerRunNs;
    }

    /** What accrued between {@code earlier} and this. */
    Totals since(Totals earlier) {
      return new Totals(waitNs - earlier.waitNs, runNs - earlier.runNs, workerWaitNs - earlier.workerWaitNs,
          workerRunNs - earlier.workerRunNs);
    }
  }

  /** Each thread's last figures (run, wait, 1 if an operation thread), by thread id. */
  private final Map<String, long[]> last = new HashMap<>();
  private final byte[] buffer = new byte[128];
  private long waitNs;
  private long runNs;
  private long workerWaitNs;
  private long workerRunNs;
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
      // a thread's name is read once, when it is first seen (the engine names its threads before starting them)
      now[2] = before != null ? before[2] : isWorker(tid) ? 1 : 0;
      long run = before != null ? Math.max(0, now[0] - before[0]) : first ? 0 : now[0];
      long wait = before != null ? Math.max(0, now[1] - before[1]) : first ? 0 : now[1];
      runNs += run;
      waitNs += wait;
      if (now[2] == 1) {
        workerRunNs += run;
        workerWaitNs += wait;
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
    return new Totals(waitNs, runNs, workerWaitNs, workerRunNs);
  }

  /** Whether the thread is one of the engine's operation threads, by the name the kernel keeps for it. */
  private static boolean isWorker(String tid) {
    String name;
    try {
      name = new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("/proc/self/task", tid, "comm")),
          java.nio.charset.StandardCharsets.UTF_8).trim();
    } catch (IOException | RuntimeException e) {
      return false;
    }
    for (String prefix : WORKER_PREFIXES) {
      if (name.startsWith(prefix)) {
        return true;
      }
    }
    return false;
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
    long[] fields = new long[3];
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
