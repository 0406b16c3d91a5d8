package site.ycsb.fleet;

import java.util.ArrayList;
import java.util.List;

/**
 * The shell command a client runs over ssh for one phase: go to the YCSB directory, wait until the common start
 * instant (on the client's own clock, so the clocks must be synchronised, e.g. by NTP), say the process id, and
 * replace the shell with {@code bin/ycsb load|run <binding> ...} (exec keeps the id: the engine's JVM has it).
 */
final class RemoteCommand {
  /** The marker line a client prints on stderr before the engine starts: {@code YCSB-FLEET-PID <pid>}. */
  static final String PID_MARKER = "YCSB-FLEET-PID ";

  private RemoteCommand() {
  }

  /**
   * @param home the YCSB directory on the client (safe characters only, see {@link HostsParser})
   * @param startEpochMs the common start instant, epoch milliseconds
   * @param engineArgs {@code load|run <binding> [options...]}, each quoted for the remote shell here
   */
  static String build(String home, long startEpochMs, List<String> engineArgs) {
    List<String> ycsb = new ArrayList<>();
    ycsb.add("bin/ycsb");
    ycsb.addAll(engineArgs);
    return "cd " + ShellQuote.quote(home) + " && " + waitUntil(startEpochMs)
        + " echo \"" + PID_MARKER + "$$\" >&2 && exec " + ShellQuote.join(ycsb);
  }

  /**
   * Sleeps until the epoch millisecond {@code t} on the client's clock. {@code date +%s%N} (GNU coreutils,
   * busybox) gives nanoseconds; where it does not, whole seconds are used. A late start is reported, not hidden.
   */
  static String waitUntil(long t) {
    return "t=" + t + "; n=$(date +%s%N); case $n in *[!0-9]*|'') n=$(date +%s)000000000;; esac;"
        + " w=$((t - n / 1000000)); if [ \"$w\" -gt 0 ]; then sleep \"$((w / 1000)).$(printf %03d $((w % 1000)))\";"
        + " else echo \"fleet: this client started $((-w)) ms after the common start instant\" >&2; fi;";
  }

  /** A remote path relative to the login directory when written as {@code ~/x}; other paths unchanged. */
  static String homeRelative(String path) {
    if (path.equals("~")) {
      return ".";
    }
    return path.startsWith("~/") ? path.substring(2) : path;
  }
}
