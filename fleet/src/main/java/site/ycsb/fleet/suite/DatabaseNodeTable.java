package site.ycsb.fleet.suite;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.DatabaseNodes;
import site.ycsb.output.SummaryFields.NodeFigures;
import site.ycsb.results.ResultDir;

/**
 * The database nodes of every completed phase, for suite-summary.md: per phase, repeat and node the mean and maximum
 * CPU, the I/O wait, disk and network rates (summary.json's {@code databaseNodes}), then the verdicts that named a
 * node as the limit and what could not be sampled.
 *
 * <p>Stateless; thread-safe.
 */
final class DatabaseNodeTable {
  private DatabaseNodeTable() {
  }

  /** The markdown section; "" when no phase sampled a database node. */
  static String markdown(List<Path> phaseDirs) {
    StringBuilder rows = new StringBuilder();
    List<String> notes = new ArrayList<>();
    for (Path dir : phaseDirs) {
      JsonNode section;
      try {
        section = ResultDir.load(dir).summary().path(SummaryFields.DATABASE_NODES);
      } catch (site.ycsb.results.UsageException e) {
        continue;
      }
      String phase = dir.getFileName().toString();
      String repeat = dir.getParent().getFileName().toString();
      for (JsonNode n : section.path(DatabaseNodes.NODES)) {
        rows.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s / %s | %s | %s / %s |%n", phase,
            repeat, n.path(NodeFigures.NODE).asText(), num(n, NodeFigures.CPU_MEAN_PCT),
            num(n, NodeFigures.CPU_MAX_PCT), num(n, NodeFigures.IOWAIT_MEAN_PCT),
            num(n, NodeFigures.DISK_READ_MEAN_MB_S), num(n, NodeFigures.DISK_WRITE_MEAN_MB_S),
            num(n, NodeFigures.DISK_BUSY_MAX_PCT), num(n, NodeFigures.NET_RX_MEAN_MB_S),
            num(n, NodeFigures.NET_TX_MEAN_MB_S)));
      }
      for (String kind : new String[] {DatabaseNodes.VERDICTS, DatabaseNodes.PROBLEMS}) {
        for (JsonNode v : section.path(kind)) {
          notes.add("- " + phase + " (repeat " + repeat + "): " + v.asText());
        }
      }
    }
    if (rows.length() == 0) {
      return "";
    }
    StringBuilder sb = new StringBuilder("\n## Database nodes per phase (mean over the measured phase; CPU in % of "
        + "the node's cores, a local server's process in % of its machine's)\n\n| phase | repeat | node | CPU mean % "
        + "| CPU max % | I/O wait % | disk read / write MB/s | disk busy max % | net in / out MB/s |\n"
        + "|---|---:|---|---:|---:|---:|---:|---:|---:|\n").append(rows);
    if (!notes.isEmpty()) {
      sb.append('\n').append(String.join("\n", notes)).append('\n');
    }
    return sb.toString();
  }

  /** Appends the section to the suite's summary file and prints it; nothing when no node was sampled. */
  static void append(Path summaryFile, List<Path> phaseDirs, PrintStream err) throws IOException {
    String md = markdown(phaseDirs);
    if (md.isEmpty()) {
      return;
    }
    Files.write(summaryFile, md.getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    err.print(md);
  }

  private static String num(JsonNode n, String field) {
    return n.path(field).isNumber() ? String.format(Locale.ROOT, "%.1f", n.path(field).asDouble()) : "-";
  }
}
