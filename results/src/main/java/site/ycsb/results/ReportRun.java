package site.ycsb.results;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A result directory as the report sees it: which configuration and which workload column it belongs to. */
final class ReportRun {
  private static final Pattern NODES_AFTER = Pattern.compile("(\\d+)\\s*[-_]?\\s*nodes?\\b",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern NODES_BEFORE = Pattern.compile("\\bnodes?\\s*[=_:-]?\\s*(\\d+)",
      Pattern.CASE_INSENSITIVE);

  final ResultDir dir;
  final String configuration;
  final String workload;

  ReportRun(ResultDir dir) {
    this(dir, configurationOf(dir), workloadOf(dir));
  }

  /** A run named by the caller (the two directories of {@code --compare A B}). */
  ReportRun(ResultDir dir, String configuration, String workload) {
    this.dir = dir;
    this.configuration = configuration;
    this.workload = workload;
  }

  /** "db-simple-name label" when the run has a label, otherwise the name of the directory's parent. */
  static String configurationOf(ResultDir dir) {
    String label = dir.label().trim();
    if (!label.isEmpty()) {
      String db = dir.db();
      return db.substring(db.lastIndexOf('.') + 1) + " " + label;
    }
    java.nio.file.Path parent = dir.dir().toAbsolutePath().normalize().getParent();
    return parent == null || parent.getFileName() == null ? dir.dir().getFileName().toString()
        : parent.getFileName().toString();
  }

  /** "load" for a load phase; "A".."F" for workloada..workloadf; otherwise the workload file name. */
  static String workloadOf(ResultDir dir) {
    if ("load".equals(dir.phase())) {
      return "load";
    }
    String name = dir.workloadName();
    if (name.matches("(?i)workload[a-z]")) {
      return name.substring(name.length() - 1).toUpperCase(Locale.ROOT);
    }
    return name.isEmpty() ? dir.phase() : name;
  }

  /**
   * Number of database nodes: property "nodes", else a number next to "node(s)" in the label ("3nodes", "nodes=3",
   * "griddb-5-node"); null when unknown.
   */
  Integer nodes() {
    Integer fromProperty = parse(dir.property("nodes"));
    if (fromProperty != null) {
      return fromProperty;
    }
    for (Pattern p : new Pattern[] {NODES_AFTER, NODES_BEFORE}) {
      Matcher m = p.matcher(dir.label());
      if (m.find()) {
        return parse(m.group(1));
      }
    }
    return null;
  }

  /** Number of client machines: property "clients", else the hosts a merged directory lists (1 if not merged). */
  int clients() {
    Integer fromProperty = parse(dir.property("clients"));
    return fromProperty != null ? fromProperty : dir.clients().size();
  }

  private static Integer parse(String s) {
    if (s == null) {
      return null;
    }
    try {
      return Integer.valueOf(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
