package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;

/**
 * Ctrl-C and SIGTERM against a real client process: the results of what was measured are printed and written,
 * marked interrupted, with the signal's conventional exit code; a second signal exits at once.
 */
public class InterruptTest {
  @TempDir
  Path dir;

  /** Every client a test started: ended after the test whatever happened (a failed assertion, a skipped SIGINT). */
  private final List<Client> started = new ArrayList<>();

  @org.junit.jupiter.api.AfterEach
  void endClients() {
    for (Client c : started) {
      c.process.close();
    }
  }

  private Client client(Path workDir, String... args) throws IOException {
    Client c = new Client(workDir, args);
    started.add(c);
    return c;
  }

  /** A client process, its output captured (see {@link ChildProcess}). */
  private static final class Client {
    private final ChildProcess process;

    Client(Path dir, String... args) throws IOException {
      process = ChildProcess.java(System.getProperty("java.class.path"), "site.ycsb.Client", Arrays.asList(args))
          .directory(dir).start();
    }

    void awaitErr(String text) throws InterruptedException {
      process.awaitOutput(text, 60, TimeUnit.SECONDS);
    }

    /**
     * Waits for the status line of second {@code n} or a later one: on a loaded machine the OS can stop the client
     * for seconds, and the status lines of the seconds it missed are not printed.
     */
    void awaitStatusAtLeast(int n) throws InterruptedException {
      java.util.regex.Pattern status = java.util.regex.Pattern.compile(".* (\\d+) sec: .*");
      process.awaitLine(line -> {
        java.util.regex.Matcher m = status.matcher(line);
        return m.matches() && Integer.parseInt(m.group(1)) >= n;
      }, "a status line of second " + n + " or later", 60, TimeUnit.SECONDS);
    }

    void signal(String name) throws IOException, InterruptedException {
      // A test JVM started in the background by a non-interactive shell has SIGINT ignored (POSIX), and so has every
      // child; the client then rightly never sees Ctrl-C (see README, exit codes). Nothing to test there.
      org.junit.jupiter.api.Assumptions.assumeFalse("INT".equals(name) && sigintIgnoredHere(),
          "SIGINT is ignored in this test JVM (started in the background), so its children cannot receive it");
      process.signal(name);
    }

    String stdout() {
      return process.outputSoFar();
    }

    String stderr() {
      return process.errorsSoFar();
    }

    int awaitExit(long seconds) throws InterruptedException {
      return process.finish(seconds).exitCode;
    }
  }

  /** Whether SIGINT is ignored in this JVM (and so in its children), from /proc/self/status (Linux). */
  static boolean sigintIgnoredHere() {
    return signalIgnoredHere("INT");
  }

