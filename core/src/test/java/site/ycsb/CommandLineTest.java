package site.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

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
}
