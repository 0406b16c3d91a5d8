package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import site.ycsb.cli.ExitCode;

class CommandLineTest {
  @Test
  void should_insert_read_and_delete_a_record_when_commands_are_typed() {
    MemoryDB.clear();
    String input = "insert k1 field0=hello field1=world\nread k1 field1\ndelete k1\nread k1\nbogus\nquit\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code = CommandLine.run(new String[]{"-db", MemoryDB.class.getName(), "-table", "t"},
        new BufferedReader(new StringReader(input)), new PrintStream(out, true));
    String text = new String(out.toByteArray(), StandardCharsets.UTF_8);
    assertEquals(ExitCode.OK, code);
    assertTrue(text.contains("field1=world"), text);
    assertTrue(!text.contains("field0=hello\n"), "only the requested field is read: " + text);
    assertTrue(text.contains("Return code: NOT_FOUND"), text);
    assertTrue(text.contains("Unknown command 'bogus'"), text);
  }

  @Test
  void should_exit_2_when_the_binding_is_unknown() {
    int code = CommandLine.run(new String[]{"-db", "no.Such"}, new BufferedReader(new StringReader("")),
        new PrintStream(new ByteArrayOutputStream()));
    assertEquals(ExitCode.USAGE, code);
  }

  private static String[] runShell(String input, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldErr = System.err;
    int code;
    try {
      System.setErr(new PrintStream(err, true));
      code = CommandLine.run(args, new BufferedReader(new StringReader(input)), new PrintStream(out, true));
    } finally {
      System.setErr(oldErr);
    }
    return new String[]{Integer.toString(code), new String(out.toByteArray(), StandardCharsets.UTF_8),
        new String(err.toByteArray(), StandardCharsets.UTF_8)};
  }

  @Test
  void should_print_its_usage_and_not_start_when_asked_for_help() {
    String[] r = runShell("read k\n", "-db", MemoryDB.class.getName(), "--help");
    assertEquals("0", r[0]);
    assertTrue(r[1].startsWith("Usage: bin/ycsb shell"), r[1]);
    assertTrue(!r[1].contains("Return code"), "the shell must not run commands: " + r[1]);
  }

  @Test
  void should_name_the_option_when_a_trailing_option_has_no_value() {
    String[] r = runShell("", "-db", MemoryDB.class.getName(), "-P");
    assertEquals(Integer.toString(ExitCode.USAGE), r[0]);
    assertEquals("Error: -P needs a value", r[2].trim());
  }

  @Test
  void should_mask_secrets_when_the_basic_binding_prints_its_properties() {
    PrintStream oldOut = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(captured, true));
      runShell("quit\n", "-p", "basicdb.verbose=true", "-p", "db.password=S3cretPW", "-p", "my.api.token=T0k");
    } finally {
      System.setOut(oldOut);
    }
    String text = new String(captured.toByteArray(), StandardCharsets.UTF_8);
    assertTrue(text.contains("\"db.password\"=\"***\""), text);
    assertTrue(!text.contains("S3cretPW") && !text.contains("T0k"), text);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      "99999999999999|is too large (at most 2147483647)", "2147483648|is too large (at most 2147483647)",
      "0|must be at least 1", "-5|must be at least 1", "-99999999999999999999|must be at least 1",
      "x|is not a whole number", "1.5|is not a whole number", "1e3|is not a whole number", "0x10|is not a whole number"})
  void should_say_what_is_wrong_with_a_scan_count_and_not_call_the_binding(String count, String problem) {
    MemoryDB.clear();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code = CommandLine.run(new String[]{"-db", MemoryDB.class.getName(), "-table", "t"},
        new BufferedReader(new StringReader("scan k " + count + "\nquit\n")), new PrintStream(out, true));
    String text = new String(out.toByteArray(), StandardCharsets.UTF_8);
    assertEquals(ExitCode.OK, code);
    assertTrue(text.contains("recordcount " + count + " " + problem), text);
    assertTrue(!text.contains("Return code"), text);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"1", "2147483647", "+3", "007"})
  void should_scan_when_the_count_is_a_whole_number_in_range(String count) {
    assertEquals(null, CommandLine.scanCountProblem(count));
  }
}
