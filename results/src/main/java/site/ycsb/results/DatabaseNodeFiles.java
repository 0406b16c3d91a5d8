package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import site.ycsb.telemetry.DatabaseNodes;
import site.ycsb.telemetry.NodeCsv;
import site.ycsb.telemetry.NodeInfo;
import site.ycsb.output.RecordFiles;
import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.NodeFigures;

/**
 * The database nodes' records of result directories ({@code server-<node>.csv} and summary.json's
 * {@code databaseNodes}, written by the engine's sampler): kept per node by {@code merge} — clients of one phase
 * measure the same nodes, so a node is taken once, from the client that sampled most of it, never added up — and
 * attached to a phase by the tools that sample remote nodes themselves ({@code --db-hosts}). The section is always
 * recomputed from the files over the result's own window.
 *
 * <p>Stateless; thread-safe.
 */
public final class DatabaseNodeFiles {
  /** One node of a result directory: who it is, its file, how many samples its summary counted. */
  static final class Node {
    final NodeInfo info;
    final Path file;
    final long samples;

    Node(NodeInfo info, Path file, long samples) {
      this.info = info;
      this.file = file;
      this.samples = samples;
    }
  }

  private DatabaseNodeFiles() {
  }

  /** The nodes of a result directory's summary, in its order; empty when none was sampled. */
  static List<Node> nodes(ResultDir d) {
    List<Node> out = new ArrayList<>();
    for (JsonNode n : d.summary().path(DatabaseNodes.SECTION).path(SummaryFields.DatabaseNodes.NODES)) {
      String name = n.path(NodeFigures.NODE).asText("");
      if (name.isEmpty()) {
        continue;
      }
      NodeInfo info = new NodeInfo(name, n.path(NodeFigures.SOURCE).asText(""),
          n.path(NodeFigures.LOCAL).asBoolean(false), n.path(NodeFigures.CORES).asInt(0));
      for (JsonNode p : n.path(NodeFigures.PROBLEMS)) {
        info.problem(p.asText());
      }
      out.add(new Node(info, d.dir().resolve(NodeCsv.fileName(name)), n.path(NodeFigures.SAMPLES).asLong(0)));
    }
    return out;
  }

  /** The mean over the nodes of their mean CPU in one result (percent), or null when no node has a figure. */
  public static Double meanCpu(ResultDir d) {
    double sum = 0;
    int n = 0;
    for (JsonNode node : d.summary().path(DatabaseNodes.SECTION).path(SummaryFields.DatabaseNodes.NODES)) {
      if (node.path(NodeFigures.CPU_MEAN_PCT).isNumber()) {
        sum += node.path(NodeFigures.CPU_MEAN_PCT).asDouble();
        n++;
      }
    }
    return n == 0 ? null : sum / n;
  }

  /** Each node's mean CPU in one result, "node 45.2%" joined with ", "; "" when none. */
  public static String cpuByNode(ResultDir d) {
    List<String> out = new ArrayList<>();
    for (JsonNode node : d.summary().path(DatabaseNodes.SECTION).path(SummaryFields.DatabaseNodes.NODES)) {
      if (node.path(NodeFigures.CPU_MEAN_PCT).isNumber()) {
        out.add(String.format(java.util.Locale.ROOT, "%s %.1f%%", node.path(NodeFigures.NODE).asText(),
            node.path(NodeFigures.CPU_MEAN_PCT).asDouble()));
      }
    }
    return String.join(", ", out);
  }

  /** The merged record: the section (null when no client sampled a node) and the files to copy. */
  static final class Merged {
    final ObjectNode section;
    final List<Path> files;

    Merged(ObjectNode section, List<Path> files) {
      this.section = section;
      this.files = files;
    }
  }

  /** Each node once (the client's record with the most samples), summarised over the merged window. */
  static Merged merge(List<ResultDir> dirs, long startEpochMs, long endEpochMs) throws UsageException {
    Map<String, Node> chosen = new LinkedHashMap<>();
    long interval = 0;
    for (ResultDir d : dirs) {
      interval = Math.max(interval,
          d.summary().path(DatabaseNodes.SECTION).path(SummaryFields.DatabaseNodes.INTERVAL_MS).asLong(0));
      for (Node n : nodes(d)) {
        Node earlier = chosen.get(n.info.name);
        if (earlier == null || n.samples > earlier.samples && Files.isRegularFile(n.file)) {
          chosen.put(n.info.name, n);
        }
      }
    }
    if (chosen.isEmpty()) {
      return new Merged(null, new ArrayList<>());
    }
    List<NodeInfo> infos = new ArrayList<>();
    List<Path> files = new ArrayList<>();
    for (Node n : chosen.values()) {
      infos.add(n.info);
      files.add(Files.isRegularFile(n.file) ? n.file : null);
    }
    try {
      ObjectNode section = (ObjectNode) Json.MAPPER.readTree(DatabaseNodes.fromFiles(interval, infos, files,
          startEpochMs, endEpochMs));
      List<Path> copy = new ArrayList<>();
      for (Path f : files) {
        if (f != null) {
          copy.add(f);
        }
      }
      return new Merged(section, copy);
    } catch (IOException e) {
      throw new UsageException("cannot read the database nodes' samples: " + e.getMessage());
    }
  }

  /**
   * Adds nodes sampled outside the engine (by a suite, fleet or findmax with {@code --db-hosts}) to a phase's result
   * directory: copies their files from {@code samplesDir} (replacing an engine's file of the same node: the nodes
   * named by the user win) and, when the directory holds a result, recomputes its {@code databaseNodes} section —
   * its own nodes and the added ones — over its measured window. A phase without a result still gets the files.
   */
  public static void attach(Path dir, long intervalMs, List<NodeInfo> added, Path samplesDir) throws IOException {
    Files.createDirectories(dir);
    for (NodeInfo n : added) {
      Path f = samplesDir.resolve(NodeCsv.fileName(n.name));
      if (Files.isRegularFile(f)) {
        Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    if (!Files.isRegularFile(dir.resolve(RecordFiles.SUMMARY))) {
      return;
    }
    ResultDir result;
    try {
      result = ResultDir.load(dir);
    } catch (UsageException e) {
      return; // a damaged summary is not made worse; the files are there
    }
    Map<String, NodeInfo> all = new LinkedHashMap<>();
    long interval = Math.max(intervalMs,
        result.summary().path(DatabaseNodes.SECTION).path(SummaryFields.DatabaseNodes.INTERVAL_MS).asLong(0));
    for (Node n : nodes(result)) {
      all.put(n.info.name, n.info);
    }
    for (NodeInfo n : added) {
      all.put(n.name, n);
    }
    List<NodeInfo> infos = new ArrayList<>(all.values());
    List<Path> files = new ArrayList<>();
    for (NodeInfo n : infos) {
      files.add(dir.resolve(NodeCsv.fileName(n.name)));
    }
    ObjectNode summary = (ObjectNode) result.summary();
    summary.set(DatabaseNodes.SECTION, Json.MAPPER.readTree(DatabaseNodes.fromFiles(interval, infos, files,
        result.startEpochMs(), result.endEpochMs())));
    Json.write(dir.resolve(RecordFiles.SUMMARY), summary);
  }
}
