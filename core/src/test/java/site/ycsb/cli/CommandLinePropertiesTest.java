package site.ycsb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** YCSB 0.17.0's precedence rule, implemented once (CommandLineProperties) and used by the engine's command line. */
class CommandLinePropertiesTest {
  @TempDir
  Path tmp;

  private String file(String name, String... lines) throws Exception {
    Path p = tmp.resolve(name);
    Files.write(p, Arrays.asList(lines));
    return p.toString();
  }

  @Test
  void should_let_later_files_win_and_p_beat_every_file_when_merging() throws Exception {
    String a = file("a", "x=a", "y=a", "z=a");
    String b = file("b", "y=b", "z=b");
    Map<String, String> p = new LinkedHashMap<>();
    p.put("z", "p");
    Properties m = CommandLineProperties.merge(Arrays.asList(a, b), p);
    assertEquals("a", m.getProperty("x"));
    assertEquals("b", m.getProperty("y"));
    assertEquals("p", m.getProperty("z"));
  }

  @Test
  void should_apply_p_wherever_it_stands_on_the_client_command_line() throws Exception {
    String a = file("a", "operationcount=10");
    String b = file("b", "operationcount=20");
    EngineCommandLine c = EngineCommandLine.parse(Arrays.asList("-p", "operationcount=5", "-P", a, "-P", b));
    assertEquals("5", c.effectiveProperties().getProperty("operationcount"));
    EngineCommandLine d = EngineCommandLine.parse(Arrays.asList("-P", a, "-P", b));
    assertEquals("20", d.effectiveProperties().getProperty("operationcount"));
  }

  @Test
  void should_name_the_run_after_the_last_file_unless_the_command_line_names_it() throws Exception {
    String w = file("workloada", "recordcount=1");
    String common = file("common", "recordcount=2");
    assertEquals("common", EngineCommandLine.parse(Arrays.asList("-P", w, "-P", common)).effectiveProperties()
        .getProperty(EngineOptions.WORKLOAD_FILE_NAME.name()));
    assertEquals("workloada", EngineCommandLine.parse(Arrays.asList("-P", w, "-P", common, "-p",
        EngineOptions.WORKLOAD_FILE_NAME.name() + "=workloada")).effectiveProperties().getProperty(EngineOptions.WORKLOAD_FILE_NAME.name()));
  }

  @Test
  void should_report_an_unreadable_file_in_one_line_when_merging() {
    UsageException e = assertThrows(UsageException.class,
        () -> CommandLineProperties.merge(Collections.singletonList(tmp.resolve("missing").toString()),
            Collections.<String, String>emptyMap()));
    assertTrue(e.getMessage().startsWith("cannot read property file ") && !e.getMessage().contains("\n"),
        e.getMessage());
  }

