package site.ycsb.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The report's {@code -o} directory, checked before any input is read (a report of many runs should not fail only
 * when it is written): a file, a place under a file, a directory that cannot be written, a file system mounted
 * read-only. Each is "the report cannot be written" (exit 1) with its cause named.
 */
final class ReportOutput {
  private ReportOutput() {
  }

  /** Throws an IOException whose message names the cause when {@code out} cannot receive the report. */
  static void check(Path out) throws IOException {
    Path existing = out.toAbsolutePath().normalize();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return; // nothing exists above it: createDirectories will say why
    }
    if (!Files.isDirectory(existing)) {
      throw new IOException(existing.equals(out.toAbsolutePath().normalize()) ? "it is a file, not a directory"
          : "it lies under " + existing + ", which is a file");
    }
    if (!Files.isWritable(existing)) {
      throw new IOException((readOnlyStore(existing) ? "read-only file system: " : "permission denied: ") + existing);
    }
  }

  private static boolean readOnlyStore(Path p) {
    try {
      return Files.getFileStore(p).isReadOnly();
    } catch (IOException e) {
      return false;
    }
  }
}
