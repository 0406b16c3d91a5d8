package site.ycsb.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A file of a run's record that a run may not have written (timeseries.csv, status.log, marks.tsv): read whole when
 * it is there, nothing when it is not, and one line naming the file and the cause when it cannot be read.
 */
final class OptionalFile {
  private OptionalFile() {
  }

  /** The file's lines (UTF-8); empty when it is not a regular file. */
  static List<String> lines(Path file) throws UsageException {
    if (!Files.isRegularFile(file)) {
      return new ArrayList<>();
    }
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UsageException("cannot read " + file + ": " + Messages.cause(e));
    }
  }
}
