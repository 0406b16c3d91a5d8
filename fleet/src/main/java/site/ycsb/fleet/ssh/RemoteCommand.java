package site.ycsb.fleet.ssh;

import java.util.ArrayList;
import java.util.List;

import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineOptions;

/**
 * The shell command a client runs over ssh for one phase: go to the YCSB directory, say the process id, and
 * replace the shell with {@code bin/ycsb load|run <binding> ... -p start.epochms=<instant>} (exec keeps the id:
 * the engine's JVM has it). The engine starts at once, initialises its binding, and opens its schedule at the
 * common instant on the client's own clock (so the clocks must be synchronised, e.g. by NTP): JVM and driver
 * start-up, which differ between clients, happen before the instant instead of after it.
 */
public final class RemoteCommand {
  /** The marker line a client prints on stderr before the engine starts: {@code YCSB-FLEET-PID <pid>}. */
  public static final String PID_MARKER = "YCSB-FLEET-PID ";

  private RemoteCommand() {
  }

  /**
   * @param home the YCSB directory on the client (safe characters only, see {@link HostsParser})
   * @param startEpochMs the common start instant, epoch milliseconds
   * @param engineArgs {@code load|run <binding> [options...]}, each quoted for the remote shell here
   */
  public static String build(String home, long startEpochMs, List<String> engineArgs) {
    List<String> ycsb = new ArrayList<>();
    ycsb.add("bin/ycsb");
    ycsb.addAll(engineArgs);
    ycsb.addAll(EngineCommandLine.set(EngineOptions.START_EPOCH_MS, startEpochMs));
    return "cd " + ShellQuote.quote(home) + " && echo \"" + PID_MARKER + "$$\" >&2 && exec " + ShellQuote.join(ycsb);
  }

  /** A remote path relative to the login directory when written as {@code ~/x}; other paths unchanged. */
  public static String homeRelative(String path) {
    if (path.equals("~")) {
      return ".";
    }
    return path.startsWith("~/") ? path.substring(2) : path;
  }
}
