package site.ycsb.results;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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

  static void write(Path out, MergedRun run) throws IOException {
    Files.createDirectories(out.resolve(ResultDir.HDR_DIR));
    Json.write(out.resolve(ResultDir.SUMMARY), run.summary);
    Files.write(out.resolve(ResultDir.OUTPUT), TextOutput.render(run.summary).getBytes(StandardCharsets.UTF_8));
    TimeseriesCsv.write(out.resolve(ResultDir.TIMESERIES), run.timeseries);
    long start = run.summary.path("startEpochMs").asLong();
    if (run.scheduleLag != null) {
      HdrLog.write(out.resolve(ResultDir.SCHEDULE_LAG), "merged schedule lag (us) of "
          + run.summary.path("clients").size() + " clients", start, java.util.Collections.singletonList(run.scheduleLag));
    }
    for (Path f : run.serverFiles) {
      Files.copy(f, out.resolve(f.getFileName()));
    }
    for (Map.Entry<String, List<Histogram>> log : run.hdrLogs.entrySet()) {
      HdrLog.write(out.resolve(ResultDir.HDR_DIR).resolve(log.getKey() + ".hdr"),
          "merged " + log.getKey() + " of " + run.summary.path("clients").size() + " clients", start, log.getValue());
    }
  }
}
