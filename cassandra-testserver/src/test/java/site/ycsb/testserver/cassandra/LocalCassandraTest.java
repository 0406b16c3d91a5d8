package site.ycsb.testserver.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Command-line handling that needs no server; start/stop of a real one is in CassandraTestServerIT. */
class LocalCassandraTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @TempDir
  Path dir;

  private int run(String... args) {
    return new LocalCassandra(new PrintStream(out, true), new PrintStream(err, true)).run(args);
  }

  private String errText() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void should_print_usage_and_exit_0_when_help_is_asked() {
    for (String[] args : new String[][] {{"--help"}, {"start", "--help"}, {"-h"}}) {
      out.reset();
      err.reset();
      assertEquals(0, run(args), String.join(" ", args));
      assertTrue(new String(out.toByteArray(), StandardCharsets.UTF_8).startsWith("usage: bin/ycsb cassandra-server"));
      assertEquals("", errText());
    }
  }

  @Test
  void should_exit_2_with_one_line_when_arguments_are_wrong() {
    String[][] wrong = {
        {}, {"restart", "--dir", "x"}, {"start"}, {"start", "--dir"}, {"start", "--dir", "x", "--port", "0"},
        {"start", "--dir", "x", "--port", "abc"}, {"start", "--dir", "x", "--bogus"}, {"stop", "--dir", "x", "--auth"},
        {"start", "--dir", ""}, {"start", "--dir", " "}, {"start", "--dir", "x", "--dir", "y"},
        {"start", "--dir", "x", "--port", "1", "--port", "2"}, {"start", "--dir", "x", "--port", "65536"},
        {"start", "--dir", "x", "--port", "-1"}, {"start", "--dir", "x", "--port", "9042.0"},
        {"start", "--dir", "x", "--port", ""},
        // cluster size and node numbers
        {"start", "--dir", "x", "--nodes", "0"}, {"start", "--dir", "x", "--nodes", "6"},
        {"start", "--dir", "x", "--nodes", "three"}, {"start", "--dir", "x", "--nodes", "-3"},
        {"start", "--dir", "x", "--nodes", "2.5"}, {"start", "--dir", "x", "--nodes", "99999999999"},
        {"start", "--dir", "x", "--nodes"}, {"start", "--dir", "x", "--nodes", "--port", "1"},
        {"start", "--dir", "x", "--node", "0"}, {"stop", "--dir", "x", "--node", "6"},
        {"stop", "--dir", "x", "--node", "one"},
        // options that do not go together, or not with this command
        {"start", "--dir", "x", "--nodes", "3", "--node", "2"}, {"start", "--dir", "x", "--nodes", "3", "--auth"},
        {"start", "--dir", "x", "--node", "2", "--auth"}, {"start", "--dir", "x", "--node", "2", "--port", "9042"},
        {"start", "--dir", "x", "--address", "127.0.0.40"}, {"stop", "--dir", "x", "--nodes", "3"},
        {"status", "--dir", "x", "--node", "1"}, {"stop", "--dir", "x", "--port", "9042"},
        {"status", "--dir", "x", "--address", "127.0.0.1"},
        // addresses that are not loopback or leave no room for the nodes
        {"start", "--dir", "x", "--nodes", "3", "--address", "10.0.0.1"},
        {"start", "--dir", "x", "--nodes", "3", "--address", "localhost"},
        {"start", "--dir", "x", "--nodes", "3", "--address", "127.0.0.253"},
        {"start", "--dir", "x", "--nodes", "2", "--address", "127.0.0.0"},
        {"start", "--dir", "x", "--nodes", "2", "--address", "127.0.0.1:9042"},
        // heap sizes: no unit, unknown unit, too small, too large, not a whole number, empty, with --node or stop
        {"start", "--dir", "x", "--heap", "2048"}, {"start", "--dir", "x", "--heap", "2T"},
        {"start", "--dir", "x", "--heap", "2KB"}, {"start", "--dir", "x", "--heap", "255M"},
        {"start", "--dir", "x", "--heap", "65G"}, {"start", "--dir", "x", "--heap", "1.5G"},
        {"start", "--dir", "x", "--heap", "-1G"}, {"start", "--dir", "x", "--heap", " "},
        {"start", "--dir", "x", "--heap", "0M"}, {"start", "--dir", "x", "--heap", "9999999999G"},
        {"start", "--dir", "x", "--heap", "1G", "--heap", "2G"}, {"start", "--dir", "x", "--node", "2", "--heap", "1G"},
        {"stop", "--dir", "x", "--heap", "1G"}, {"status", "--dir", "x", "--heap", "1G"},
    };
    for (String[] args : wrong) {
      err.reset();
      assertEquals(LocalCassandra.EXIT_USAGE, run(args), String.join(" ", args));
      String[] lines = errText().split("\n");
      assertEquals(1, lines.length, errText());
      assertTrue(lines[0].startsWith("error: "), errText());
      assertTrue(lines[0].contains("; usage: bin/ycsb cassandra-server "), errText());
    }
  }

  @Test
  void should_exit_2_naming_the_path_when_dir_is_not_a_directory() throws java.io.IOException {
    Path file = java.nio.file.Files.createFile(dir.resolve("a-file"));
    for (String command : new String[] {"start", "stop", "status"}) {
      err.reset();
      assertEquals(LocalCassandra.EXIT_USAGE, run(command, "--dir", file.toString()), command);
      assertEquals("error: --dir " + file + " exists and is not a directory\n", errText().replace("\r", ""));
    }
  }

  @Test
  void should_exit_2_with_one_masked_line_when_a_file_is_on_the_way_to_dir() throws java.io.IOException {
    Path file = java.nio.file.Files.createFile(dir.resolve("plain-file"));
    Path under = file.resolve("bench:S3cr3t@host").resolve("data");
    for (String command : new String[] {"start", "stop", "status"}) {
      err.reset();
      assertEquals(LocalCassandra.EXIT_USAGE, run(command, "--dir", under.toString()), command);
      assertEquals("error: --dir " + under.toString().replace("S3cr3t", "***") + " cannot be created: " + file
          + " is not a directory\n", errText().replace("\r", ""));
    }
  }

  @Test
  void should_default_to_port_9042_when_no_port_given() {
    LocalCassandra.Arguments a = LocalCassandra.Arguments.parse(new String[] {"start", "--dir", "d", "--auth"});
    assertEquals(9042, a.portOrDefault());
    assertTrue(a.auth);
    assertTrue(a.dir.isAbsolute());
    assertEquals(null, a.nodes);
  }

  @Test
  void should_parse_cluster_options_when_well_formed() {
    LocalCassandra.Arguments a = LocalCassandra.Arguments.parse(new String[] {"start", "--nodes", "5", "--address",
        "127.0.0.40", "--port", "19042", "--dir", "d"});
    assertEquals(Integer.valueOf(5), a.nodes);
    assertEquals("127.0.0.40", a.address);
    assertEquals(19042, a.portOrDefault());
    LocalCassandra.Arguments one = LocalCassandra.Arguments.parse(new String[] {"stop", "--dir", "d", "--node", "2"});
    assertEquals(Integer.valueOf(2), one.node);
  }

  @Test
  void should_take_the_heap_in_megabytes_when_given_in_m_or_g_of_either_case() {
    String[][] given = {{"2G", "2048M"}, {"2g", "2048M"}, {"1536M", "1536M"}, {"256m", "256M"}, {"64G", "65536M"}};
    for (String[] g : given) {
      LocalCassandra.Arguments a = LocalCassandra.Arguments.parse(new String[] {"start", "--dir", "d", "--heap", g[0]});
      assertEquals(g[1], a.heapOrDefault(), g[0]);
    }
    assertEquals("512M", LocalCassandra.Arguments.parse(new String[] {"start", "--dir", "d"}).heapOrDefault());
  }

  private void saveCluster(int nodes) {
    new ClusterLayout(dir, nodes, "127.0.0.1", FreePorts.pick(), FreePorts.pick(), "ycsb-local").save();
  }

  private String outText() {
    return new String(out.toByteArray(), StandardCharsets.UTF_8).replace("\r", "");
  }

  @Test
  void should_print_one_down_line_per_node_and_exit_3_when_no_node_of_a_saved_cluster_runs() {
    saveCluster(3);
    assertEquals(LocalCassandra.EXIT_NOT_RUNNING, run("status", "--dir", dir.toString()));
    String[] lines = outText().split("\n");
    assertEquals(3, lines.length, outText());
    for (int i = 1; i <= 3; i++) {
      assertTrue(lines[i - 1].matches("node " + i + " 127\\.0\\.0\\." + i + ":\\d+ down"), lines[i - 1]);
    }
  }

  @Test
  void should_say_nodes_were_not_running_when_stopping_a_stopped_cluster() {
    saveCluster(2);
    assertEquals(LocalCassandra.EXIT_OK, run("stop", "--dir", dir.toString()));
    assertTrue(outText().contains("node 1 127.0.0.1:"), outText());
    assertTrue(outText().contains("node 2 127.0.0.2:"), outText());
    assertEquals(2, outText().split("was not running").length - 1, outText());
    out.reset();
    assertEquals(LocalCassandra.EXIT_OK, run("stop", "--dir", dir.toString(), "--node", "2"));
    assertEquals(1, outText().split("\n").length, outText());
  }

  @Test
  void should_exit_2_with_one_line_when_the_directory_does_not_fit_the_command() throws java.io.IOException {
    // no cluster in dir: --node needs one
    assertUsage("no cluster in", "stop", "--dir", dir.toString(), "--node", "1");
    assertUsage("no cluster in", "start", "--dir", dir.toString(), "--node", "1");
    saveCluster(3);
    assertUsage("holds nodes 1..3", "start", "--dir", dir.toString(), "--node", "4");
    assertUsage("holds nodes 1..3", "stop", "--dir", dir.toString(), "--node", "5");
    assertUsage("start it without --nodes", "start", "--dir", dir.toString(), "--nodes", "2");
    assertUsage("start it without --nodes", "start", "--dir", dir.toString(), "--nodes", "3", "--port", "1");
    assertUsage("--auth is for a single server", "start", "--dir", dir.toString(), "--auth");
    // a single server's files: no cluster on top of them
    java.nio.file.Path single = java.nio.file.Files.createDirectories(dir.resolve("single/data"));
    assertUsage("holds a single server's files", "start", "--dir", single.getParent().toString(), "--nodes", "2");
  }

  private void assertUsage(String expected, String... args) {
    err.reset();
    assertEquals(LocalCassandra.EXIT_USAGE, run(args), String.join(" ", args));
    String[] lines = errText().replace("\r", "").split("\n");
    assertEquals(1, lines.length, errText());
    assertTrue(lines[0].startsWith("error: ") && lines[0].contains(expected), errText());
  }

  @Test
  void should_fail_before_starting_anything_when_the_port_is_taken_on_one_node_address() throws Exception {
    int port = FreePorts.pickFreeOnAll(java.util.Arrays.asList("127.0.0.1", "127.0.0.2", "127.0.0.3"), -1);
    try (java.net.ServerSocket taken = new java.net.ServerSocket(port, 1,
        java.net.InetAddress.getByName("127.0.0.3"))) {
      java.nio.file.Path cluster = dir.resolve("c");
      assertEquals(LocalCassandra.EXIT_FAILED, run("start", "--dir", cluster.toString(), "--nodes", "3", "--port",
          Integer.toString(port)));
      assertEquals("error: port " + port + " on 127.0.0.3 is in use; choose another with --port N (or other"
          + " addresses with --address)\n", errText().replace("\r", ""));
      assertTrue(!java.nio.file.Files.exists(cluster.resolve("node1")), "nothing may have been started");
    }
  }

  @Test
  void should_report_not_running_when_directory_has_no_server() {
    assertEquals(LocalCassandra.EXIT_NOT_RUNNING, run("status", "--dir", dir.toString()));
    assertEquals(LocalCassandra.EXIT_OK, run("stop", "--dir", dir.toString()));
    assertTrue(new String(out.toByteArray(), StandardCharsets.UTF_8).contains("not running"));
  }
}
