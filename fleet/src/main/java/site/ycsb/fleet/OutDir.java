package site.ycsb.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The output directory of a suite must be new or empty, so results of different suites never mix. */
public final class OutDir {
  private OutDir() {
  }

  /**
   * Refuses an output directory that is a file or holds anything, and creates it; returns whether it was created
   * (so that a run refused before it wrote anything can remove it again, see {@link #removeIfNothingWritten}).
   */
  public static boolean requireFresh(Path out) throws UsageException, IOException {
    // the phases' records nested in another run's record would be read again as part of it (real path: links too)
    String inside = site.ycsb.support.RunRecords.insideRecord("--out " + out, out);
    if (inside != null) {
      throw new UsageException(inside);
    }
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
    boolean created = !Files.exists(out);
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      // e.g. a read-only file system, or a parent that is a file: one line that says so, nothing ran (exit 2)
      throw new UsageException("--out " + out + " cannot be created (" + e.getClass().getSimpleName() + ": "
          + e.getMessage() + ")");
    }
    return created;
  }

  /**
   * After a run refused before anything ran (the engine's exit 2 on the first phase, a -P file that cannot be read):
   * removes the directories it made under {@code out}, and {@code out} itself when this run created it, as long as
   * they hold no file at all. A directory with any file in it is kept, whatever it is.
   */
  public static void removeIfNothingWritten(Path out, boolean created) {
    try {
      if (!Files.isDirectory(out)) {
        return;
      }
      java.util.List<Path> all;
      try (Stream<Path> s = Files.walk(out)) {
        all = s.collect(java.util.stream.Collectors.toList());
      }
      for (Path p : all) {
        if (!Files.isDirectory(p)) {
          return;
        }
      }
      java.util.Collections.reverse(all); // children before their parents
      for (Path p : all) {
        if (created || !p.equals(out)) {
          Files.delete(p);
        }
      }
    } catch (IOException e) {
      // Best effort: an empty directory left behind is untidy, not wrong.
    }
  }
}
