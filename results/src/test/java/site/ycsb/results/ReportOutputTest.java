package site.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a report cannot go or come from: every {@code -o} that cannot receive it is exit 1 with the cause named, before
 * any input is read; every input that cannot be read is exit 2 in one line, never a stack trace.
 */
class ReportOutputTest {
  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int report(String... args) {
    return Report.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  private Path run() throws Exception {
    return new ResultDirFixture().interval("READ", 100, 200).write(tmp.resolve("a"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"afile", "afile/sub", "afile/sub/deeper"})
  void should_exit_1_naming_the_file_when_the_output_is_or_lies_under_a_file(String o) throws Exception {
    Path a = run();
    Files.write(tmp.resolve("afile"), new byte[] {1});

    assertEquals(1, report("-o", tmp.resolve(o).toString(), a.toString()), stderr());

    assertEquals(1, stderr().trim().split("\n").length, stderr());
    assertTrue(stderr().startsWith("report: cannot write the report to " + tmp.resolve(o) + ": "), stderr());
    assertTrue(stderr().contains(o.equals("afile") ? "it is a file, not a directory" : "which is a file"),
        stderr());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/proc/ycsb-report-test", "/proc/self/ycsb-report-test", "/sys/ycsb-report-test/x"})
  void should_exit_1_naming_the_cause_when_the_file_system_refuses_the_directory(String o) throws Exception {
    Path a = run();

    assertEquals(1, report("-o", o, a.toString()), stderr());

    assertEquals(1, stderr().trim().split("\n").length, stderr());
    assertTrue(stderr().startsWith("report: cannot write the report to " + o + ": "), stderr());
    assertFalse(stderr().contains("Exception"), "a cause in words, not a class name: " + stderr());
  }

  @Test
  void should_exit_1_with_permission_denied_when_the_output_directory_is_read_only() throws Exception {
    Path a = run();
    Path ro = Files.createDirectory(tmp.resolve("ro"));
    assertTrue(ro.toFile().setWritable(false));
    org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(ro), "running as a user who writes anyway (root)");
    try {
      assertEquals(1, report("-o", ro.resolve("report").toString(), a.toString()), stderr());
      assertTrue(stderr().contains("permission denied: " + ro), stderr());
    } finally {
      ro.toFile().setWritable(true);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"/proc", "/proc/1"})
  void should_exit_2_in_one_line_when_an_input_tree_holds_unreadable_directories(String input) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(java.nio.file.Paths.get(input)));

    int code = report("-o", tmp.resolve("out").toString(), input);

    assertEquals(2, code, stderr());
    assertEquals(1, stderr().trim().split("\n").length, stderr());
    assertTrue(stderr().startsWith("report: "), stderr());
    assertFalse(stderr().contains("Exception"), stderr());
  }
}
