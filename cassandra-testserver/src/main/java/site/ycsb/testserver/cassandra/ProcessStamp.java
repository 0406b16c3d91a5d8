package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * A process named by its pid and its start time (clock ticks after boot, from /proc), so that a recycled pid is never
 * taken for the process that once had it. Immutable; written as {@code PID.START}.
 */
final class ProcessStamp {
  final long pid;
  final long startTicks;

  ProcessStamp(long pid, long startTicks) {
    if (pid <= 0 || startTicks < 0) {
      throw new IllegalArgumentException("not a process stamp: pid " + pid + ", start " + startTicks);
    }
    this.pid = pid;
    this.startTicks = startTicks;
  }

  /** The live process {@code pid}, or null when there is none (or it is a zombie). */
  static ProcessStamp of(long pid) {
    long start = startTicks(pid);
    return start < 0 ? null : new ProcessStamp(pid, start);
  }

  /** This JVM. */
  static ProcessStamp current() {
    String name = ManagementFactory.getRuntimeMXBean().getName();
    ProcessStamp self = of(Long.parseLong(name.substring(0, name.indexOf('@'))));
    if (self == null) {
      throw new TestServerException("cannot read this JVM's own entry in /proc");
    }
    return self;
  }

  /** True while this very process lives: same pid, same start time, not a zombie. */
  boolean isAlive() {
    return startTicks(pid) == startTicks;
  }

  /** Parses {@code PID.START}. */
  static ProcessStamp parse(String text) {
    int dot = text.indexOf('.');
    try {
      if (dot > 0) {
        return new ProcessStamp(Long.parseLong(text.substring(0, dot)), Long.parseLong(text.substring(dot + 1)));
      }
    } catch (IllegalArgumentException e) {
      // reported below, with the text
    }
    throw new IllegalArgumentException("not a process stamp (PID.START): '" + text + "'");
  }

  /** Field 22 of /proc/PID/stat, or -1 when there is no such live process. */
  private static long startTicks(long pid) {
    String text;
    try {
      text = new String(Files.readAllBytes(Paths.get("/proc", Long.toString(pid), "stat")), StandardCharsets.US_ASCII);
    } catch (IOException e) {
      return -1;
    }
    // The command name (field 2) may hold blanks and parentheses: count fields from after the last ')'.
    int close = text.lastIndexOf(')');
    String[] fields = close < 0 ? new String[0] : text.substring(close + 1).trim().split("\\s+");
    if (fields.length < 20 || "ZX".contains(fields[0])) {
      return -1;
    }
    try {
      return Long.parseLong(fields[19]);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ProcessStamp && ((ProcessStamp) o).pid == pid && ((ProcessStamp) o).startTicks == startTicks;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(pid * 31 + startTicks);
  }

  @Override
  public String toString() {
    return pid + "." + startTicks;
  }
}
