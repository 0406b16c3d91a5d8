package site.ycsb.db.griddb;

import site.ycsb.testsupport.MetricLines;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run of this project's engine (child JVM) against a node of a test's own that stops answering in the middle of it
 * for a while and then answers again (frozen or partitioned, as the test makes it), and what its record says: the
 * operations that failed, the longest one, and the node named in summary.json and in a warning line.
 */
final class SilentNodeRun {
  /**
   * The binding's settings for these runs: a request timeout of 2 s and a failover timeout of 2 s bound an operation on
   * a silent node at about 2 × 2 + 2 + 1 = 7 s (README, "A node that stops answering"; measured 7.0 s frozen and
   * partitioned with these settings), far below the silence of {@link #SILENCE_S}.
   */
  static final int REQUEST_TIMEOUT_MS = 2000;
  static final int FAILOVER_TIMEOUT_S = 2;
  /** How long the node is silent: well past the bound, so that a run without one would show the whole silence. */
  static final int SILENCE_S = 20;
  /** The bound an operation must end within: the 7 s measured and 5 s for a busy machine; 8 s short of the silence. */
  static final long BOUND_US = TimeUnit.SECONDS.toMicros(12);

  /** A fault made and removed on the node while the run goes on. */
  interface Fault {
    void begin() throws Exception;

    void end() throws Exception;
  }

  final YcsbRun run;
  final String summary;

  private SilentNodeRun(YcsbRun run, String summary) {
    this.run = run;
    this.summary = summary;
  }

  /**
   * Loads {@code records} rows into {@code table}, then runs reads and one-field updates for 32 s at 100 operations a
   * second on 4 threads; 3 s after the operations start {@code fault} begins, {@link #SILENCE_S} s later it ends.
   */
  static SilentNodeRun of(OwnGridDBNode node, String table, Fault fault) throws Exception {
    Properties p = node.workload(300, 4);
    p.setProperty("table", table);
    p.setProperty("griddb.requesttimeoutmillis", Integer.toString(REQUEST_TIMEOUT_MS));
    p.setProperty("griddb.failovertimeoutseconds", Integer.toString(FAILOVER_TIMEOUT_S));
    String cp = YcsbRun.itClasspath();
    YcsbRun load = YcsbRun.run(cp, p, "-load", "-db", GridDBClient.class.getName(), "-threads", "2");
    assertEquals(0, load.exitCode, load.tail());
    p.setProperty("operationcount", "100000000");
    p.setProperty("maxexecutiontime", "32");
    p.setProperty("readproportion", "0.5");
    p.setProperty("updateproportion", "0.5");
    // Whole-row updates (puts) take no row lock: a partial update's transaction broken by the silence keeps its row
    // locked on the node for a while after it (README), and an update waiting on that lock past the bound would be a
    // second silence, which bench/silent-node measures and this test need not.
    p.setProperty("writeallfields", "true");
    // The run is to outlive the silence and show the answer after it, so the stop on consecutive failures is off (the
    // silence, 20 s, is shorter than errors.giveup's 60 s).
    p.setProperty("max_consecutive_errors", "0");
    Path dir = Files.createTempDirectory("griddb-" + table);
    Path results = dir.resolve("results");
    p.setProperty("results.dir", results.toString());
    YcsbRun r;
    try (YcsbRun.Started started = YcsbRun.start(cp, p, "-t", "-db", GridDBClient.class.getName(), "-threads", "4",
        "-target", "100")) {
      started.awaitOutput(YcsbRun.OPERATIONS_START, 5, TimeUnit.MINUTES);
      Thread.sleep(3_000);
      fault.begin();
      try {
        Thread.sleep(SILENCE_S * 1000L);
      } finally {
        fault.end();
      }
      r = started.finish();
    }
    // the run completes; the silence's failures (far above errors.budget's 0.1%) make its exit code 4 (issue 44)
    assertEquals(4, r.exitCode, r.tail());
    try {
      return new SilentNodeRun(r, new String(Files.readAllBytes(results.resolve("summary.json")),
          StandardCharsets.UTF_8).replaceAll("\\s+", ""));
    } finally {
      try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
        all.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  /** Operations with {@code status}, reads and updates together. */
  long count(String status) {
    return run.returns().getOrDefault("READ " + status, 0L) + run.returns().getOrDefault("UPDATE " + status, 0L);
  }

  /** The longest operation of the run, failed or not (µs). */
  long longestUs() {
    MetricLines m = MetricLines.of(run.output);
    long longest = 0;
    for (String op : new String[] {"READ", "UPDATE", "READ-FAILED", "UPDATE-FAILED"}) {
      longest = Math.max(longest, m.longValue(op, "MaxLatency(us)", 0));
    }
    return longest;
  }

  /**
   * Asserts what a run whose node fell silent and answered again must show: failures counted with their status, none
   * waiting past the bound, operations OK after the silence, and the node named: in summary.json's node events
   * (stopped answering, then answering, each once) and in a warning line.
   */
  void assertBoundedAndNamed(String node) {
    assertTrue(count("SERVICE_UNAVAILABLE") > 0, "the silence's failures are counted\n" + run.tail());
    assertTrue(count("OK") > 0, run.tail());
    assertTrue(longestUs() < BOUND_US, "an operation waited " + longestUs() + " us, past the bound of " + BOUND_US
        + " us\n" + run.tail());
    String silent = "{\"binding\":\"griddb\",\"node\":\"" + node + "\",\"state\":\"silent\"";
    String answering = "{\"binding\":\"griddb\",\"node\":\"" + node + "\",\"state\":\"answering\"";
    int at = summary.indexOf(silent);
    assertTrue(at > 0, "summary.json names the silent node: " + summary);
    assertTrue(summary.indexOf(answering, at) > at, "and its answer after the silence: " + summary);
    assertEquals(1, occurrences(summary, silent), "one event per change: " + summary);
    assertEquals(1, occurrences(summary, answering), "one event per change: " + summary);
    Matcher warning = Pattern.compile("(?m)^WARNING: .*" + Pattern.quote(node) + " stopped answering at \\+").matcher(
        run.output);
    assertTrue(warning.find(), "a warning line names the node\n" + run.tail());
  }

  private static int occurrences(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
