package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import site.ycsb.cli.ExitCode;

/**
 * The engine's own deadline on the asynchronous path, through the real Client, against a binding (a test double)
 * whose futures are sometimes never completed, as a driver that loses a request leaves them: the run still ends,
 * and every lost call is recorded as LOST at the deadline, counted, named in the verdict and summary.json, and the
 * exit code says the run did not complete as asked.
 */
class LostFutureTest {
  @TempDir
  Path tmp;

  @BeforeEach
  void clear() {
    MemoryDB.clear();
    AsyncMemoryDB.resetInFlight();
  }

  @ParameterizedTest(name = "target {0}")
  @ValueSource(ints = {0, 400}) // unthrottled (the lanes) and on a schedule (the in-flight semaphore)
  @Timeout(180) // the deadline is 10 s: a run that waits for a lost future for ever fails here instead of hanging
  void should_record_each_lost_call_as_lost_at_the_deadline_and_exit_1_when_the_binding_never_completes_it(
      int target) throws IOException {
    Path results = tmp.resolve("results");
    // every 100th call (the 1st, 101st, ...) is lost: 4 of the 400; 8 in flight, so the others go on meanwhile
    ClientRunner r = run(target, results, "-p", "asyncmemory.lose.every=100");
    assertEquals(ExitCode.RUN_FAILED, r.exitCode, r.toString());
    long lost = r.longValueOrZero("READ", "Return=LOST") + r.longValueOrZero("UPDATE", "Return=LOST");
    assertEquals(4, lost, r.out);
    // every operation is counted once, the lost ones included
    assertEquals(400, returns(r, "READ") + returns(r, "UPDATE"), r.out);
    // a lost call's latency is the deadline: at least 10 s, far above the 1 ms the others take
    long maxFailedUs = Math.max(maxOrZero(r, "READ-FAILED"), maxOrZero(r, "UPDATE-FAILED"));
    assertTrue(maxFailedUs >= 10_000_000, "lost calls recorded at the deadline: " + r.out);
    assertTrue(r.err.contains("is recorded as LOST."), r.err);
    assertTrue(r.err.contains("4 operation(s) were lost: the binding never completed them"), r.err);
    assertTrue(r.err.contains("4 asynchronous call(s) were never completed by the binding within async.deadline.s=10 s"),
        r.err);
    String summary = new String(Files.readAllBytes(results.resolve("summary.json")), StandardCharsets.UTF_8);
    assertTrue(summary.contains("\"lostOperations\": 4"), summary);
    assertTrue(summary.contains("\"exitCode\": 1"), summary);
    assertTrue(summary.contains("were lost: the binding never completed them"), "named in the health warnings: "
        + summary);
  }

  @ParameterizedTest(name = "target {0}")
  @ValueSource(ints = {0, 400})
  void should_exit_0_with_nothing_lost_when_every_call_completes(int target) throws IOException {
    Path results = tmp.resolve("results");
    ClientRunner r = run(target, results);
    assertEquals(ExitCode.OK, r.exitCode, r.toString());
    String summary = new String(Files.readAllBytes(results.resolve("summary.json")), StandardCharsets.UTF_8);
    assertTrue(summary.contains("\"lostOperations\": 0"), summary);
    assertTrue(!r.err.contains("were lost"), r.err);
  }

  /**
   * 400 reads and updates, at most 8 in flight, each call answered after 1 ms, and a deadline of 10 s: far enough
   * above the calls that a loaded machine (seen: load 64 on 2 cores, a 1 ms call answered after 1.0 s) loses none.
   */
  private ClientRunner run(int target, Path results, String... more) throws IOException {
    Path w = tmp.resolve("workload");
    Files.write(w, ("workload=" + site.ycsb.NotFoundTolerantWorkload.class.getName() + "\nrecordcount=100\noperationcount=400\n"
        + "readproportion=0.5\nupdateproportion=0.5\ntable=lost\n").getBytes(StandardCharsets.UTF_8));
    java.util.List<String> args = new java.util.ArrayList<>(java.util.Arrays.asList("-t", "-db",
        AsyncMemoryDB.class.getName(), "-P", w.toString(), "-threads", "8", "-target", Integer.toString(target),
        "-p", "asyncmemory.delayms=1", "-p", "async.deadline.s=10", "-p", "results.dir=" + results));
    args.addAll(java.util.Arrays.asList(more));
    return ClientRunner.run(args.toArray(new String[0]));
  }

  /** The sum of an operation's {@code Return=} counts. */
  private static long returns(ClientRunner r, String op) {
    long n = 0;
    for (String line : r.out.split("\n")) {
      if (line.startsWith("[" + op + "], Return=")) {
        n += Long.parseLong(line.substring(line.lastIndexOf(',') + 1).trim());
      }
    }
    return n;
  }

  private static long maxOrZero(ClientRunner r, String metric) {
    return r.value(metric, "MaxLatency(us)") == null ? 0 : r.longValue(metric, "MaxLatency(us)");
  }
}
