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
  void should_default_to_port_9042_when_no_port_given() {
    LocalCassandra.Arguments a = LocalCassandra.Arguments.parse(new String[] {"start", "--dir", "d", "--auth"});
    assertEquals(9042, a.port);
    assertTrue(a.auth);
    assertTrue(a.dir.isAbsolute());
  }

  @Test
  void should_report_not_running_when_directory_has_no_server() {
    assertEquals(LocalCassandra.EXIT_NOT_RUNNING, run("status", "--dir", dir.toString()));
    assertEquals(LocalCassandra.EXIT_OK, run("stop", "--dir", dir.toString()));
    assertTrue(new String(out.toByteArray(), StandardCharsets.UTF_8).contains("not running"));
  }
}
