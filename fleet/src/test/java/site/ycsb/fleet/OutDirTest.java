package site.ycsb.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutDirTest {
  @TempDir
  Path tmp;

  @Test
  void should_refuse_with_one_line_when_the_output_directory_cannot_be_created() throws Exception {
    Path file = tmp.resolve("file");
    Files.write(file, Collections.singletonList("x"), StandardCharsets.UTF_8);
    // under a file, and on a file system nobody can write (procfs, even as root)
    for (Path out : new Path[] {file.resolve("out"), Paths.get("/proc/ycsb-out-test")}) {
      UsageException e = assertThrows(UsageException.class, () -> OutDir.requireFresh(out));
      assertTrue(e.getMessage().startsWith("--out " + out + " cannot be created ("), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void should_remove_the_empty_tree_it_created_when_nothing_was_written() throws Exception {
    Path out = tmp.resolve("suite-out");
    assertTrue(OutDir.requireFresh(out));
    Files.createDirectories(out.resolve("1/load"));
    OutDir.removeIfNothingWritten(out, true);
    assertFalse(Files.exists(out));
  }

  @Test
  void should_keep_a_directory_it_did_not_create_when_removing_what_it_made() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("given"));
    assertFalse(OutDir.requireFresh(out));
    Files.createDirectories(out.resolve("1/workloada"));
    OutDir.removeIfNothingWritten(out, false);
    assertTrue(Files.isDirectory(out));
    assertEquals(0, out.toFile().list().length);
  }

  @Test
  void should_keep_everything_when_any_file_was_written() throws Exception {
    Path out = tmp.resolve("written");
    OutDir.requireFresh(out);
    Files.createDirectories(out.resolve("1/load"));
    Files.createDirectories(out.resolve("1/workloada"));
    Files.write(out.resolve("1/load/summary.json"), Collections.singletonList("{}"), StandardCharsets.UTF_8);
    OutDir.removeIfNothingWritten(out, true);
    assertTrue(Files.exists(out.resolve("1/load/summary.json")));
    assertTrue(Files.isDirectory(out.resolve("1/workloada")));
  }
}