  /** Content that is not a property file's text: binary, compressed, UTF-16, or with control characters. */
  static java.util.stream.Stream<byte[]> notText() {
    return java.util.stream.Stream.of(new byte[] {0},
        "recordcount=10\n\0\0\0\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
        new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3}, // gzip
        "recordcount=10\n".getBytes(java.nio.charset.StandardCharsets.UTF_16LE),
        "recordcount=10\n".getBytes(java.nio.charset.StandardCharsets.UTF_16), // with its byte-order mark
        new byte[] {(byte) 0x7f, 'E', 'L', 'F', 2, 1, 1, 0},
        "a=1\u001b[31mred\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
        "a=1\rb=2\u0007\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("notText")
  void should_refuse_a_file_in_one_line_when_it_is_not_text(byte[] content) throws Exception {
    java.nio.file.Path f = java.nio.file.Files.createTempFile("binary", ".properties");
    try {
      java.nio.file.Files.write(f, content);
      UsageException e = assertThrows(UsageException.class,
          () -> CommandLineProperties.merge(java.util.Collections.singletonList(f.toString()),
              java.util.Collections.<String, String>emptyMap()));
      assertTrue(e.getMessage().contains("is not a text file"), e.getMessage());
    } finally {
      java.nio.file.Files.delete(f);
    }
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"-threads=5", "-threads 5", "--x=1", "a\\u0000b=1",
      "a\\tb=1", "a\\ b=1", "\\ lead=1"})
  void should_refuse_a_file_in_one_line_when_a_name_in_it_is_not_what_the_user_meant(String line) throws Exception {
    java.nio.file.Path f = java.nio.file.Files.createTempFile("names", ".properties");
    try {
      java.nio.file.Files.write(f, ("recordcount=10\n" + line + "\n").getBytes(
          java.nio.charset.StandardCharsets.ISO_8859_1));
      UsageException e = assertThrows(UsageException.class,
          () -> CommandLineProperties.merge(java.util.Collections.singletonList(f.toString()),
              java.util.Collections.<String, String>emptyMap()));
      assertTrue(e.getMessage().startsWith("property file " + f), e.getMessage());
      assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("\u0000"), e.getMessage());
    } finally {
      java.nio.file.Files.delete(f);
    }
  }

  private String bytes(String name, byte[]... parts) throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.write(part);
    }
    Path p = tmp.resolve(name);
    Files.write(p, out.toByteArray());
    return p.toString();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  private static byte[] latin1(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  @Test
  void should_read_values_outside_ascii_as_written_when_the_file_is_utf8_with_or_without_a_byte_order_mark()
      throws Exception {
    String label = "Pr\u00fcfung-\u6771\u4eac caf\u00e9 \ud83d\ude80";
    Properties plain = CommandLineProperties.readPropertyFile(bytes("plain", utf8("label=" + label + "\n")));
    assertEquals(label, plain.getProperty("label"));
    Properties bom = CommandLineProperties.readPropertyFile(bytes("bom", new byte[] {(byte) 0xEF, (byte) 0xBB,
        (byte) 0xBF}, utf8("workload=site.ycsb.workloads.CoreWorkload\r\nlabel=" + label + "\r\n")));
    assertEquals("site.ycsb.workloads.CoreWorkload", bom.getProperty("workload"), "the mark is no part of a key");
    assertEquals(label, bom.getProperty("label"));
    // 0.17.0's escapes keep their meaning, beside literal characters
    Properties escaped = CommandLineProperties.readPropertyFile(bytes("esc", utf8("a=\\u00e9\\u6771 \u00e9\n")));
    assertEquals("\u00e9\u6771 \u00e9", escaped.getProperty("a"));
  }

  @Test
  void should_refuse_naming_the_line_when_a_property_is_not_utf8_and_read_latin1_comments_around_utf8_values()
      throws Exception {
    String latin1Value = bytes("value", utf8("# fine\nrecordcount=10\n"), latin1("label=caf\u00e9\n"));
    UsageException e = assertThrows(UsageException.class, () -> CommandLineProperties.readPropertyFile(latin1Value));
    assertEquals("property file " + latin1Value + ", line 3: not UTF-8 text; save the file as UTF-8, or write each "
        + "character outside ASCII as a \\u escape (e.g. \\u00e9 for e-acute)", e.getMessage());
    // a comment-looking line that continues a value is part of that value: refused too
    String continued = bytes("cont", utf8("label=a\\\n"), latin1("  # caf\u00e9\n"));
    assertTrue(assertThrows(UsageException.class, () -> CommandLineProperties.readPropertyFile(continued))
        .getMessage().contains(", line 2: not UTF-8 text"));
    // an old file's Latin-1 comments are never read: the file is accepted, its UTF-8 values read as UTF-8
    String comments = bytes("comments", latin1("# r\u00e9sum\u00e9 des param\u00e8tres\n! autre\u00e9\n"),
        utf8("label=Pr\u00fcfung\n"));
    Properties p = CommandLineProperties.readPropertyFile(comments);
    assertEquals("Pr\u00fcfung", p.getProperty("label"));
    assertEquals(1, p.size(), p.toString());
  }
}
