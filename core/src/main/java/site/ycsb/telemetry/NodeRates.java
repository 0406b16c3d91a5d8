package site.ycsb.telemetry;

import java.util.Map;

/**
 * One sample of a database node: what it did between two {@link ProcSnapshot}s — CPU shares, I/O wait, memory,
 * disk and network rates. For a remote node every figure is the machine's; for a local server (a process on this
 * machine) {@link #cpuPct}, {@link #userPct}, {@link #systemPct}, {@link #rssMb} and the disk bytes are its process's
 * (the machine is shared with the client), the rest the machine's. NaN: not known.
 *
 * <p>Immutable once built; not shared between threads before that.
 */
public final class NodeRates {
  /** The instant the sample ends (epoch ms) and the time it covers (s). */
  long epochMs;
  double intervalSec;
  double cpuPct = Double.NaN;
  double userPct = Double.NaN;
  double systemPct = Double.NaN;
  double iowaitPct = Double.NaN;
  double stealPct = Double.NaN;
  double machineCpuPct = Double.NaN;
  double load1 = Double.NaN;
  double memUsedMb = Double.NaN;
  double memTotalMb = Double.NaN;
  double rssMb = Double.NaN;
  double diskReadMbS = Double.NaN;
  double diskWriteMbS = Double.NaN;
  double diskBusyPct = Double.NaN;
  double netRxMbS = Double.NaN;
  double netTxMbS = Double.NaN;

  private static final double MB = 1e6;

  /**
   * The sample between two snapshots of one node, or null when they cannot be compared (incomplete, no time between
   * them, or counters that went backwards: the machine rebooted or the process was replaced).
   *
   * @param process whether the node is a local process (its own CPU and disk bytes) rather than a whole machine
   * @param loopback whether the loopback interface counts as the node's network (a local server talks over it)
   */
  static NodeRates between(ProcSnapshot a, ProcSnapshot b, long epochMs, boolean process, boolean loopback) {
    if (a == null || b == null || !a.complete() || !b.complete()) {
      return null;
    }
    double seconds = b.uptimeSec - a.uptimeSec;
    long total = 0;
    long[] d = new long[8];
    for (int i = 0; i < d.length; i++) {
      d[i] = b.cpu[i] - a.cpu[i];
      total += d[i];
    }
    if (seconds <= 0 || total <= 0) {
      return null;
    }
    NodeRates r = new NodeRates();
    r.epochMs = epochMs;
    r.intervalSec = seconds;
    // user, nice, system, idle, iowait, irq, softirq, steal
    double busy = total - d[3] - d[4];
    r.machineCpuPct = pct(busy, total);
    r.iowaitPct = pct(d[4], total);
    r.stealPct = pct(d[7], total);
    if (process) {
      long ticks = b.processTicks - a.processTicks;
      long user = b.processUserTicks - a.processUserTicks;
      if (a.processTicks >= 0 && b.processTicks >= 0 && ticks >= 0 && user >= 0) {
        // the machine's ticks over the same time are elapsed x cores: the process's share of the whole machine
        r.cpuPct = Math.min(100, pct(ticks, total));
        r.userPct = Math.min(100, pct(user, total));
        r.systemPct = Math.min(100, pct(ticks - user, total));
      }
      if (b.processRssKb >= 0) {
        r.rssMb = b.processRssKb * 1024 / MB;
      }
      if (a.processReadBytes >= 0 && b.processReadBytes >= a.processReadBytes) {
        r.diskReadMbS = (b.processReadBytes - a.processReadBytes) / MB / seconds;
        r.diskWriteMbS = (b.processWriteBytes - a.processWriteBytes) / MB / seconds;
      }
    } else {
      r.cpuPct = r.machineCpuPct;
      r.userPct = pct(d[0] + d[1], total);
      r.systemPct = pct(d[2] + d[5] + d[6], total);
    }
    if (b.memTotalKb > 0 && b.memAvailableKb >= 0) {
      r.memTotalMb = b.memTotalKb * 1024 / MB;
      r.memUsedMb = (b.memTotalKb - b.memAvailableKb) * 1024 / MB;
    }
    r.load1 = b.load1;
    disks(a, b, seconds, r, process);
    network(a, b, seconds, r, loopback);
    return r;
  }

  private static void disks(ProcSnapshot a, ProcSnapshot b, double seconds, NodeRates r, boolean process) {
    double read = 0;
    double written = 0;
    double busiest = 0;
    boolean any = false;
    for (Map.Entry<String, long[]> e : b.disks.entrySet()) {
      long[] before = a.disks.get(e.getKey());
      if (before == null || e.getValue()[0] < before[0] || e.getValue()[2] < before[2]) {
        continue;
      }
      any = true;
      read += (e.getValue()[0] - before[0]) * (double) ProcSnapshot.SECTOR_BYTES;
      written += (e.getValue()[1] - before[1]) * (double) ProcSnapshot.SECTOR_BYTES;
      busiest = Math.max(busiest, (e.getValue()[2] - before[2]) / (seconds * 1000));
    }
    if (!any) {
      return;
    }
    r.diskBusyPct = Math.min(100, busiest * 100);
    if (!process || Double.isNaN(r.diskReadMbS)) {
      r.diskReadMbS = read / MB / seconds;
      r.diskWriteMbS = written / MB / seconds;
    }
  }

  private static void network(ProcSnapshot a, ProcSnapshot b, double seconds, NodeRates r, boolean loopback) {
    double rx = 0;
    double tx = 0;
    boolean any = false;
    for (Map.Entry<String, long[]> e : b.interfaces.entrySet()) {
      long[] before = a.interfaces.get(e.getKey());
      if (before == null || (!loopback && e.getKey().equals("lo")) || e.getValue()[0] < before[0]
          || e.getValue()[1] < before[1]) {
        continue;
      }
      any = true;
      rx += e.getValue()[0] - before[0];
      tx += e.getValue()[1] - before[1];
    }
    if (any) {
      r.netRxMbS = rx / MB / seconds;
      r.netTxMbS = tx / MB / seconds;
    }
  }

  private static double pct(double part, double whole) {
    return whole <= 0 ? Double.NaN : 100.0 * part / whole;
  }
}
