package site.ycsb.telemetry;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The counters of one Linux machine (and, for a local server, of its process) at one instant, as {@code /proc} shows
 * them: {@code /proc/uptime}, {@code /proc/stat}, {@code /proc/loadavg}, {@code /proc/meminfo},
 * {@code /proc/diskstats}, {@code /proc/net/dev} and {@code /proc/<pid>/stat}, {@code status}, {@code io}. Two
 * snapshots give the rates of a sample ({@link NodeRates#between}). Each {@code parse*} method takes the text of one
 * file, so that the same code reads a local file and a remote node's output.
 *
 * <p>Not thread-safe: filled by one thread, then only read.
 */
public final class ProcSnapshot {
  /** Bytes per sector in {@code /proc/diskstats}, whatever the device's own sector size. */
  static final int SECTOR_BYTES = 512;

  /** Seconds since boot ({@code /proc/uptime}); NaN when unknown. */
  double uptimeSec = Double.NaN;
  /** The aggregate {@code cpu} line: user, nice, system, idle, iowait, irq, softirq, steal (clock ticks). */
  long[] cpu;
  /** {@code cpuN} lines: the machine's online cores. */
  int cores;
  double load1 = Double.NaN;
  long memTotalKb = -1;
  long memAvailableKb = -1;
  /** Whole disks (no partitions, loop, RAM or device-mapper devices): sectors read, written, ms busy. */
  final Map<String, long[]> disks = new LinkedHashMap<>();
  /** Bytes received and sent per interface. */
  final Map<String, long[]> interfaces = new LinkedHashMap<>();
  /** The server process (local servers only): utime + stime (clock ticks), RSS, bytes read and written from storage. */
  long processTicks = -1;
  long processUserTicks = -1;
  long processRssKb = -1;
  long processReadBytes = -1;
  long processWriteBytes = -1;

  /** Whether the machine's CPU counters were read: without them no sample can be computed. */
  boolean complete() {
    return cpu != null && !Double.isNaN(uptimeSec);
  }

  void parseUptime(String text) {
    String[] f = text.trim().split("\\s+");
    if (f.length >= 1 && !f[0].isEmpty()) {
      uptimeSec = Double.parseDouble(f[0]);
    }
  }

  void parseStat(String text) {
    int n = 0;
    for (String line : text.split("\n")) {
      if (line.startsWith("cpu ")) {
        String[] f = line.trim().split("\\s+");
        long[] c = new long[8];
        for (int i = 0; i < c.length && i + 1 < f.length; i++) {
          c[i] = Long.parseLong(f[i + 1]);
        }
        cpu = c;
      } else if (line.startsWith("cpu")) {
        n++;
      }
    }
    cores = n;
  }

  void parseLoadavg(String text) {
    String[] f = text.trim().split("\\s+");
    if (f.length >= 1 && !f[0].isEmpty()) {
      load1 = Double.parseDouble(f[0]);
    }
  }

  void parseMeminfo(String text) {
    for (String line : text.split("\n")) {
      if (line.startsWith("MemTotal:")) {
        memTotalKb = kb(line);
      } else if (line.startsWith("MemAvailable:")) {
        memAvailableKb = kb(line);
      }
    }
  }

  private static long kb(String line) {
    String[] f = line.trim().split("\\s+");
    return f.length >= 2 ? Long.parseLong(f[1]) : -1;
  }

  void parseDiskstats(String text) {
    Map<String, long[]> all = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 14) {
        continue;
      }
      // fields after the name: reads, merged, sectors read, ms, writes, merged, sectors written, ms, in flight,
      // ms doing I/O (busy), ...
      all.put(f[2], new long[] {Long.parseLong(f[5]), Long.parseLong(f[9]), Long.parseLong(f[12])});
    }
    for (Map.Entry<String, long[]> d : all.entrySet()) {
      if (isWholeDisk(d.getKey(), all.keySet())) {
        disks.put(d.getKey(), d.getValue());
      }
    }
  }

  /**
   * A physical disk: not a partition of another listed device (sda1 of sda, nvme0n1p1 of nvme0n1), not a loop, RAM,
   * zram, floppy or optical device, and not a device-mapper or software-RAID device built on disks already counted.
   */
  static boolean isWholeDisk(String name, java.util.Set<String> all) {
    if (name.matches("(loop|ram|zram|fd|sr|dm-|md).*")) {
      return false;
    }
    for (String other : all) {
      if (!other.equals(name) && name.startsWith(other) && name.substring(other.length()).matches("p?\\d+")) {
        return false;
      }
    }
    return true;
  }

  void parseNetDev(String text) {
    for (String line : text.split("\n")) {
      int colon = line.indexOf(':');
      if (colon < 0 || line.contains("|")) {
        continue;
      }
      String name = line.substring(0, colon).trim();
      String[] f = line.substring(colon + 1).trim().split("\\s+");
      if (f.length >= 9) {
        interfaces.put(name, new long[] {Long.parseLong(f[0]), Long.parseLong(f[8])});
      }
    }
  }

  /** {@code /proc/<pid>/stat}: utime and stime follow the command name, which may hold blanks and parentheses. */
  void parseProcessStat(String text) {
    int close = text.lastIndexOf(')');
    if (close < 0) {
      return;
    }
    String[] f = text.substring(close + 1).trim().split("\\s+");
    // after ")": state(0) ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime(11) stime(12)
    if (f.length > 12) {
      processUserTicks = Long.parseLong(f[11]);
      processTicks = processUserTicks + Long.parseLong(f[12]);
    }
  }

  void parseProcessStatus(String text) {
    for (String line : text.split("\n")) {
      if (line.startsWith("VmRSS:")) {
        processRssKb = kb(line);
      }
    }
  }

  void parseProcessIo(String text) {
    for (String line : text.split("\n")) {
      if (line.startsWith("read_bytes:")) {
        processReadBytes = Long.parseLong(line.substring("read_bytes:".length()).trim());
      } else if (line.startsWith("write_bytes:")) {
        processWriteBytes = Long.parseLong(line.substring("write_bytes:".length()).trim());
      }
    }
  }

  /** Parses one {@code /proc} file by its path; unknown paths are ignored. */
  void parse(String path, String text) {
    switch (path) {
      case "/proc/uptime":
        parseUptime(text);
        break;
      case "/proc/stat":
        parseStat(text);
        break;
      case "/proc/loadavg":
        parseLoadavg(text);
        break;
      case "/proc/meminfo":
        parseMeminfo(text);
        break;
      case "/proc/diskstats":
        parseDiskstats(text);
        break;
      case "/proc/net/dev":
        parseNetDev(text);
        break;
      default:
        if (path.endsWith("/stat")) {
          parseProcessStat(text);
        } else if (path.endsWith("/status")) {
          parseProcessStatus(text);
        } else if (path.endsWith("/io")) {
          parseProcessIo(text);
        }
    }
  }
}
