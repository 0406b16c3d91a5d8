package site.ycsb.telemetry;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import site.ycsb.measurements.exporter.JsonText;
import site.ycsb.output.SummaryFields.NodeFigures;

/**
 * What one database node did during a phase: the mean and maximum of its samples that cover the measured window
 * (warm-up excluded), each weighted by the part of the window it covers; and the verdicts that name the node when it
 * was the limit. Written as one entry of summary.json's {@code databaseNodes.nodes}.
 *
 * <p>Immutable once built; thread-safe.
 */
public final class NodeSummary {
  /** CPU or disk busy at or above this percentage counts as saturated. */
  public static final double SATURATED_PCT = 90;
  /** Saturated for at least this share of the phase makes the node the limit. */
  public static final double LIMIT_SHARE = 0.5;
  /** A mean I/O wait at or above this percentage of the CPU time is named. */
  static final double IOWAIT_PCT = 20;
  /** A mean steal at or above this percentage (the hypervisor ran something else) is named. */
  static final double STEAL_PCT = 10;

  final NodeInfo node;
  final int samples;
  final Stat cpu;
  final Stat user;
  final Stat system;
  final Stat iowait;
  final Stat steal;
  final Stat machineCpu;
  final Stat load1;
  final Stat memUsed;
  final Stat rss;
  final Stat diskRead;
  final Stat diskWrite;
  final Stat diskBusy;
  final Stat netRx;
  final Stat netTx;
  final double memTotalMb;

  /** Mean (weighted by time), maximum, and the share of time at or above {@link #SATURATED_PCT}. */
  static final class Stat {
    double weighted;
    double weight;
    double max = Double.NaN;
    double saturatedWeight;
    double saturatedWeighted;

    void add(double v, double w) {
      if (Double.isNaN(v)) {
        return;
      }
      weighted += v * w;
      weight += w;
      max = Double.isNaN(max) ? v : Math.max(max, v);
      if (v >= SATURATED_PCT) {
        saturatedWeight += w;
        saturatedWeighted += v * w;
      }
    }

    double mean() {
      return weight > 0 ? weighted / weight : Double.NaN;
    }

    double saturatedShare() {
      return weight > 0 ? saturatedWeight / weight : Double.NaN;
    }

    /** The mean over the saturated samples only: "at 98% for 80% of the phase". */
    double saturatedMean() {
      return saturatedWeight > 0 ? saturatedWeighted / saturatedWeight : Double.NaN;
    }

    /** Adds the samples {@code later} summed (all taken after this one's). */
    void addAll(Stat later) {
      weighted += later.weighted;
      weight += later.weight;
      max = Double.isNaN(max) ? later.max : Double.isNaN(later.max) ? max : Math.max(max, later.max);
      saturatedWeight += later.saturatedWeight;
      saturatedWeighted += later.saturatedWeighted;
    }
  }

  /**
   * The weighted sums of a node's samples, in the order they were taken: a summary's figures, which need none of the
   * samples themselves once added (so a long run's samples can be summed as they come, see {@link NodeRecorder}).
   *
   * <p>Not thread-safe: owned by one summary or one recorder (which locks).
   */
  static final class Sums {
    int samples;
    final Stat cpu = new Stat();
    final Stat user = new Stat();
    final Stat system = new Stat();
    final Stat iowait = new Stat();
    final Stat steal = new Stat();
    final Stat machineCpu = new Stat();
    final Stat load1 = new Stat();
    final Stat memUsed = new Stat();
    final Stat rss = new Stat();
    final Stat diskRead = new Stat();
    final Stat diskWrite = new Stat();
    final Stat diskBusy = new Stat();
    final Stat netRx = new Stat();
    final Stat netTx = new Stat();
    /** The last sample's that gave it. */
    double memTotalMb = Double.NaN;

    /** One more sample, weighted by the seconds of the window it covers. */
    void add(NodeRates r, double w) {
      samples++;
      cpu.add(r.cpuPct, w);
      user.add(r.userPct, w);
      system.add(r.systemPct, w);
      iowait.add(r.iowaitPct, w);
      steal.add(r.stealPct, w);
      machineCpu.add(r.machineCpuPct, w);
      load1.add(r.load1, w);
      memUsed.add(r.memUsedMb, w);
      rss.add(r.rssMb, w);
      diskRead.add(r.diskReadMbS, w);
      diskWrite.add(r.diskWriteMbS, w);
      diskBusy.add(r.diskBusyPct, w);
      netRx.add(r.netRxMbS, w);
      netTx.add(r.netTxMbS, w);
      if (!Double.isNaN(r.memTotalMb)) {
        memTotalMb = r.memTotalMb;
      }
    }

