package site.ycsb.testserver.griddb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Usage errors of {@code bin/ycsb griddb-server} and where it finds the binding's conf directory. */
class LocalGridDBTest {
  @TempDir
  Path home;

  @ParameterizedTest
  @ValueSource(strings = {"", "begin --dir x", "start", "start --dir", "stop --dir x --port-base 10001",
      "start --dir x --port-base 80", "start --dir x --port-base ten", "status --dir x --bogus 1", "start --dir ''"})
  void should_refuse_with_one_line_and_exit_2_when_arguments_are_wrong(String line) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] args = line.isEmpty() ? new String[0] : line.replace("''", "").split(" ", -1);
    int code = new LocalGridDB(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err), null).run(args);
    assertEquals(2, code, line);
    String[] lines = err.toString().split("\n");
    assertEquals(1, lines.length, err.toString());
    assertTrue(lines[0].startsWith("error: "), err.toString());
    assertTrue(lines[0].contains("; usage: bin/ycsb griddb-server start"), err.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"start --dir x --port-base bench:S3cr3t@1", "start --dir x --http://admin:S3cr3t@h/x",
      "u:S3cr3t@h --dir x"})
  void should_mask_the_password_of_a_user_and_host_when_an_error_echoes_what_was_typed(String line) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = new LocalGridDB(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err), null)
        .run(line.split(" "));
    assertEquals(2, code, line);
    assertTrue(err.toString().contains(":***@"), err.toString());
    assertTrue(!err.toString().contains("S3cr3t"), err.toString());
  }

  @Test
  void should_report_not_running_with_exit_3_when_nothing_was_started() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code = new LocalGridDB(new PrintStream(out), System.err, null)
        .run(new String[] {"status", "--dir", home.toString()});
    assertEquals(3, code);
    assertEquals("not running", out.toString().trim());
  }

  @Test
  void should_find_the_binding_conf_in_a_checkout_and_in_the_distribution() throws Exception {
    Files.createDirectories(home.resolve("griddb/src/main"));
    assertEquals(home.resolve("griddb/src/main/conf"),
        LocalGridDB.bindingConfDir(home.resolve("griddb-testserver/target/griddb-testserver-1.jar")));
    Path dist = home.resolve("dist");
    Files.createDirectories(dist.resolve("griddb-binding/lib"));
    assertEquals(dist.resolve("griddb-binding/conf"),
        LocalGridDB.bindingConfDir(dist.resolve("griddb-testserver/lib/griddb-testserver-1.jar")));
    assertNull(LocalGridDB.bindingConfDir(home.resolve("elsewhere/x/y.jar")));
  }
}
