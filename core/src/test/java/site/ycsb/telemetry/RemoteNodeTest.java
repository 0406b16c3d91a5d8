package site.ycsb.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A remote node's sampling loop, run here by a real POSIX shell ({@code sh -c}, as ssh runs it on the node): the
 * script's output is parsed into samples; a node that is not Linux, that cannot be reached, or that stops answering
 * is named in one line and dropped, and the sampler stops within its bound whatever the node does. (Over a real sshd:
 * fleet's FleetCassandraIT.)
 */
class RemoteNodeTest {
  @BeforeAll
  static void linux() {
    Assumptions.assumeTrue(LocalProc.available() && new File("/bin/sh").canExecute(), "needs Linux and /bin/sh");
  }

  private static String problems(NodeInfo n) {
    return String.join("\n", n.problems());
  }

  private static void waitFor(java.util.function.BooleanSupplier condition, long ms) throws InterruptedException {
    long end = System.currentTimeMillis() + ms;
    while (!condition.getAsBoolean() && System.currentTimeMillis() < end) {
      Thread.sleep(50);
    }
  }

  @Test
  void should_record_samples_of_a_linux_node_when_its_loop_runs(@TempDir Path dir) throws Exception {
    ServerSampler sampler = new ServerSampler(200);
    NodeInfo node = sampler.addRemote("db1", "sh", Arrays.asList("sh", "-c", sampler.remoteScript()));
    sampler.open(dir.toFile(), System.currentTimeMillis());
    Thread.sleep(1500);
    long t0 = System.nanoTime();
    sampler.stop();
    assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "stop is bounded");
    assertTrue(node.problems().isEmpty(), problems(node));
    List<NodeRates> rows = NodeCsv.read(dir.resolve("server-db1.csv"));
    assertTrue(rows.size() >= 3, "samples: " + rows.size());
    for (int i = 0; i < rows.size(); i++) {
      NodeRates r = rows.get(i);
      assertTrue(r.cpuPct >= 0 && r.cpuPct <= 100, "cpu " + r.cpuPct);
      // one sample per tick, none in a burst; the last, taken at the stop, may cover less than an interval
      assertTrue(r.memTotalMb > 0 && r.intervalSec > (i < rows.size() - 1 ? 0.1 : 0), "interval " + r.intervalSec);
    }
    assertEquals(Runtime.getRuntime().availableProcessors() > 0, node.cores() > 0);
    String json = sampler.sectionJson(0, Long.MAX_VALUE);
    assertTrue(json.contains("\"node\": \"db1\"") && json.contains("\"sampler\""), json);
  }

  @Test
  void should_have_figures_of_a_window_shorter_than_the_interval_when_the_stop_takes_a_last_sample(@TempDir Path dir)
      throws Exception {
    ServerSampler sampler = new ServerSampler(1000);
    NodeInfo node = sampler.addRemote("db1", "sh", Arrays.asList("sh", "-c", sampler.remoteScript()));
    sampler.open(dir.toFile(), System.currentTimeMillis());
    waitFor(() -> node.cores() > 0, 10_000); // its first sample (the baseline) arrived
    long start = System.currentTimeMillis();
    Thread.sleep(300);
    long end = System.currentTimeMillis();
    sampler.stop();
    assertTrue(node.problems().isEmpty(), problems(node));
    NodeSummary s = sampler.summaries(start, end).get(0);
    assertTrue(s.samples >= 1 && s.cpuMeanPct() >= 0 && s.cpuMeanPct() <= 100, sampler.sectionJson(start, end));
    assertTrue(sampler.sectionJson(start, end).contains("\"memUsedMaxMb\""), sampler.sectionJson(start, end));
  }

  @Test
  void should_send_no_tick_while_the_node_has_not_answered_the_last(@TempDir Path dir) throws Exception {
    // a node that takes its ticks but never answers (as one still connecting): it must not get a backlog of ticks,
    // which would come back as a burst of samples ms apart
    Path ticks = dir.resolve("ticks");
    ServerSampler sampler = new ServerSampler(100);
    NodeInfo node = sampler.addRemote("slow", "sh", Arrays.asList("sh", "-c", "cat > '" + ticks + "'; exit 0"));
    sampler.start();
    Thread.sleep(1000);
    sampler.stop();
    assertTrue(node.problems().isEmpty(), problems(node)); // still connected: nothing stopped its ticks but the rule
    assertEquals("\n", new String(Files.readAllBytes(ticks), StandardCharsets.ISO_8859_1));
  }

  @Test
  void should_end_the_loop_on_the_node_by_closing_its_input_when_the_sampler_stops(@TempDir Path dir)
      throws Exception {
    // the loop's exit status is written by the shell that ran it, which is not signalled: it ends only when the
    // loop ends by itself, at the end of its input
    Path status = dir.resolve("status");
    ServerSampler sampler = new ServerSampler(200);
    NodeInfo node = sampler.addRemote("db1", "sh", Arrays.asList("sh", "-c", "trap '' TERM; sh -c \"$1\"; echo $? > "
        + "'" + status + "'", "_", sampler.remoteScript()));
    sampler.start();
    waitFor(() -> node.cores() > 0, 10_000);
    sampler.stop();
    waitFor(() -> Files.exists(status), 2000);
    assertEquals("0", new String(Files.readAllBytes(status), StandardCharsets.UTF_8).trim());
  }

  @Test
  void should_name_a_node_that_is_not_linux(@TempDir Path dir) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path uname = bin.resolve("uname");
    Files.write(uname, "#!/bin/sh\necho FreeBSD\n".getBytes(StandardCharsets.UTF_8));
    uname.toFile().setExecutable(true);
    ServerSampler sampler = new ServerSampler(200);
    NodeInfo node = sampler.addRemote("bsd1", "sh", Arrays.asList("env", "PATH=" + bin + ":" + System.getenv("PATH"),
        "sh", "-c", sampler.remoteScript()));
    sampler.start();
    waitFor(() -> !node.problems().isEmpty(), 10_000);
    sampler.stop();
    assertEquals("bsd1 is not a Linux machine (uname -s: FreeBSD): its /proc figures cannot be read; not sampled",
        problems(node));
  }

  @Test
  void should_name_a_node_that_cannot_be_reached_with_ssh_s_reason() throws Exception {
    ServerSampler sampler = new ServerSampler(200);
    NodeInfo node = sampler.addRemote("10.9.9.9", "ssh 10.9.9.9", Arrays.asList("sh", "-c",
        "echo 'ssh: connect to host 10.9.9.9 port 22: Connection refused' >&2; exit 255"));
    sampler.start();
    waitFor(() -> !node.problems().isEmpty(), 10_000);
    sampler.stop();
    assertEquals("10.9.9.9 could not be reached or did not answer (ssh exit 255: ssh: connect to host 10.9.9.9 "
        + "port 22: Connection refused); not sampled", problems(node));
    assertTrue(sampler.sectionJson(0, Long.MAX_VALUE).contains("\"samples\": 0"));
  }

  @Test
  void should_name_a_node_that_stops_answering_and_keep_its_samples(@TempDir Path dir) throws Exception {
    ServerSampler sampler = new ServerSampler(200, 10_000, 1000);
    // the loop's first three samples, then silence with the connection open (a hung node)
    String three = sampler.remoteScript().replace("while read -r t; do", "n=0; while [ \"$n\" -lt 3 ] && read -r t; do"
        + " n=$((n+1));") + "; exec sleep 60";
    NodeInfo node = sampler.addRemote("db2", "sh", Arrays.asList("sh", "-c", three));
    sampler.open(dir.toFile(), System.currentTimeMillis());
    waitFor(() -> !node.problems().isEmpty(), 15_000);
    long t0 = System.nanoTime();
    sampler.stop();
    assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "stop is bounded");
    assertTrue(problems(node).matches("db2 stopped answering at \\d\\d:\\d\\d:\\d\\d UTC \\(no sample for \\d+ s\\); "
        + "its samples until then are kept"), problems(node));
    assertEquals(2, NodeCsv.read(dir.resolve("server-db2.csv")).size(), "3 snapshots, 2 samples");
  }

  @Test
  void should_split_one_cats_output_back_into_its_files() throws IOException {
    RemoteNode.SampleParser p = new RemoteNode.SampleParser();
    LocalProc proc = new LocalProc();
    for (String f : LocalProc.MACHINE_FILES) {
      for (String line : proc.read(f).split("\n")) {
        p.line(line);
      }
    }
    ProcSnapshot s = p.finish();
    ProcSnapshot direct = proc.machine();
    assertTrue(s != null && s.complete());
    assertEquals(direct.cores, s.cores);
    assertEquals(direct.memTotalKb, s.memTotalKb);
    assertEquals(direct.disks.keySet(), s.disks.keySet());
    assertEquals(direct.interfaces.keySet(), s.interfaces.keySet());
    assertTrue(!Double.isNaN(s.load1));
  }

  /**
   * What a node may do instead of running the loop — each in the words a user reads (one line, naming the node), and
   * without filling the client's heap or holding up the sampler's stop.
   */
  static java.util.stream.Stream<Arguments> hostileNodes() {
    return java.util.stream.Stream.of(
        Arguments.of("its uname says Darwin", "uname() { echo Darwin; }; ",
            "n1 is not a Linux machine (uname -s: Darwin): its /proc figures cannot be read; not sampled"),
        Arguments.of("uname prints nothing", "uname() { :; }; ",
            "n1 is not a Linux machine (uname -s: unknown): its /proc figures cannot be read; not sampled"),
        Arguments.of("its login shell is not POSIX", "echo 'fish: Unsupported use of =' >&2; exit 127; ",
            "n1 was reached but could not run the sampling loop (exit code 127: fish: Unsupported use of =); it "
            + "needs a POSIX sh, cat and Linux's /proc"),
        Arguments.of("a forced command ends the session at once", "exit 0; ",
            "n1 was reached but could not run the sampling loop (exit code 0); it needs a POSIX sh, cat and Linux's "
            + "/proc"),
        Arguments.of("it prints one endless line", "exec tr -d '\\n' < /dev/zero; ",
            "n1 sent output that is not the sampling loop's (a line of more than 64 KiB); not sampled"),
        Arguments.of("it prints endless short lines", "exec yes; ",
            "n1 sent output that is not the sampling loop's (more than 8 MiB without the end of a sample); not "
            + "sampled"),
        Arguments.of("its samples are not /proc", "while :; do echo hello; echo " + RemoteNode.END
            + "; sleep 0.1; done; ",
            "n1 sent output that is not the sampling loop's (3 samples in a row that are not its /proc files); not "
            + "sampled"),
        Arguments.of("it never answers", "exec sleep 60; ", "n1 did not answer within 2 s; not sampled"),
        Arguments.of("it prints its error output without end, then dies", "tr '\\0' x < /dev/zero | head -c "
            + "50000000 >&2; exit 255; ", "n1 could not be reached or did not answer (ssh exit 255: xxxxxxxxxx"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hostileNodes")
  void should_name_a_node_in_one_line_and_stop_in_time_when_it_does_not_run_the_loop(String what, String prefix,
      String expected) throws Exception {
    // Reading 8 MiB of short lines takes this JVM more than 2 s on a loaded machine: the cases about what a node sends
    // get a first-sample deadline that only a node that sends nothing reaches, so each case meets its own cause.
    long firstSampleMs = expected.contains("did not answer within") ? 2000 : 15_000;
    ServerSampler sampler = new ServerSampler(200, firstSampleMs, 1000);
    NodeInfo node = sampler.addRemote("n1", "sh", Arrays.asList("sh", "-c", prefix + sampler.remoteScript()));
    sampler.start();
    waitFor(() -> !node.problems().isEmpty(), 30_000);
    long t0 = System.nanoTime();
    sampler.stop();
    assertTrue(System.nanoTime() - t0 < 6_000_000_000L, "stop is bounded");
    List<String> problems = node.problems();
    assertEquals(1, problems.size(), what + ": " + problems);
    assertTrue(problems.get(0).startsWith(expected) && !problems.get(0).contains("\n")
        && problems.get(0).length() < 400, what + ": " + problems.get(0));
  }

  @Test
  void should_keep_sampling_when_the_node_prints_an_endless_error_line() throws Exception {
    ServerSampler sampler = new ServerSampler(200);
    NodeInfo node = sampler.addRemote("n2", "sh", Arrays.asList("sh", "-c", "tr -d '\\n' < /dev/zero >&2 & "
        + "trap 'kill $!' EXIT; " + sampler.remoteScript()));
    sampler.start();
    Thread.sleep(1500);
    sampler.stop();
    assertTrue(node.problems().isEmpty(), problems(node));
    assertTrue(sampler.summaries(0, Long.MAX_VALUE).get(0).samples >= 3, sampler.sectionJson(0, Long.MAX_VALUE));
  }
}
