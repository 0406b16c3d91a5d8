package site.ycsb.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code marks.tsv} in a run's results directory: the moments a user or a script marked during the run
 * ({@code bin/ycsb mark}), one line each, {@code <epoch ms> TAB <label>}. Appended line by line so that marks of
 * several processes do not mix (each append is one short write).
 */
final class MarksFile {
  static final String NAME = "marks.tsv";
  /** A mark's label is a short note for a chart's table, not a log. */
  static final int MAX_LABEL = 200;

  private MarksFile() {
  }

  /** Appends one mark; the label is cut to one line of {@link #MAX_LABEL} characters, secrets masked. */
  static void append(Path dir, long epochMs, String label) throws IOException {
    String clean = site.ycsb.support.SecretNames.maskText(label.replaceAll("[\\t\\r\\n]+", " ").trim());
    if (clean.length() > MAX_LABEL) {
      clean = clean.substring(0, MAX_LABEL);
    }
    Files.write(dir.resolve(NAME), (epochMs + "\t" + clean + "\n").getBytes(StandardCharsets.UTF_8),
        StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
  }

  /** The marks of a directory, as events of {@code client}; lines that are not marks are skipped. */
  static List<TimelineEvent> read(Path dir, String client) throws UsageException {
    List<TimelineEvent> out = new ArrayList<>();
    Path file = dir.resolve(NAME);
    List<String> lines = OptionalFile.lines(file);
    for (String line : lines) {
      int tab = line.indexOf('\t');
      if (tab <= 0) {
        continue;
      }
      try {
        long at = Long.parseLong(line.substring(0, tab).trim());
        String label = line.substring(tab + 1).trim();
        out.add(TimelineEvent.moment(at, TimelineEvent.Kind.MARK, label, "marked: " + label, client));
      } catch (NumberFormatException e) {
        // a line someone wrote by hand without a time: not a moment on the axis
      }
    }
    return out;
  }
}