    /** Adds the samples {@code later} summed (all taken after this one's). */
    void addAll(Sums later) {
      samples += later.samples;
      cpu.addAll(later.cpu);
      user.addAll(later.user);
      system.addAll(later.system);
      iowait.addAll(later.iowait);
      steal.addAll(later.steal);
      machineCpu.addAll(later.machineCpu);
      load1.addAll(later.load1);
      memUsed.addAll(later.memUsed);
      rss.addAll(later.rss);
      diskRead.addAll(later.diskRead);
      diskWrite.addAll(later.diskWrite);
      diskBusy.addAll(later.diskBusy);
      netRx.addAll(later.netRx);
      netTx.addAll(later.netTx);
      if (!Double.isNaN(later.memTotalMb)) {
        memTotalMb = later.memTotalMb;
      }
    }
  }

  /**
   * Summarises the rows of {@code node} that cover the window [startEpochMs, endEpochMs]: each row (a sample, covering
   * the interval since the one before) counts when at least half of it lies in the window, or when it covers at least
   * half of the window (a window shorter than the sampling interval), weighted by the time it shares with the window.
   */
  public static NodeSummary of(NodeInfo node, List<NodeRates> rows, long startEpochMs, long endEpochMs) {
    Sums sums = new Sums();
    addInWindow(sums, rows, startEpochMs, endEpochMs);
    return new NodeSummary(node, sums);
  }

  /**
   * As {@link #of(NodeInfo, List, long, long)} for a node whose samples are {@code before}, then {@code inside} (already
   * summed: they lie inside the window whatever its ends, see {@link NodeRecorder}), then {@code after}.
   */
  static NodeSummary of(NodeInfo node, List<NodeRates> before, Sums inside, List<NodeRates> after, long startEpochMs,
      long endEpochMs) {
    Sums sums = new Sums();
    addInWindow(sums, before, startEpochMs, endEpochMs);
    sums.addAll(inside);
    Sums rest = new Sums();
    addInWindow(rest, after, startEpochMs, endEpochMs);
    sums.addAll(rest);
    return new NodeSummary(node, sums);
  }

  private static void addInWindow(Sums sums, List<NodeRates> rows, long startEpochMs, long endEpochMs) {
    double window = Math.max(0, endEpochMs - startEpochMs);
    for (NodeRates r : rows) {
      double length = length(r);
      double shared = Math.min(r.epochMs, endEpochMs) - Math.max(r.epochMs - length, startEpochMs);
      if (length == 0 ? r.epochMs >= startEpochMs && r.epochMs <= endEpochMs
          : shared > 0 && shared >= Math.min(length, window) / 2) {
        sums.add(r, length == 0 ? 1 : shared / 1000); // a row without its interval: a point, weighted as one second
      }
    }
  }

  /** The time a row covers, ms (0: unknown, the row is a point). */
  static double length(NodeRates r) {
    return Double.isNaN(r.intervalSec) || r.intervalSec <= 0 ? 0 : r.intervalSec * 1000;
  }

  /**
   * The weight a row has in any window that holds it whole (starts at or before {@code r.epochMs - length}, ends at
   * or after {@code r.epochMs}): what {@link #of} gives it, computed the same way.
   */
  static double weightInside(NodeRates r) {
    double length = length(r);
    return length == 0 ? 1 : (r.epochMs - (r.epochMs - length)) / 1000;
  }

  private NodeSummary(NodeInfo node, Sums s) {
    this.node = node;
    this.samples = s.samples;
    this.cpu = s.cpu;
    this.user = s.user;
    this.system = s.system;
    this.iowait = s.iowait;
    this.steal = s.steal;
    this.machineCpu = s.machineCpu;
    this.load1 = s.load1;
    this.memUsed = s.memUsed;
    this.rss = s.rss;
    this.diskRead = s.diskRead;
    this.diskWrite = s.diskWrite;
    this.diskBusy = s.diskBusy;
    this.netRx = s.netRx;
    this.netTx = s.netTx;
    this.memTotalMb = s.memTotalMb;
  }

  /** The node's mean CPU over the phase, percent; NaN without samples. */
  public double cpuMeanPct() {
    return cpu.mean();
  }

