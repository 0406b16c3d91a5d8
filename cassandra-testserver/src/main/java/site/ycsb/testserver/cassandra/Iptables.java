package site.ycsb.testserver.cassandra;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the iptables command on the INPUT chain, each call with a deadline; concurrent callers (other JVMs) are
 * serialised by iptables' own lock, which is waited for a bounded time.
 */
final class Iptables {
  private static final long TIMEOUT_MILLIS = 30_000;
  private static final String LOCK_WAIT_SECONDS = "10";
  private static final String NOT_CHECKED = "";
  private static String unavailable = NOT_CHECKED;

  private Iptables() {
  }

  /**
   * Why iptables rules cannot be added here (not Linux, not root, no iptables command, or iptables fails), or null
   * when they can. Checked once per JVM.
   */
  static synchronized String unavailableReason() {
    if (NOT_CHECKED.equals(unavailable)) {
      unavailable = check();
    }
    return unavailable;
  }

  private static String check() {
    if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
      return "network faults need Linux iptables; this is " + System.getProperty("os.name");
    }
    long uid = effectiveUid();
    if (uid != 0) {
      return "network faults need root for iptables; this runs as uid " + (uid < 0 ? "unknown" : uid);
    }
    if (command() == null) {
      return "network faults need the iptables command (Debian: apt-get install iptables)";
    }
    try {
      run("-S", "INPUT");
      return null;
    } catch (TestServerException e) {
      return "network faults need a working iptables: " + LocalCassandra.firstLine(e.getMessage());
    }
  }

  /** The lines of {@code iptables -S INPUT}. */
  static List<String> listInput() {
    return run("-S", "INPUT");
  }

  /** Inserts a rule at the head of INPUT, ahead of any rule that would accept the packets. */
  static void insert(List<String> spec) {
    List<String> args = new ArrayList<>(Arrays.asList("-I", "INPUT"));
    args.addAll(spec);
    run(args.toArray(new String[0]));
  }

  /**
   * Deletes a rule, named by its words as {@code iptables -S} prints them; one that is already gone (another process
   * swept it meanwhile) is no error.
   */
  static void delete(List<String> spec) {
    List<String> args = new ArrayList<>(Arrays.asList("-D", "INPUT"));
    args.addAll(spec);
    try {
      run(args.toArray(new String[0]));
    } catch (TestServerException e) {
      for (String line : listInput()) {
        List<String> words = FaultRule.words(line);
        if (words.size() > 2 && words.subList(2, words.size()).equals(spec)) {
          throw e;
        }
      }
    }
  }

  private static List<String> run(String... args) {
    String command = command();
    if (command == null) {
      throw new TestServerException("no iptables command on PATH, in /usr/sbin or /sbin");
    }
    List<String> cmd = new ArrayList<>(Arrays.asList(command, "-w", LOCK_WAIT_SECONDS));
    cmd.addAll(Arrays.asList(args));
    Path output = null;
    try {
      // Output to a file, not a pipe: a read from a pipe could block past the deadline.
      output = Files.createTempFile("ycsb-iptables", ".out");
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile()).start();
      if (!p.waitFor(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new TestServerException(String.join(" ", cmd) + " did not finish within " + TIMEOUT_MILLIS / 1000
            + " s");
      }
      List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new TestServerException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "): "
            + (lines.isEmpty() ? "no message" : String.join(" ", lines)));
      }
      return lines;
    } catch (IOException e) {
      throw new TestServerException("cannot run " + command + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestServerException("interrupted while running " + String.join(" ", cmd));
    } finally {
      if (output != null) {
        output.toFile().delete();
      }
    }
  }

  /** The iptables executable: on PATH, else where Debian puts it (root's PATH has sbin, a service's may not). */
  private static String command() {
    List<String> dirs = new ArrayList<>();
    String path = System.getenv("PATH");
    if (path != null) {
      dirs.addAll(Arrays.asList(path.split(File.pathSeparator)));
    }
    dirs.addAll(Arrays.asList("/usr/sbin", "/sbin"));
    for (String dir : dirs) {
      if (!dir.isEmpty() && Files.isExecutable(Paths.get(dir, "iptables"))) {
        return Paths.get(dir, "iptables").toString();
      }
    }
    return null;
  }

  /** The effective uid from /proc/self/status, or -1 when it cannot be read. */
  private static long effectiveUid() {
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.US_ASCII)) {
        if (line.startsWith("Uid:")) {
          return Long.parseLong(line.substring(4).trim().split("\\s+")[1]);
        }
      }
    } catch (IOException | RuntimeException e) {
      // reported as unknown
    }
    return -1;
  }
}
