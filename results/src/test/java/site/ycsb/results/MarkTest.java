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
import java.util.List;

/** {@code bin/ycsb mark}: a moment of a running benchmark marked from outside, with nothing of the engine. */
class MarkTest {
  private static final long NOW = 1_790_000_012_345L;

  @TempDir
  Path tmp;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int mark(String... args) {
    return Mark.run(args, NOW, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
  }

  private String stderr() {
    return new String(err.toByteArray(), StandardCharsets.UTF_8);
  }

  @Test
  void should_append_one_line_per_mark_when_marked_now_and_at_a_given_moment() throws Exception {
    assertEquals(0, mark(tmp.toString(), "kill node 3"), stderr());
    assertEquals(0, mark("--at", "1790000001000", tmp.toString(), "restart\tnode 3\nnow"), stderr());

    List<TimelineEvent> marks = MarksFile.read(tmp, "client-1");

    assertEquals(2, marks.size());
    assertEquals(NOW, marks.get(0).epochMs);
    assertEquals("kill node 3", marks.get(0).label);
    assertEquals(1_790_000_001_000L, marks.get(1).epochMs);
    assertEquals("restart node 3 now", marks.get(1).label, "one line, no tab");
    assertEquals("client-1", marks.get(1).client);
  }

  @Test
  void should_mask_a_secret_when_a_label_holds_one() throws Exception {
    assertEquals(0, mark(tmp.toString(), "switched to cassandra://u:hunter2@127.0.0.1 password=hunter2"));

    String file = new String(Files.readAllBytes(tmp.resolve(MarksFile.NAME)), StandardCharsets.UTF_8);

    assertFalse(file.contains("hunter2"), file);
  }

  @ParameterizedTest
  @ValueSource(strings = {"no-such-dir", "a-file"})
  void should_refuse_in_one_line_when_the_directory_is_not_one(String name) throws Exception {
    Files.write(tmp.resolve("a-file"), new byte[0]);

    assertEquals(2, mark(tmp.resolve(name).toString(), "x"));

    assertTrue(stderr().startsWith("mark: not a directory: "), stderr());
    assertEquals(1, stderr().trim().split("\n").length);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "1790000001", "17900000010000000", "soon", "-5", ""})
  void should_refuse_a_moment_when_it_is_not_epoch_milliseconds(String at) {
    assertEquals(2, mark("--at", at, tmp.toString(), "x"));

    assertTrue(stderr().contains("--at takes milliseconds since the epoch"), stderr());
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 3})
  void should_refuse_when_the_directory_or_label_is_missing_or_extra(int n) {
    String[] args = new String[n];
    java.util.Arrays.fill(args, tmp.toString());

    assertEquals(2, mark(args));

    assertTrue(stderr().contains("usage: ycsb mark"), stderr());
  }

  @Test
  void should_refuse_an_empty_label() {
    assertEquals(2, mark(tmp.toString(), "  "));
    assertTrue(stderr().contains("the label is empty"), stderr());
  }

  @Test
  void should_say_the_cause_when_the_directory_is_read_only() throws Exception {
    Path ro = Files.createDirectory(tmp.resolve("ro"));
    assertTrue(ro.toFile().setWritable(false));
    org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(ro), "running as a user who writes anyway (root)");
    try {
      assertEquals(1, mark(ro.toString(), "x"));
      assertTrue(stderr().contains("permission denied"), stderr());
    } finally {
      ro.toFile().setWritable(true);
    }
  }
}
