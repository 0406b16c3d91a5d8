package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.ViewFigure;
import site.ycsb.output.SummaryFields.ViewNode;

/**
 * The database's own view of its nodes (summary.json's {@value #SECTION}, sampled by the bindings, e.g. Cassandra's
 * thread pools): kept per node by {@code merge} — clients of one phase see the same nodes, so a node is taken once,
 * from the client that sampled it most, with that client's mean and maximum over its measured run, never added up —
 * and shown by {@code report} as one row per phase, node and figure.
 *
 * <p>Stateless; thread-safe.
 */
final class DatabaseViewSection {
  static final String SECTION = SummaryFields.DATABASE_VIEW;

  private DatabaseViewSection() {
  }

  /**
   * The merged section: each node once (the client's record with the most samples of it), and the verdicts of the
   * clients whose records were taken; null when no client has the section.
   */
  static ObjectNode merge(List<ResultDir> dirs) {
    Map<String, JsonNode> chosen = new LinkedHashMap<>();
    Map<String, ResultDir> from = new LinkedHashMap<>();
    for (ResultDir d : dirs) {
      for (JsonNode n : d.summary().path(SECTION).path(SummaryFields.DatabaseView.NODES)) {
        String name = n.path(ViewNode.NODE).asText("");
        JsonNode earlier = chosen.get(name);
        if (!name.isEmpty() && (earlier == null
            || n.path(ViewNode.SAMPLES).asLong(0) > earlier.path(ViewNode.SAMPLES).asLong(0))) {
          chosen.put(name, n);
          from.put(name, d);
        }
      }
    }
    if (chosen.isEmpty()) {
      return null;
    }
    ObjectNode section = Json.object();
    ArrayNode nodes = section.putArray(SummaryFields.DatabaseView.NODES);
    chosen.values().forEach(n -> nodes.add(n.deepCopy()));
    Set<String> verdicts = new LinkedHashSet<>();
    for (ResultDir d : new LinkedHashSet<>(from.values())) {
      d.summary().path(SECTION).path(SummaryFields.DatabaseView.VERDICTS).forEach(v -> verdicts.add(v.asText()));
    }
    ArrayNode v = section.putArray(SummaryFields.DatabaseView.VERDICTS);
    verdicts.forEach(v::add);
    return section;
  }

  /** Whether any run has the database's own view of a node. */
  static boolean any(RunCatalog catalog) {
    for (ReportRun r : catalog.runs()) {
      if (r.dir.summary().path(SECTION).path(SummaryFields.DatabaseView.NODES).size() > 0) {
        return true;
      }
    }
    return false;
  }

  /** One row per workload, configuration, node and figure (figures that stayed 0 are not in the record). */
  static Table table(RunCatalog catalog) {
    Table t = new Table("database-view", "The database's own view of its nodes (mean and max over the measured "
        + "phase, sampled by the binding, e.g. Cassandra's system_views.thread_pools)", "Workload", "Configuration",
        "Node", "Source", "Samples", "Figure", "Mean", "Max");
    for (String w : catalog.workloads()) {
      for (String c : catalog.configurations()) {
        ReportRun r = catalog.get(c, w);
        if (r == null) {
          continue;
        }
        for (JsonNode n : r.dir.summary().path(SECTION).path(SummaryFields.DatabaseView.NODES)) {
          String source = n.path(ViewNode.BINDING).asText("") + ", " + n.path(ViewNode.SOURCE).asText("");
          Iterator<Map.Entry<String, JsonNode>> figures = n.path(ViewNode.FIGURES).fields();
          while (figures.hasNext()) {
            Map.Entry<String, JsonNode> f = figures.next();
            t.add(Arrays.asList(w, c, n.path(ViewNode.NODE).asText(), source, n.path(ViewNode.SAMPLES).asText(""),
                f.getKey(), num(f.getValue(), ViewFigure.MEAN), num(f.getValue(), ViewFigure.MAX)));
          }
        }
      }
    }
    return t;
  }

  private static String num(JsonNode n, String field) {
    return n.path(field).isNumber() ? String.format(Locale.ROOT, "%.1f", n.path(field).asDouble()) : "";
  }
}
