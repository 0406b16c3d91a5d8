package site.ycsb.testserver.cassandra;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The CLI's slow node: a duty cycle ({@link DutyCycle}) run by a small JVM of its own ({@link DutyCycleMain}) that
 * outlives the command, and that records itself in {@code DIR/node<i>/slow.properties}. That JVM thaws the node
 * whenever it ends (SIGTERM, SIGINT, SIGHUP, or the node gone). If it is killed with SIGKILL, the next status,
 * fault or stop command of the CLI finds a record with no live process behind it, thaws the node (when it is still
 * the node the record names) and drops the record.
 *
 * <p>Immutable.
 */
final class SlowNodeProcess {
  static final String RECORD = "slow.properties";
  private static final long START_TIMEOUT_MILLIS = 60_000;
  private static final long END_TIMEOUT_MILLIS = 30_000;

  final ProcessStamp cycler;
  final ProcessStamp node;
  final long frozenMillis;
  final long periodMillis;

  private SlowNodeProcess(ProcessStamp cycler, ProcessStamp node, long frozenMillis, long periodMillis) {
    this.cycler = cycler;
    this.node = node;
    this.frozenMillis = frozenMillis;
    this.periodMillis = periodMillis;
  }

  static Path recordFile(ClusterLayout layout, int index) {
    return layout.nodeDir(index).resolve(RECORD);
  }

  /** Written by the background JVM itself once it runs: the CLI cannot learn a child's pid on Java 8. */
  static void writeRecord(Path file, ProcessStamp cycler, DutyCycle cycle) {
    Properties p = new Properties();
    p.setProperty("cycler", cycler.toString());
    p.setProperty("node", cycle.target.toString());
    p.setProperty("frozen_ms", Long.toString(cycle.frozenMillis));
    p.setProperty("period_ms", Long.toString(cycle.periodMillis));
    StateFile.write(file, p, "Slow node duty cycle run by " + DutyCycleMain.class.getName());
  }

  /** The record in {@code file}, or null when there is none or it cannot be read (then it names nothing alive). */
  static SlowNodeProcess readRecord(Path file) {
    try {
      Properties p = StateFile.read(file);
      return p == null ? null : new SlowNodeProcess(ProcessStamp.parse(p.getProperty("cycler", "")),
          ProcessStamp.parse(p.getProperty("node", "")), Long.parseLong(p.getProperty("frozen_ms", "").trim()),
          Long.parseLong(p.getProperty("period_ms", "").trim()));
    } catch (IllegalArgumentException | TestServerException e) {
      return null;
    }
  }

  /**
   * Starts the background cycle on node {@code index} (whose process is {@code node}) and returns once it runs.
   *
   * @throws TestServerException when it does not run within 60 s, with the last lines of its log
   */
  static SlowNodeProcess start(ClusterLayout layout, int index, ProcessStamp node, long frozenMillis,
                               long periodMillis) {
    Path record = recordFile(layout, index);
    Path log = layout.nodeDir(index).resolve("logs").resolve("slow.log");
    Process process;
    try {
      Files.deleteIfExists(record);
      Files.createDirectories(log.getParent());
      process = new ProcessBuilder(command(record, node, frozenMillis, periodMillis))
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    } catch (IOException e) {
      throw new TestServerException("cannot start the slow-node process: " + e.getMessage(), e);
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
    while (true) {
      SlowNodeProcess running = readRecord(record);
      if (running != null && running.node.equals(node) && running.cycler.isAlive()) {
        return running;
      }
      if (!process.isAlive()) {
        throw new TestServerException("the slow-node process exited with code " + process.exitValue()
            + LogTail.describe(log, 10));
      }
      if (System.nanoTime() > deadline) {
        process.destroyForcibly();
        throw new TestServerException("the slow-node process did not start within " + START_TIMEOUT_MILLIS / 1000
            + " s" + LogTail.describe(log, 10));
      }
      sleep(50);
    }
  }

  private static List<String> command(Path record, ProcessStamp node, long frozenMillis, long periodMillis) {
    List<String> cmd = new ArrayList<>();
    if (Signals.onPath("setsid")) {
      cmd.add("setsid"); // not hit by the signals of the terminal the CLI ran in
    }
    cmd.addAll(Arrays.asList(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx32m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", ServerProcess.ownClasspath().toString(),
        DutyCycleMain.class.getName(), record.toString(), node.toString(), Long.toString(frozenMillis),
        Long.toString(periodMillis)));
    return cmd;
  }

  /**
   * The running cycle of node {@code index}, or null. A record whose process is gone is dropped here, and the node it
   * names, if it still runs, is thawed: the cycle may have died while the node was frozen.
   */
  static SlowNodeProcess current(ClusterLayout layout, int index) {
    Path file = recordFile(layout, index);
    SlowNodeProcess slow = readRecord(file);
    if (slow != null && slow.cycler.isAlive()) {
      return slow;
    }
    if (slow != null && slow.node.isAlive()) {
      Signals.continueAndWait(slow.node.pid, TimeUnit.SECONDS.toMillis(ServerProcess.SIGNAL_WAIT_SECONDS));
    }
    deleteQuietly(file);
    return null;
  }

  /**
   * Ends node {@code index}'s cycle, if any (SIGTERM, SIGKILL after 30 s), and leaves the node it named running.
   *
   * @return true when a cycle was running
   */
  static boolean end(ClusterLayout layout, int index) {
    Path file = recordFile(layout, index);
    SlowNodeProcess slow = readRecord(file);
    if (slow == null) {
      deleteQuietly(file);
      return false;
    }
    boolean running = slow.cycler.isAlive();
    if (running) {
      signalQuietly("TERM", slow.cycler);
      if (!awaitEnd(slow.cycler, END_TIMEOUT_MILLIS)) {
        signalQuietly("KILL", slow.cycler);
        awaitEnd(slow.cycler, END_TIMEOUT_MILLIS);
      }
    }
    if (slow.node.isAlive()) {
      Signals.continueAndWait(slow.node.pid, TimeUnit.SECONDS.toMillis(ServerProcess.SIGNAL_WAIT_SECONDS));
    }
    deleteQuietly(file);
    return running;
  }

  private static void signalQuietly(String signal, ProcessStamp process) {
    if (process.isAlive()) {
      try {
        Signals.send(signal, process.pid);
      } catch (TestServerException e) {
        // it ended meanwhile
      }
    }
  }

  private static boolean awaitEnd(ProcessStamp process, long millis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    while (process.isAlive()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      sleep(20);
    }
    return true;
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a record that names no live process is ignored when read
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestServerException("interrupted while waiting for the slow-node process");
    }
  }

  @Override
  public String toString() {
    return "slow (frozen " + frozenMillis + " ms of every " + periodMillis + " ms, background pid " + cycler.pid + ")";
  }
}
