package site.ycsb.telemetry;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads this machine's {@code /proc} files into {@link ProcSnapshot}s: the machine's once per tick, then each local
 * server's process files. One buffer is reused, so a sample allocates little more than the strings it parses.
 *
 * <p>Not thread-safe: one per sampling thread.
 */
final class LocalProc {
  static final String[] MACHINE_FILES = {"/proc/uptime", "/proc/loadavg", "/proc/stat", "/proc/meminfo",
      "/proc/diskstats", "/proc/net/dev"};
  private final byte[] buffer = new byte[256 * 1024];

  /** Whether this machine has the {@code /proc} files a sample needs (Linux). */
  static boolean available() {
    return new java.io.File("/proc/stat").canRead() && new java.io.File("/proc/uptime").canRead();
  }

  /** The machine's counters now; files that cannot be read are left out (their figures stay unknown). */
  ProcSnapshot machine() {
    ProcSnapshot s = new ProcSnapshot();
    for (String f : MACHINE_FILES) {
      String text = read(f);
      if (text != null) {
        s.parse(f, text);
      }
    }
    return s;
  }

  /**
   * The machine's counters with a process's added; false when the process is gone. Its io file may be unreadable
   * (another user's process when this one is not root): its disk bytes are then the machine's.
   */
  boolean addProcess(ProcSnapshot s, long pid) {
    String stat = read("/proc/" + pid + "/stat");
    if (stat == null) {
      return false;
    }
    s.parseProcessStat(stat);
    String status = read("/proc/" + pid + "/status");
    if (status != null) {
      s.parseProcessStatus(status);
    }
    String io = read("/proc/" + pid + "/io");
    if (io != null) {
      s.parseProcessIo(io);
    }
    return true;
  }

  /** A copy of the machine's counters, for one more process on it. */
  static ProcSnapshot copyMachine(ProcSnapshot m) {
    ProcSnapshot s = new ProcSnapshot();
    s.uptimeSec = m.uptimeSec;
    s.cpu = m.cpu;
    s.cores = m.cores;
    s.load1 = m.load1;
    s.memTotalKb = m.memTotalKb;
    s.memAvailableKb = m.memAvailableKb;
    s.disks.putAll(m.disks);
    s.interfaces.putAll(m.interfaces);
    return s;
  }

  /** The whole file, or null when it cannot be read (gone, not allowed). */
  String read(String path) {
    try (FileInputStream in = new FileInputStream(path)) {
      int n = 0;
      int r;
      while (n < buffer.length && (r = in.read(buffer, n, buffer.length - n)) > 0) {
        n += r;
      }
      return new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
