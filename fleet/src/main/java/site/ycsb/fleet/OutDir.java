package site.ycsb.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The output directory of a suite must be new or empty, so results of different suites never mix. */
final class OutDir {
  private OutDir() {
  }

  static void requireFresh(Path out) throws UsageException, IOException {
    if (Files.exists(out)) {
      if (!Files.isDirectory(out)) {
        throw new UsageException("--out " + out + " is a file");
      }
      try (Stream<Path> s = Files.list(out)) {
        if (s.findAny().isPresent()) {
          throw new UsageException("--out " + out + " is not empty; choose a new directory");
        }
      }
    }
    Files.createDirectories(out);
  }
}
