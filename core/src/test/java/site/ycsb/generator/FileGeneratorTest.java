package site.ycsb.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileGeneratorTest {
  @TempDir
  Path dir;

  @Test
  void should_return_the_lines_in_order_when_drawing() throws IOException {
    Path file = dir.resolve("keys.txt");
    Files.write(file, "user1\nuser2\nuser3\n".getBytes(StandardCharsets.UTF_8));
    FileGenerator gen = new FileGenerator(file.toString());
    assertNull(gen.lastValue());
    assertEquals("user1", gen.nextValue());
    assertEquals("user2", gen.nextValue());
    assertEquals("user2", gen.lastValue());
    assertEquals("user3", gen.nextValue());
    assertNull(gen.nextValue());
    gen.reloadFile();
    assertEquals("user1", gen.nextValue());
  }

  @Test
  void should_fail_with_the_file_name_when_the_file_is_missing() {
    String missing = dir.resolve("nope.txt").toString();
    UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> new FileGenerator(missing));
    assertTrue(e.getMessage().contains(missing), e.getMessage());
  }
}
