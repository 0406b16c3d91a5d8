package site.ycsb.engine;

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

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import site.ycsb.InterruptTest;
import site.ycsb.testsupport.ChildProcess;

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

  private final List<ChildProcess> started = new ArrayList<>();

  @AfterEach
  void killLeftovers() {
    for (ChildProcess p : started) {
      p.close();
    }
  }

  /** The signal's number (POSIX): the exit code is 128 + it. */
  private static int number(String signal) {
    return "HUP".equals(signal) ? 1 : "INT".equals(signal) ? 2 : 15;
  }

  private ChildProcess start(String... args) throws IOException {
    ChildProcess p = ChildProcess.java(System.getProperty("java.class.path"), "site.ycsb.Client", Arrays.asList(args))
        .directory(dir).start();
    started.add(p);
    return p;
  }

  private static String read(Path f) throws IOException {
    return new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
  }

  private static void signal(ChildProcess p, String signal) throws IOException, InterruptedException {
    org.junit.jupiter.api.Assumptions.assumeFalse(InterruptTest.signalIgnoredHere(signal), "SIG" + signal
        + " is ignored in this test JVM (started in the background or under nohup), so its children ignore it too");
    p.signal(signal);
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
    ChildProcess p = start(run(results));
    p.awaitOutput("1 sec:", 60, TimeUnit.SECONDS);
    signal(p, signal);
    ChildProcess.Result r = p.finish(40);
    assertEquals(128 + number(signal), r.exitCode, r.toString());
    assertTrue(r.stdout.contains("[OVERALL], Throughput(ops/sec)"), r.toString());
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
    ChildProcess p = start(run(results));
    p.awaitOutput("Starting test.", 60, TimeUnit.SECONDS);
    Thread.sleep(delayMs);
    signal(p, signal);
    ChildProcess.Result r = p.finish(40);
    assertEquals(128 + number(signal), r.exitCode, r.toString());
    String stderr = r.stderr;
    if (stderr.contains("nothing was measured")) {
      String after = stderr.substring(stderr.indexOf("nothing was measured"));
      assertFalse(after.contains("Error") || after.contains("sec:") || after.contains("[OVERALL]"), stderr);
      assertFalse(r.stdout.contains("[OVERALL]"), r.stdout);
      assertFalse(Files.exists(results), "a run that never started leaves no results.dir");
    } else {
      assertTrue(r.stdout.contains("[OVERALL], Throughput(ops/sec)"), r.toString());
      assertTrue(read(results.resolve("summary.json")).contains("\"interruptedBy\": \"SIG" + signal + "\""));
    }
  }
}
