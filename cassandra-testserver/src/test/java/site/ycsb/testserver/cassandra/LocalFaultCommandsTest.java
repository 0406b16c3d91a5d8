package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cassandra-server fault}: classes of bad input, and what does not fit the directory; no server needed. */
class LocalFaultCommandsTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @TempDir
  Path dir;

  private int run(String... args) {
    out.reset();
    err.reset();
    return new LocalCassandra(new PrintStream(out, true), new PrintStream(err, true)).run(args);
  }

  private String errText() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8).replace("\r", "");
  }

  private String outText() {
    return new String(out.toByteArray(), StandardCharsets.UTF_8).replace("\r", "");
  }

  private void assertOneLineError(int exitCode, String expected, String... args) {
    assertEquals(exitCode, run(args), String.join(" ", args) + ": " + errText());
    String[] lines = errText().split("\n");
    assertEquals(1, lines.length, errText());
    assertTrue(lines[0].startsWith("error: ") && lines[0].contains(expected),
        String.join(" ", args) + " said: " + errText() + " (expected: " + expected + ")");
  }

  private String[] fault(String... rest) {
    String[] args = new String[rest.length + 1];
    args[0] = "fault";
    System.arraycopy(rest, 0, args, 1, rest.length);
    return args;
  }

  @Test
  void should_exit_2_with_one_line_and_the_fault_usage_when_arguments_are_wrong() {
    String[][] wrong = {
        // the verb
        {"--dir", "x", "--node", "1"}, {"--dir", "x", "--node", "1", "explode"},
        {"--dir", "x", "--node", "1", "partition", "heal"}, {"--dir", "x", "--node", "1", "PARTITION"},
        // --dir, --node
        {"--node", "1", "freeze"}, {"--dir", "x", "freeze"}, {"--dir", "x", "--node", "0", "freeze"},
        {"--dir", "x", "--node", "6", "freeze"}, {"--dir", "x", "--node", "two", "freeze"},
        {"--dir", "x", "--node", "-1", "freeze"}, {"--dir", "x", "--node", "freeze"},
        {"--dir", "x", "--dir", "y", "--node", "1", "freeze"}, {"--dir", "", "--node", "1", "freeze"},
        {"--dir", "x", "--node", "1", "--bogus", "freeze"},
        // --probability
        {"--dir", "x", "--node", "1", "lossy"}, {"--dir", "x", "--node", "1", "lossy", "--probability", "abc"},
        {"--dir", "x", "--node", "1", "lossy", "--probability", "0"},
        {"--dir", "x", "--node", "1", "lossy", "--probability", "1.5"},
        {"--dir", "x", "--node", "1", "lossy", "--probability", "-0.2"},
        {"--dir", "x", "--node", "1", "lossy", "--probability", "NaN"},
        {"--dir", "x", "--node", "1", "lossy", "--probability", "30%"},
        {"--dir", "x", "--node", "1", "lossy", "--probability"},
        {"--dir", "x", "--node", "1", "partition", "--probability", "0.5"},
        // --direction
        {"--dir", "x", "--node", "1", "partition", "--direction", "sideways"},
        {"--dir", "x", "--node", "1", "freeze", "--direction", "in"},
        // the duty cycle
        {"--dir", "x", "--node", "1", "slow", "--frozen", "1000", "--period", "1000"},
        {"--dir", "x", "--node", "1", "slow", "--frozen", "1500"},
        {"--dir", "x", "--node", "1", "slow", "--frozen", "0"},
        {"--dir", "x", "--node", "1", "slow", "--frozen", "-5"},
        {"--dir", "x", "--node", "1", "slow", "--period", "-5"},
        {"--dir", "x", "--node", "1", "slow", "--frozen", "3s"},
        {"--dir", "x", "--node", "1", "slow", "--period", "99999999999"},
        {"--dir", "x", "--node", "1", "heal", "--frozen", "100"},
    };
    for (String[] args : wrong) {
      assertOneLineError(LocalCassandra.EXIT_USAGE, "; usage: bin/ycsb cassandra-server fault --dir DIR", fault(args));
    }
  }

  @Test
  void should_name_what_is_wrong_when_a_value_is_out_of_range() {
    assertOneLineError(2, "unknown fault 'explode' (partition, lossy, freeze, thaw, slow or heal)",
        fault("--dir", "x", "--node", "1", "explode"));
    assertOneLineError(2, "--node must be 1..5, got '6'", fault("--dir", "x", "--node", "6", "freeze"));
    assertOneLineError(2, "--probability must be a number in (0, 1], got 'abc'",
        fault("--dir", "x", "--node", "1", "lossy", "--probability", "abc"));
    assertOneLineError(2, "--probability must be a number in (0, 1], got '1.5'",
        fault("--dir", "x", "--node", "1", "lossy", "--probability", "1.5"));
    assertOneLineError(2, "the period must be longer than the frozen time, got frozen 1000 ms of every 1000 ms",
        fault("--dir", "x", "--node", "1", "slow", "--frozen", "1000", "--period", "1000"));
    assertOneLineError(2, "the frozen time must be positive, got 0 ms",
        fault("--dir", "x", "--node", "1", "slow", "--frozen", "0"));
  }

  @Test
  void should_exit_2_with_one_line_when_the_directory_holds_no_such_cluster_or_node() throws Exception {
    Path missing = dir.resolve("missing");
    assertOneLineError(2, "--dir " + missing + " does not exist", fault("--dir", missing.toString(), "--node", "1",
        "partition"));
    Path file = Files.createFile(dir.resolve("file"));
    assertOneLineError(2, "is not a directory", fault("--dir", file.toString(), "--node", "1", "freeze"));
    assertOneLineError(2, "no cluster in " + dir, fault("--dir", dir.toString(), "--node", "1", "slow"));
    new ClusterLayout(dir, 2, "127.0.0.1", FreePorts.pick(), FreePorts.pick(), "ycsb-local").save();
    assertOneLineError(2, "node 3 does not exist; " + dir + " holds nodes 1..2",
        fault("--dir", dir.toString(), "--node", "3", "freeze"));
  }

  @Test
  void should_exit_1_with_one_line_when_the_node_is_not_running() {
    new ClusterLayout(dir, 2, "127.0.0.1", 19042, 17001, "ycsb-local").save();
    String[][] faults = {{"partition"}, {"partition", "--direction", "in"}, {"lossy", "--probability", "0.5"},
        {"freeze"}, {"thaw"}, {"slow"}};
    for (String[] verb : faults) {
      String[] args = new String[verb.length + 4];
      System.arraycopy(new String[] {"--dir", dir.toString(), "--node", "2"}, 0, args, 0, 4);
      System.arraycopy(verb, 0, args, 4, verb.length);
      assertOneLineError(LocalCassandra.EXIT_FAILED, "node 2 127.0.0.2:19042 is not running; start it with: start"
          + " --dir " + dir + " --node 2", fault(args));
    }
  }

  @Test
  void should_heal_a_stopped_node_without_error_when_it_has_no_faults() {
    new ClusterLayout(dir, 2, "127.0.0.1", 19042, 17001, "ycsb-local").save();
    assertEquals(LocalCassandra.EXIT_OK, run(fault("heal", "--node", "1", "--dir", dir.toString())), errText());
    assertEquals("node 1 127.0.0.1:19042: had no faults (not running)\n", outText());
  }

  @Test
  void should_parse_the_options_of_each_fault_when_well_formed() {
    FaultArguments lossy = FaultArguments.parse(new String[] {"lossy", "--probability", "0.25", "--direction", "OUT",
        "--dir", "d", "--node", "3"});
    assertEquals("lossy", lossy.verb);
    assertEquals(0.25, lossy.probability);
    assertEquals(NodeFaults.Direction.OUT, lossy.direction);
    assertEquals(3, lossy.node);
    assertTrue(lossy.dir.isAbsolute());
    FaultArguments partition = FaultArguments.parse(new String[] {"--dir", "d", "--node", "1", "partition"});
    assertEquals(NodeFaults.Direction.BOTH, partition.direction);
    assertEquals(1.0, partition.probability);
    FaultArguments slow = FaultArguments.parse(new String[] {"--dir", "d", "--node", "1", "slow", "--frozen", "800"});
    assertEquals(800, slow.frozenMillis);
    assertEquals(1000, slow.periodMillis);
    FaultArguments defaults = FaultArguments.parse(new String[] {"--dir", "d", "--node", "1", "slow"});
    assertEquals(300, defaults.frozenMillis);
    assertEquals(1000, defaults.periodMillis);
  }
}
