package site.ycsb.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** One result directory ({@code ycsb-result/1}): its summary.json plus paths to the other files. */
public final class ResultDir {
  public static final String FORMAT = "ycsb-result/1";
  public static final String SUMMARY = "summary.json";
  public static final String OUTPUT = "output.txt";
  public static final String TIMESERIES = "timeseries.csv";
  public static final String HDR_DIR = "hdr";
  /** The schedule-lag log (us, HdrHistogram log), written by the engine and by merge; beside hdr/, not in it. */
  public static final String SCHEDULE_LAG = "schedule-lag.hdr";

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
    if (Files.isDirectory(dir) && !Files.exists(dir.resolve(SUMMARY))) {
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
    Path file = dir.resolve(SUMMARY);
    if (!Files.isRegularFile(file)) {
      throw new UsageException("not a result directory (no " + SUMMARY + "): " + dir);
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
    String format = node.path("format").asText("");
    if (!FORMAT.equals(format)) {
      throw new UsageException(file + " has format '" + format + "', expected '" + FORMAT + "'");
    }
    for (String required : new String[] {"phase", "startEpochMs", "endEpochMs"}) {
      if (!node.hasNonNull(required)) {
        throw new UsageException(file + " lacks \"" + required + "\"");
      }
    }
    checkTypes(file, node);
    return new ResultDir(dir, node, dir.resolve(HDR_DIR));
  }

  /**
   * Refuses a summary whose figures have the wrong type or sign (a hand-edited or damaged file): read leniently,
   * "many" operations would count as 0 and a merged or reported figure would be silently wrong.
   */
  private static void checkTypes(Path file, JsonNode node) throws UsageException {
    for (String field : new String[] {"startEpochMs", "endEpochMs", "threads", "runtimeMs", "operations",
        "initMs", "cleanupMs", "recordCount", "operationCount", "insertStart", "insertCount"}) {
      whole(file, node, field, field);
    }
    if (node.hasNonNull("exitCode") && !node.get("exitCode").canConvertToInt()) {
      throw new UsageException(file + ": \"exitCode\" is " + node.get("exitCode") + ", expected a whole number");
    }
    number(file, node, "throughput", "throughput");
    requireThroughputOfOperations(file, node);
    if (node.path("endEpochMs").asLong() < node.path("startEpochMs").asLong()) {
      throw new UsageException(file + ": \"endEpochMs\" is before \"startEpochMs\"");
    }
    JsonNode ms = node.get("measurements");
    if (ms == null || ms.isNull()) {
      return;
    }
    if (!ms.isObject()) {
      throw new UsageException(file + ": \"measurements\" is not a JSON object");
    }
    Iterator<java.util.Map.Entry<String, JsonNode>> it = ms.fields();
    while (it.hasNext()) {
      java.util.Map.Entry<String, JsonNode> m = it.next();
      String where = "measurements." + m.getKey();
      if (!m.getValue().isObject()) {
        throw new UsageException(file + ": \"" + where + "\" is not a JSON object");
      }
      whole(file, m.getValue(), "operations", where + ".operations");
      for (String f : new String[] {"averageUs", "minUs", "maxUs"}) {
        number(file, m.getValue(), f, where + "." + f);
      }
    }
  }

  /**
   * The engine and merge write throughput as exactly operations / runtime; a summary where they disagree was edited
   * by hand or damaged, and report would show one figure while merge recomputed another.
   */
  private static void requireThroughputOfOperations(Path file, JsonNode node) throws UsageException {
    if (!node.hasNonNull("throughput") || !node.hasNonNull("operations") || !node.hasNonNull("runtimeMs")) {
      return;
    }
    long operations = node.get("operations").asLong();
    long runtimeMs = node.get("runtimeMs").asLong();
    double expected = runtimeMs == 0 ? 0.0 : 1000.0 * operations / runtimeMs;
    double written = node.get("throughput").asDouble();
    if (Math.abs(written - expected) > 1e-6 * Math.max(1.0, expected)) {
      throw new UsageException(file + ": \"throughput\" is " + written + " but \"operations\" / \"runtimeMs\" is "
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
    String host = text("host");
    return host.isEmpty() ? dir.getFileName().toString() : host;
  }

  public String label() {
    return text("label");
  }

  public String phase() {
    return text("phase");
  }

  public String workload() {
    return text("workload");
  }

  public String workloadName() {
    return text("workloadName");
  }

  public String db() {
    return text("db");
  }

  public String version() {
    return text("version");
  }

  public long threads() {
    return summary.path("threads").asLong(0);
  }

  public long startEpochMs() {
    return summary.path("startEpochMs").asLong();
  }

  public long endEpochMs() {
    return summary.path("endEpochMs").asLong();
  }

  public double throughput() {
    return summary.path("throughput").asDouble(0);
  }

  public long operations() {
    return summary.path("operations").asLong(0);
  }

  /** The status interval in ms; 0 when unknown. The engine writes seconds, possibly fractional (0.5). */
  public long statusIntervalMs() {
    return Math.round(summary.path("statusIntervalSec").asDouble(0) * 1000);
  }

  public JsonNode measurements() {
    return summary.path("measurements");
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
    return summary.has("merge");
  }

  /**
   * What identifies one client run whatever its runId says (a copy whose runId was removed or edited is still the
   * same run): host, start, end, operation count and a digest of every measured figure (two clients on one host
   * that started together on {@code start.epochms} and stopped at one time limit still differ there).
   */
  public String fingerprint() {
    return text("host") + "|" + startEpochMs() + "|" + endEpochMs() + "|" + operations() + "|"
        + Integer.toHexString(summary.path("measurements").toString().hashCode());
  }

  /**
   * The client runs this directory's figures come from, each as {@code {runId, fingerprint}} (runId "" when the
   * summary has none): the run itself, or for a merged result the runs it was merged from ({@code
   * merge.sourceRuns}); null for a merged result written before merges recorded their sources.
   */
  public List<String[]> sourceRuns() {
    List<String[]> runs = new ArrayList<>();
    if (!isMerged()) {
      runs.add(new String[] {text("runId"), fingerprint()});
      return runs;
    }
    JsonNode sources = summary.path("merge").path("sourceRuns");
    if (!sources.isArray()) {
      return null;
    }
    for (JsonNode s : sources) {
      runs.add(new String[] {s.path("runId").asText(""), s.path("fingerprint").asText("")});
    }
    return runs;
  }

  /** Hosts of the clients this directory covers: "clients" of a merged directory, else the one host. */
  public List<String> clients() {
    List<String> hosts = new ArrayList<>();
    for (JsonNode c : summary.path("clients")) {
      hosts.add(c.asText());
    }
    if (hosts.isEmpty()) {
      hosts.add(host());
    }
    return hosts;
  }

  public String property(String name) {
    JsonNode value = summary.path("properties").get(name);
    return value == null || value.isNull() ? null : value.asText();
  }

  public Path scheduleLagLog() {
    return dir.resolve(SCHEDULE_LAG);
  }

  public Path hdrLog(String measurement) {
    return hdrDir.resolve(measurement + ".hdr");
  }

  /** Where the hdr interval logs are: DIR/hdr (DIR itself for a 0.17.0 run whose prefix was DIR/). */
  public Path hdrDir() {
    return hdrDir;
  }

  public Path timeseries() {
    return dir.resolve(TIMESERIES);
  }

  @Override
  public String toString() {
    return dir.toString();
  }
}
