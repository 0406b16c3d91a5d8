package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The class "a terminating signal": SIGTERM, SIGHUP (a closed terminal or ssh connection) and SIGINT end a run the
 * same way whenever they come — during the measured run the results of what was measured are kept (printed, written,
 * marked interrupted) with exit 128 + the signal's number; before the schedule opens (threads' init, the engine's
 * own warm-up) one line says nothing was measured, the process ends at once with that code, and no results.dir stays.
 * Never both, never a run that carries on after "nothing was measured". Every process started is killed after each
 * case, whatever its outcome.
 */
class TerminatingSignalsTest {
  @TempDir
  Path dir;

  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void killLeftovers() throws InterruptedException {
    for (Process p : started) {
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** The signal's number (POSIX): the exit code is 128 + it. */
  private static int number(String signal) {
    return "HUP".equals(signal) ? 1 : "INT".equals(signal) ? 2 : 15;
  }

  /** Starts the client through sh (which execs java), so that its pid is known on Java 8 too. */
  private Process start(Path out, Path err, String... args) throws IOException {
    List<String> java = new ArrayList<>(Arrays.asList(new File(System.getProperty("java.home"), "bin/java").getPath(),
        "-cp", System.getProperty("java.class.path"), "site.ycsb.Client"));
    java.addAll(Arrays.asList(args));
    StringBuilder cmd = new StringBuilder("echo $$ >'" + dir.resolve("pid") + "'; exec");
    for (String a : java) {
      cmd.append(" '").append(a.replace("'", "'\\''")).append('\'');
    }
    Process p = new ProcessBuilder("sh", "-c", cmd.toString()).redirectOutput(out.toFile())
        .redirectError(err.toFile()).start();
    started.add(p);
    return p;
  }

  private String pid() throws IOException, InterruptedException {
    Path f = dir.resolve("pid");
    for (int i = 0; i < 500; i++) {
      if (Files.exists(f) && Files.readAllLines(f).size() == 1) {
        return Files.readAllLines(f).get(0).trim();
      }
      Thread.sleep(20);
    }
    throw new AssertionError("no pid");
  }

  private static String read(Path f) throws IOException {
    return new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
  }

  private static void await(Path err, String text) throws IOException, InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < end) {
      if (read(err).contains(text)) {
        return;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("'" + text + "' never appeared:\n" + read(err));
  }

  private void signal(String signal) throws IOException, InterruptedException {
    org.junit.jupiter.api.Assumptions.assumeFalse("INT".equals(signal) && InterruptTest.sigintIgnoredHere(),
        "SIGINT is ignored in this test JVM (started in the background), so its children cannot receive it");
    assertEquals(0, new ProcessBuilder("kill", "-" + signal, pid()).start().waitFor());
  }

  private String[] run(Path results, String... extra) {
    List<String> args = new ArrayList<>(Arrays.asList("-t", "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "recordcount=1000", "-p", "operationcount=100000000", "-p", "basicdb.verbose=false", "-threads", "2",
        "-target", "1000", "-s", "-p", "status.interval=1", "-p", "results.dir=" + results));
    args.addAll(Arrays.asList(extra));
    return args.toArray(new String[0]);
  }

  @ParameterizedTest
  @ValueSource(strings = {"TERM", "HUP", "INT"})
  void should_keep_what_was_measured_when_a_signal_ends_the_measured_run(String signal) throws Exception {
    Path results = dir.resolve("results");
    Path out = dir.resolve("out");
    Path err = dir.resolve("err");
    Process p = start(out, err, run(results));
    await(err, "1 sec:");
    signal(signal);
    assertTrue(p.waitFor(40, TimeUnit.SECONDS), read(err));
    assertEquals(128 + number(signal), p.exitValue(), read(err));
    assertTrue(read(out).contains("[OVERALL], Throughput(ops/sec)"), read(out) + read(err));
    String summary = read(results.resolve("summary.json"));
    assertTrue(summary.contains("\"interruptedBy\": \"SIG" + signal + "\""), summary);
    assertTrue(Files.exists(results.resolve("output.txt")));
    assertFalse(Files.exists(results.resolve(ResultsDirClaim.NAME)), "the claim is released");
  }

  /**
   * Signals at several delays after start-up, while threads initialise and the engine warms its path (up to 1.5 s):
   * whichever side of the schedule's opening the signal falls on, the run ends one way or the other, completely.
   */
  @ParameterizedTest(name = "SIG{0} {1} ms after the start line")
  @CsvSource({"TERM,0", "TERM,150", "TERM,400", "TERM,800", "TERM,1300", "TERM,1700", "HUP,0", "HUP,300",
      "HUP,900", "HUP,1500", "INT,200", "INT,1000"})
  void should_end_one_way_or_the_other_when_a_signal_comes_around_the_engine_warm_up(String signal, long delayMs)
      throws Exception {
    Path results = dir.resolve("results");
    Path out = dir.resolve("out");
    Path err = dir.resolve("err");
    Process p = start(out, err, run(results));
    await(err, "Starting test.");
    Thread.sleep(delayMs);
    signal(signal);
    assertTrue(p.waitFor(40, TimeUnit.SECONDS), read(err));
    assertEquals(128 + number(signal), p.exitValue(), read(err));
    String stderr = read(err);
    if (stderr.contains("nothing was measured")) {
      String after = stderr.substring(stderr.indexOf("nothing was measured"));
      assertFalse(after.contains("Error") || after.contains("sec:") || after.contains("[OVERALL]"), stderr);
      assertFalse(read(out).contains("[OVERALL]"), read(out));
      assertFalse(Files.exists(results), "a run that never started leaves no results.dir");
    } else {
      assertTrue(read(out).contains("[OVERALL], Throughput(ops/sec)"), read(out) + stderr);
      assertTrue(read(results.resolve("summary.json")).contains("\"interruptedBy\": \"SIG" + signal + "\""));
    }
  }
}
