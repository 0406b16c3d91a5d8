package site.ycsb.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Measurement;

/**
 * One result directory ({@code ycsb-result/1}): its summary.json plus paths to the other files. The files' and the
 * fields' names are those of {@link RecordFiles} and {@link SummaryFields}, which the engine writes.
 */
public final class ResultDir {

  private final Path dir;
  private final JsonNode summary;
  private final Path hdrDir;

  private ResultDir(Path dir, JsonNode summary, Path hdrDir) {
    this.dir = dir;
    this.summary = summary;
    this.hdrDir = hdrDir;
  }

  /**
   * For report: {@link #load}, or when DIR has no summary.json but HdrHistogram interval logs (YCSB 0.17.0's
   * {@code hdrhistogram.output.path}, in DIR/hdr or DIR), a result made from the logs ({@link Ycsb017Logs}).
   */
  static ResultDir loadOrLogs(Path dir) throws UsageException {
    if (Files.isDirectory(dir) && !Files.exists(dir.resolve(RecordFiles.SUMMARY))) {
      Path logs = Ycsb017Logs.logDir(dir);
      if (logs != null) {
        return new ResultDir(dir, Ycsb017Logs.summary(dir, logs), logs);
      }
    }
    return load(dir);
  }

  /** Reads DIR/summary.json; any problem with it is the user's input, hence a UsageException. */
  public static ResultDir load(Path dir) throws UsageException {
    if (!Files.isDirectory(dir)) {
      throw new UsageException("not a directory: " + dir);
    }
    Path file = dir.resolve(RecordFiles.SUMMARY);
    if (!Files.isRegularFile(file)) {
      throw new UsageException("not a result directory (no " + RecordFiles.SUMMARY + "): " + dir);
    }
    JsonNode node;
    try {
      node = Json.read(file);
    } catch (JsonProcessingException e) {
      throw new UsageException("unreadable " + file + ": " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new UsageException("cannot read " + file + ": " + e.getMessage());
    }
    if (node == null || !node.isObject()) {
      throw new UsageException(file + " does not hold a JSON object");
    }
    String format = node.path(SummaryFields.FORMAT).asText("");
    if (!SummaryFields.FORMAT_VALUE.equals(format)) {
      throw new UsageException(file + " has format '" + format + "', expected '" + SummaryFields.FORMAT_VALUE + "'");
    }
    for (String required : new String[] {SummaryFields.PHASE, SummaryFields.START_EPOCH_MS,
        SummaryFields.END_EPOCH_MS}) {
      if (!node.hasNonNull(required)) {
        throw new UsageException(file + " lacks \"" + required + "\"");
      }
    }
    checkTypes(file, node);
    return new ResultDir(dir, node, dir.resolve(RecordFiles.HDR_DIR));
  }

  /**
   * Refuses a summary whose figures have the wrong type or sign (a hand-edited or damaged file): read leniently,
   * "many" operations would count as 0 and a merged or reported figure would be silently wrong.
   */
  private static void checkTypes(Path file, JsonNode node) throws UsageException {
    for (String field : new String[] {SummaryFields.START_EPOCH_MS, SummaryFields.END_EPOCH_MS, SummaryFields.THREADS,
        SummaryFields.RUNTIME_MS, SummaryFields.OPERATIONS, SummaryFields.INIT_MS, SummaryFields.CLEANUP_MS,
        SummaryFields.RECORD_COUNT, SummaryFields.OPERATION_COUNT, SummaryFields.INSERT_START,
        SummaryFields.INSERT_COUNT}) {
      whole(file, node, field, field);
    }
    if (node.hasNonNull(SummaryFields.EXIT_CODE) && !node.get(SummaryFields.EXIT_CODE).canConvertToInt()) {
      throw new UsageException(file + ": \"" + SummaryFields.EXIT_CODE + "\" is " + node.get(SummaryFields.EXIT_CODE)
          + ", expected a whole number");
    }
    number(file, node, SummaryFields.THROUGHPUT, SummaryFields.THROUGHPUT);
    requireThroughputOfOperations(file, node);
    if (node.path(SummaryFields.END_EPOCH_MS).asLong() < node.path(SummaryFields.START_EPOCH_MS).asLong()) {
      throw new UsageException(file + ": \"" + SummaryFields.END_EPOCH_MS + "\" is before \""
          + SummaryFields.START_EPOCH_MS + "\"");
    }
    JsonNode ms = node.get(SummaryFields.MEASUREMENTS);
    if (ms == null || ms.isNull()) {
      return;
    }
    if (!ms.isObject()) {
      throw new UsageException(file + ": \"" + SummaryFields.MEASUREMENTS + "\" is not a JSON object");
    }
    Iterator<java.util.Map.Entry<String, JsonNode>> it = ms.fields();
    while (it.hasNext()) {
      java.util.Map.Entry<String, JsonNode> m = it.next();
      String where = SummaryFields.MEASUREMENTS + "." + m.getKey();
      if (!m.getValue().isObject()) {
        throw new UsageException(file + ": \"" + where + "\" is not a JSON object");
      }
      whole(file, m.getValue(), Measurement.OPERATIONS, where + "." + Measurement.OPERATIONS);
      for (String f : new String[] {Measurement.AVERAGE_US, Measurement.MIN_US, Measurement.MAX_US}) {
        number(file, m.getValue(), f, where + "." + f);
      }
    }
  }

  /**
   * The engine and merge write throughput as exactly operations / runtime; a summary where they disagree was edited
   * by hand or damaged, and report would show one figure while merge recomputed another.
   */
  private static void requireThroughputOfOperations(Path file, JsonNode node) throws UsageException {
    if (!node.hasNonNull(SummaryFields.THROUGHPUT) || !node.hasNonNull(SummaryFields.OPERATIONS)
        || !node.hasNonNull(SummaryFields.RUNTIME_MS)) {
      return;
    }
    long operations = node.get(SummaryFields.OPERATIONS).asLong();
    long runtimeMs = node.get(SummaryFields.RUNTIME_MS).asLong();
    double expected = runtimeMs == 0 ? 0.0 : 1000.0 * operations / runtimeMs;
    double written = node.get(SummaryFields.THROUGHPUT).asDouble();
    if (Math.abs(written - expected) > 1e-6 * Math.max(1.0, expected)) {
      throw new UsageException(file + ": \"" + SummaryFields.THROUGHPUT + "\" is " + written + " but \""
          + SummaryFields.OPERATIONS + "\" / \"" + SummaryFields.RUNTIME_MS + "\" is "
          + expected + " (" + operations + " in " + runtimeMs + " ms): the file was edited or damaged");
    }
  }

  private static void whole(Path file, JsonNode node, String field, String where) throws UsageException {
    JsonNode v = node.get(field);
    if (v != null && !v.isNull() && !(v.isIntegralNumber() && v.asLong() >= 0 && v.canConvertToLong())) {
      throw new UsageException(file + ": \"" + where + "\" is " + v + ", expected a whole number >= 0");
    }
  }

  private static void number(Path file, JsonNode node, String field, String where) throws UsageException {
    JsonNode v = node.get(field);
    if (v != null && !v.isNull() && !(v.isNumber() && v.asDouble() >= 0)) {
      throw new UsageException(file + ": \"" + where + "\" is " + v + ", expected a number >= 0");
    }
  }

  public Path dir() {
    return dir;
  }

  public JsonNode summary() {
    return summary;
  }

  public String text(String field) {
    return summary.path(field).asText("");
  }

  public String host() {
    String host = text(SummaryFields.HOST);
    return host.isEmpty() ? dir.getFileName().toString() : host;
  }

  public String label() {
    return text(SummaryFields.LABEL);
  }

  public String phase() {
    return text(SummaryFields.PHASE);
  }

  public String workload() {
    return text(SummaryFields.WORKLOAD);
  }

  public String workloadName() {
    return text(SummaryFields.WORKLOAD_NAME);
  }

  public String db() {
    return text(SummaryFields.DB);
  }

  public String version() {
    return text(SummaryFields.VERSION);
  }

  public long threads() {
    return summary.path(SummaryFields.THREADS).asLong(0);
  }

  public long startEpochMs() {
    return summary.path(SummaryFields.START_EPOCH_MS).asLong();
  }

  public long endEpochMs() {
    return summary.path(SummaryFields.END_EPOCH_MS).asLong();
  }

  public double throughput() {
    return summary.path(SummaryFields.THROUGHPUT).asDouble(0);
  }

  public long operations() {
    return summary.path(SummaryFields.OPERATIONS).asLong(0);
  }

  /** The status interval in ms; 0 when unknown. The engine writes seconds, possibly fractional (0.5). */
  public long statusIntervalMs() {
    return Math.round(summary.path(SummaryFields.STATUS_INTERVAL_SEC).asDouble(0) * 1000);
  }

  public JsonNode measurements() {
    return summary.path(SummaryFields.MEASUREMENTS);
  }

  public List<String> measurementNames() {
    List<String> names = new ArrayList<>();
    Iterator<String> it = measurements().fieldNames();
    while (it.hasNext()) {
      names.add(it.next());
    }
    return names;
  }

  /** Whether this is a merged result ({@code bin/ycsb merge}, fleet): its summary has a {@code merge} section. */
  public boolean isMerged() {
    return summary.has(SummaryFields.OfMerged.MERGE);
  }

  /**
   * What identifies one client run whatever its runId says (a copy whose runId was removed or edited is still the
   * same run): host, start, end, operation count and a digest of every measured figure (two clients on one host
   * that started together on {@code start.epochms} and stopped at one time limit still differ there).
   */
  public String fingerprint() {
    return text(SummaryFields.HOST) + "|" + startEpochMs() + "|" + endEpochMs() + "|" + operations() + "|"
        + Integer.toHexString(summary.path(SummaryFields.MEASUREMENTS).toString().hashCode());
  }

  /**
   * The client runs this directory's figures come from, each as {@code {runId, fingerprint}} (runId "" when the
   * summary has none): the run itself, or for a merged result the runs it was merged from ({@code
   * merge.sourceRuns}); null for a merged result written before merges recorded their sources.
   */
  public List<String[]> sourceRuns() {
    List<String[]> runs = new ArrayList<>();
    if (!isMerged()) {
      runs.add(new String[] {text(SummaryFields.RUN_ID), fingerprint()});
      return runs;
    }
    JsonNode sources = summary.path(SummaryFields.OfMerged.MERGE).path(SummaryFields.Merge.SOURCE_RUNS);
    if (!sources.isArray()) {
      return null;
    }
    for (JsonNode s : sources) {
      runs.add(new String[] {s.path(SummaryFields.SourceRun.RUN_ID).asText(""),
          s.path(SummaryFields.SourceRun.FINGERPRINT).asText("")});
    }
    return runs;
  }

  /** Hosts of the clients this directory covers: "clients" of a merged directory, else the one host. */
  public List<String> clients() {
    List<String> hosts = new ArrayList<>();
    for (JsonNode c : summary.path(SummaryFields.OfMerged.CLIENTS)) {
      hosts.add(c.asText());
    }
    if (hosts.isEmpty()) {
      hosts.add(host());
    }
    return hosts;
  }

  public String property(String name) {
    JsonNode value = summary.path(SummaryFields.PROPERTIES).get(name);
    return value == null || value.isNull() ? null : value.asText();
  }

  public Path scheduleLagLog() {
    return dir.resolve(RecordFiles.SCHEDULE_LAG);
  }

  public Path hdrLog(String measurement) {
    return hdrDir.resolve(measurement + RecordFiles.HDR_SUFFIX);
  }

  /** Where the hdr interval logs are: DIR/hdr (DIR itself for a 0.17.0 run whose prefix was DIR/). */
  public Path hdrDir() {
    return hdrDir;
  }

  public Path timeseries() {
    return dir.resolve(RecordFiles.TIMESERIES);
  }

  @Override
  public String toString() {
    return dir.toString();
  }
}