  /**
   * Whether the signal (HUP, INT or TERM) is ignored in this JVM and so in its children, from /proc/self/status
   * (Linux): a test JVM started in the background ignores SIGINT, one started under nohup SIGHUP, and a JVM started
   * with a signal ignored keeps ignoring it, as the user who chose so expects.
   */
  public static boolean signalIgnoredHere(String name) {
    int number = "HUP".equals(name) ? 1 : "INT".equals(name) ? 2 : "TERM".equals(name) ? 15 : 0;
    if (number == 0) {
      return false;
    }
    try {
      for (String line : Files.readAllLines(java.nio.file.Paths.get("/proc/self/status"), StandardCharsets.UTF_8)) {
        if (line.startsWith("SigIgn:")) {
          return (Long.parseLong(line.substring(7).trim(), 16) & (1L << (number - 1))) != 0;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: assume signals as usual
    }
    return false;
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private String[] longRun(Path results, String... extra) {
    List<String> args = new ArrayList<>(Arrays.asList("-t", "-db", "site.ycsb.BasicDB", "-p",
        "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=1000", "-p", "operationcount=100000000",
        "-p", "basicdb.verbose=false", "-threads", "4", "-target", "2000", "-s", "-p", "status.interval=1",
        "-p", "results.dir=" + results));
    args.addAll(Arrays.asList(extra));
    return args.toArray(new String[0]);
  }

  @Test
  void should_print_and_write_what_was_measured_and_exit_130_when_interrupted_with_ctrl_c() throws Exception {
    Path results = dir.resolve("results");
    Client c = client(dir, longRun(results));
    c.awaitErr("1 sec:");
    c.signal("INT");
    assertEquals(130, c.awaitExit(30), c.stderr());
    String out = c.stdout();
    assertTrue(out.contains("[OVERALL], RunTime(ms)"), out + c.stderr());
    assertTrue(out.contains("[READ], Operations"), out);
    assertTrue(c.stderr().contains("Interrupted (SIGINT)"), c.stderr());
    String summary = new String(Files.readAllBytes(results.resolve("summary.json")), StandardCharsets.UTF_8);
    assertTrue(summary.contains("\"interrupted\": true"), summary);
    assertTrue(summary.contains("\"interruptedBy\": \"SIGINT\""), summary);
    assertTrue(Files.exists(results.resolve("output.txt")), "output.txt written");
  }

  @Test
  void should_blame_the_paused_client_process_not_the_database_when_it_was_stopped_mid_run() throws Exception {
    Path results = dir.resolve("results");
    Client c = client(dir, longRun(results, "-p", "maxexecutiontime=7"));
    c.awaitStatusAtLeast(3);
    c.signal("STOP"); // what a long GC pause, an overloaded host or a suspended VM does to a client
    sleep(1500);
    c.signal("CONT");
    assertEquals(0, c.awaitExit(60), c.stderr());
    String err = c.stderr();
    assertTrue(err.contains("the machine did not run the client on time: for up to ") && err.contains("the client "
        + "process did not run"), err);
    assertFalse(err.contains("database was slow"), err);
    String summary = new String(Files.readAllBytes(results.resolve("summary.json")), StandardCharsets.UTF_8);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"processPauseMaxUs\": (\\d+)").matcher(summary);
    assertTrue(m.find(), summary);
    assertTrue(Long.parseLong(m.group(1)) >= 1_000_000, summary);
  }

  @Test
  void should_keep_the_results_and_exit_143_when_terminated() throws Exception {
    Path results = dir.resolve("results");
    Client c = client(dir, longRun(results));
    c.awaitErr("1 sec:");
    c.signal("TERM");
    assertEquals(143, c.awaitExit(30), c.stderr());
    assertTrue(c.stdout().contains("[OVERALL], Throughput(ops/sec)"), c.stdout() + c.stderr());
    assertTrue(Files.exists(results.resolve("summary.json")));
  }

  @Test
  void should_write_the_results_within_the_grace_when_terminated_while_lost_futures_hold_the_drain() throws Exception {
    // Every 200th call's future is never completed and the engine's deadline is an hour: the 4 in-flight places fill
    // with lost calls within a second, and the run stands still, as it did against a cluster that lost 5 futures.
    Path results = dir.resolve("results");
    Client c = client(dir, longRun(results, "-db", AsyncMemoryDB.class.getName(), "-p", "table=stuck",
        "-p", "asyncmemory.lose.every=200", "-p", "async.deadline.s=3600"));
    c.awaitErr("; 0 current ops/sec;"); // a status line of a run that stands still: every place holds a lost call
    long signalled = System.nanoTime();
    c.signal("TERM");
    // documented: up to 10 s for the operations in flight, then the report (cleanup would get 10 s more)
    assertEquals(143, c.awaitExit(40), c.stderr());
    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalled);
    String err = c.stderr();
    assertTrue(err.contains("4 operation(s) still in flight 10 s after the interruption; reporting without them"), err);
    assertTrue(c.stdout().contains("[OVERALL], Throughput(ops/sec)"), c.stdout() + err);
    String summary = new String(Files.readAllBytes(results.resolve("summary.json")), StandardCharsets.UTF_8);
    assertTrue(summary.contains("\"unfinishedOperations\": 4"), summary);
    assertTrue(summary.contains("\"lostOperations\": 0"), summary);
    assertTrue(summary.contains("\"interruptedBy\": \"SIGTERM\""), summary);
    assertTrue(tookMs >= 10_000, "the operations in flight got their grace: " + tookMs + " ms");
  }

  /** Issue 44, item 6: a run stopped while it warms up measured nothing, and there is no lateness to judge. */
  @Test
  void should_give_no_lateness_verdict_when_terminated_during_the_warm_up() throws Exception {
    Path results = dir.resolve("results");
    Client c = client(dir, longRun(results, "-p", "warmup=60s"));
    c.awaitStatusAtLeast(2);
    c.signal("TERM");
    assertEquals(143, c.awaitExit(30), c.stderr());
    String err = c.stderr();
    for (String verdict : new String[] {"the schedule was not kept", "fell behind", "client-limited",
        "the client limited", "the machine did not run", "start-up backlog"}) {
      assertFalse(err.contains(verdict), "nothing was measured, nothing was late: " + err);
    }
    String summary = new String(Files.readAllBytes(results.resolve("summary.json")), StandardCharsets.UTF_8)
        .replaceAll("\\s+", "");
    assertTrue(summary.contains("\"operations\":0,"), summary);
    assertTrue(summary.contains("\"verdict\":{\"cause\":\"none\",\"text\":null"), summary);
  }

  @Test
  void should_exit_at_once_without_results_when_interrupted_twice() throws Exception {
    // Every operation takes 60 s, so the first signal's orderly stop would wait for them (up to its bound).
    Path results = dir.resolve("results");
    Client c = client(dir, longRun(results, "-p", "basicdb.simulatedelay=60000"));
    c.awaitErr("1 sec:"); // the schedule is open (before it, the first signal already exits)
    c.signal("INT");
    c.awaitErr("Interrupted (SIGINT)");
    c.signal("INT");
    assertEquals(130, c.awaitExit(5), c.stderr());
    assertFalse(c.stdout().contains("[OVERALL]"), c.stdout());
    assertTrue(c.stderr().contains("Interrupted again"), c.stderr());
  }

  @Test
  void should_exit_with_one_line_and_leave_no_results_dir_when_interrupted_before_the_run_starts() throws Exception {
    // A database whose init takes a minute (a slow or unreachable cluster): Ctrl-C must not wait for it.
    for (String signal : new String[] {"INT", "TERM"}) {
      Path results = dir.resolve("results-" + signal);
      Client c = client(Files.createDirectories(dir.resolve(signal)),
          longRun(results, "-db", FaultyDB.class.getName(), "-p", "faulty.initdelayms=60000"));
      c.awaitErr("faulty: init takes");
      c.signal(signal);
      assertEquals("INT".equals(signal) ? 130 : 143, c.awaitExit(10), c.stderr());
      assertTrue(c.stderr().contains("Interrupted (SIG" + signal + ") before the measured run started: nothing was "
          + "measured."), c.stderr());
      assertFalse(c.stdout().contains("[OVERALL]"), c.stdout());
      assertFalse(Files.exists(results), "a run that never started leaves no results.dir");
    }
  }

  @Test
  void should_stop_waiting_and_report_an_interrupted_run_when_interrupted_before_start_epochms() throws Exception {
    Path results = dir.resolve("results");
    long inAMinute = System.currentTimeMillis() + 60_000;
    Client c = client(dir, longRun(results, "-p", "start.epochms=" + inAMinute));
    c.awaitErr("(start.epochms), in");
    c.signal("INT");
    assertEquals(130, c.awaitExit(20), c.stderr());
    assertTrue(System.currentTimeMillis() < inAMinute, "waited for the start instant:\n" + c.stderr());
    String summary = new String(Files.readAllBytes(results.resolve("summary.json")), StandardCharsets.UTF_8);
    assertTrue(summary.contains("\"interruptedBy\": \"SIGINT\""), summary);
  }
}