  /**
   * The lines that name the node when it was the limit of the phase (its CPU or its disk saturated for at least
   * {@link #LIMIT_SHARE} of it), or when its figures are distorted (I/O wait, steal); for a local server, whose
   * machine the client shares, its machine's saturation. Empty when the node had room.
   */
  public List<String> verdicts() {
    List<String> out = new ArrayList<>();
    String who = (node.local ? "local database node " : "database node ") + node.name;
    if (samples == 0) {
      return out;
    }
    if (!node.local && cpu.saturatedShare() >= LIMIT_SHARE) {
      out.add(String.format(Locale.ROOT, "%s at %.0f%% CPU (at least %.0f%%) for %.0f%% of the phase (mean %.0f%%): "
          + "its CPU was the limit of this run, not the client", who, cpu.saturatedMean(), SATURATED_PCT,
          100 * cpu.saturatedShare(), cpu.mean()));
    }
    if (node.local && machineCpu.saturatedShare() >= LIMIT_SHARE) {
      out.add(String.format(Locale.ROOT, "%s: its machine, shared with the client, was at %.0f%% CPU or more for %.0f%%"
          + " of the phase (mean %.0f%%; the server's own process %.0f%%): the figures measure the shared machine, "
          + "not the database alone", who, SATURATED_PCT, 100 * machineCpu.saturatedShare(), machineCpu.mean(),
          cpu.mean()));
    }
    if (diskBusy.saturatedShare() >= LIMIT_SHARE) {
      out.add(String.format(Locale.ROOT, "%s: disk busy %.0f%% (at least %.0f%%) for %.0f%% of the phase: its disk was"
          + " the limit of this run", who, diskBusy.saturatedMean(), SATURATED_PCT, 100 * diskBusy.saturatedShare()));
    }
    if (iowait.mean() >= IOWAIT_PCT) {
      out.add(String.format(Locale.ROOT, "%s: its CPUs waited for I/O %.0f%% of the time (mean): the disks held it "
          + "back", who, iowait.mean()));
    }
    if (steal.mean() >= STEAL_PCT) {
      out.add(String.format(Locale.ROOT, "%s: %.0f%% of its CPU time was stolen by the hypervisor (mean): the virtual "
          + "machine did not get the CPUs it has", who, steal.mean()));
    }
    return out;
  }

  /** The entry of summary.json's {@code databaseNodes.nodes}. */
  String json() {
    StringBuilder j = new StringBuilder("{");
    field(j, NodeFigures.NODE, JsonText.quote(node.name));
    field(j, NodeFigures.SOURCE, JsonText.quote(node.source));
    field(j, NodeFigures.LOCAL, Boolean.toString(node.local));
    field(j, NodeFigures.CORES, Integer.toString(node.cores));
    field(j, NodeFigures.FILE, JsonText.quote(NodeCsv.fileName(node.name)));
    field(j, NodeFigures.SAMPLES, Integer.toString(samples));
    stat(j, NodeFigures.CPU_MEAN_PCT, NodeFigures.CPU_MAX_PCT, NodeFigures.CPU_SATURATED_SHARE, cpu);
    stat(j, NodeFigures.USER_MEAN_PCT, NodeFigures.USER_MAX_PCT, null, user);
    stat(j, NodeFigures.SYSTEM_MEAN_PCT, NodeFigures.SYSTEM_MAX_PCT, null, system);
    stat(j, NodeFigures.IOWAIT_MEAN_PCT, NodeFigures.IOWAIT_MAX_PCT, null, iowait);
    stat(j, NodeFigures.STEAL_MEAN_PCT, NodeFigures.STEAL_MAX_PCT, null, steal);
    stat(j, NodeFigures.MACHINE_CPU_MEAN_PCT, NodeFigures.MACHINE_CPU_MAX_PCT, NodeFigures.MACHINE_CPU_SATURATED_SHARE,
        machineCpu);
    number(j, NodeFigures.LOAD1_MAX, load1.max);
    number(j, NodeFigures.MEM_USED_MAX_MB, memUsed.max);
    number(j, NodeFigures.MEM_TOTAL_MB, memTotalMb);
    number(j, NodeFigures.RSS_MAX_MB, rss.max);
    stat(j, NodeFigures.DISK_READ_MEAN_MB_S, NodeFigures.DISK_READ_MAX_MB_S, null, diskRead);
    stat(j, NodeFigures.DISK_WRITE_MEAN_MB_S, NodeFigures.DISK_WRITE_MAX_MB_S, null, diskWrite);
    stat(j, NodeFigures.DISK_BUSY_MEAN_PCT, NodeFigures.DISK_BUSY_MAX_PCT, NodeFigures.DISK_BUSY_SATURATED_SHARE,
        diskBusy);
    stat(j, NodeFigures.NET_RX_MEAN_MB_S, NodeFigures.NET_RX_MAX_MB_S, null, netRx);
    stat(j, NodeFigures.NET_TX_MEAN_MB_S, NodeFigures.NET_TX_MAX_MB_S, null, netTx);
    StringBuilder problems = new StringBuilder("[");
    for (String p : node.problems()) {
      problems.append(problems.length() > 1 ? ", " : "").append(JsonText.quote(p));
    }
    field(j, NodeFigures.PROBLEMS, problems.append(']').toString());
    return j.append('}').toString();
  }

  /** The mean and maximum of {@code s}, and its saturated share when {@code saturatedShare} names one. */
  private static void stat(StringBuilder j, String mean, String max, String saturatedShare, Stat s) {
    number(j, mean, s.mean());
    number(j, max, s.max);
    if (saturatedShare != null) {
      number(j, saturatedShare, s.saturatedShare());
    }
  }

  private static void number(StringBuilder j, String name, double v) {
    if (!Double.isNaN(v) && !Double.isInfinite(v)) {
      field(j, name, JsonText.number(Math.round(v * 1000) / 1000.0));
    }
  }

  private static void field(StringBuilder j, String name, String json) {
    j.append(j.length() > 1 ? ", " : "").append(JsonText.quote(name)).append(": ").append(json);
  }
}
