package site.ycsb.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;

/** Writes a merged run as a result directory in the same format a single client writes. */
final class ResultWriter {
  private ResultWriter() {
  }

  /** Refuses a non-empty output directory, so an earlier result is never mixed with or overwritten by this one. */
  static void prepare(Path out) throws UsageException {
    if (Files.exists(out) && !Files.isDirectory(out)) {
      throw new UsageException("output " + out + " exists and is not a directory");
    }
    if (Files.isDirectory(out)) {
      try (Stream<Path> entries = Files.list(out)) {
        if (entries.findAny().isPresent()) {
          throw new UsageException("output directory " + out + " is not empty; choose another with -o");
        }
      } catch (IOException e) {
        throw new UsageException("cannot list " + out + ": " + e.getMessage());
      }
    }
  }

  /**
   * The directory merge writes its interval logs into while it merges (created here, with the output directory);
   * {@link #discard} removes it again when the merge fails.
   */
  static Path hdrDir(Path out) throws IOException {
    return Files.createDirectories(out.resolve(RecordFiles.HDR_DIR));
  }

  /**
   * Removes what a failed merge wrote into {@code out}, which {@link #prepare} found empty or missing: every file
   * under it, and {@code out} itself unless it {@code existed} before.
   */
  static void discard(Path out, boolean existed) {
    if (!Files.isDirectory(out)) {
      return;
    }
    try (Stream<Path> all = Files.walk(out)) {
      all.sorted(java.util.Comparator.reverseOrder()).filter(p -> existed ? !p.equals(out) : true)
          .forEach(p -> p.toFile().delete());
    } catch (IOException | java.io.UncheckedIOException e) {
      // best effort: the merge's own error is what the user needs to see
    }
  }

  /** Writes the merged run beside the interval logs {@link Merger} wrote into {@link #hdrDir}. */
  static void write(Path out, MergedRun run) throws IOException {
    hdrDir(out);
    Json.write(out.resolve(RecordFiles.SUMMARY), run.summary);
    Files.write(out.resolve(RecordFiles.OUTPUT), TextOutput.render(run.summary).getBytes(StandardCharsets.UTF_8));
    TimeseriesCsv.write(out.resolve(RecordFiles.TIMESERIES), run.timeseries);
    long start = run.summary.path(SummaryFields.START_EPOCH_MS).asLong();
    if (run.scheduleLag != null) {
      HdrLog.write(out.resolve(RecordFiles.SCHEDULE_LAG), "merged schedule lag (us) of "
          + run.summary.path(SummaryFields.OfMerged.CLIENTS).size() + " clients", start,
          java.util.Collections.singletonList(run.scheduleLag));
    }
    for (Path f : run.serverFiles) {
      Files.copy(f, out.resolve(f.getFileName()));
    }
  }
}
