package site.ycsb.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import site.ycsb.output.RecordFiles;

/** The runs a report covers, indexed by configuration and workload. */
final class RunCatalog {
  /** How deep below a given directory result directories are looked for (e.g. results/CONFIG/PHASE). */
  static final int SEARCH_DEPTH = 4;

  private final Map<String, Map<String, ReportRun>> byConfig = new LinkedHashMap<>();
  private final List<String> warnings = new ArrayList<>();

  /** Loads each DIR that is a result directory, or every result directory found below it. */
  static RunCatalog load(List<Path> inputs) throws UsageException {
    RunCatalog catalog = new RunCatalog();
    for (Path dir : resultDirs(inputs)) {
      catalog.add(new ReportRun(ResultDir.loadOrLogs(dir)));
    }
    return catalog;
  }

  /** Each DIR that is a result directory, or every result directory found below it; none found is an error. */
  static List<Path> resultDirs(List<Path> inputs) throws UsageException {
    List<Path> out = new ArrayList<>();
    for (Path input : inputs) {
      if (!Files.isDirectory(input)) {
        throw new UsageException("not a directory: " + input);
      }
      List<Path> found = find(input);
      if (found.isEmpty()) {
        throw new UsageException("no result directories (with " + RecordFiles.SUMMARY + ") in " + input);
      }
      out.addAll(found);
    }
    return out;
  }

  private static List<Path> find(Path input) throws UsageException {
    if (Files.isRegularFile(input.resolve(RecordFiles.SUMMARY)) || Ycsb017Logs.logDir(input) != null) {
      List<Path> one = new ArrayList<>();
      one.add(input);
      return one;
    }
    try (Stream<Path> files = Files.walk(input, SEARCH_DEPTH)) {
      return files.filter(p -> p.getFileName().toString().equals(RecordFiles.SUMMARY)).map(Path::getParent)
          .sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UsageException("cannot search " + input + ": " + Messages.cause(e));
    } catch (java.io.UncheckedIOException e) {
      // a directory below that cannot be read (/proc's, another user's): the user's input, said in one line
      throw new UsageException("cannot search " + input + ": " + Messages.cause(e)
          + " (give the result directories themselves)");
    }
  }

  /**
   * The two run directories of {@code --compare A B}, named by their directories (their parent too when the names are
   * alike); a run whose workload is unknown (0.17.0's logs) takes the other's, so that both meet in one column.
   */
  static RunCatalog pair(Path a, Path b) throws UsageException {
    ResultDir da = ResultDir.loadOrLogs(a);
    ResultDir db = ResultDir.loadOrLogs(b);
    String na = name(a, 1);
    String nb = name(b, 1);
    for (int depth = 2; na.equals(nb) && depth <= 4; depth++) {
      na = name(a, depth);
      nb = name(b, depth);
    }
    if (na.equals(nb)) {
      throw new UsageException("--compare " + a + " " + b + ": the same directory twice");
    }
    String wa = ReportRun.workloadOf(da);
    String wb = ReportRun.workloadOf(db);
    if (Ycsb017Logs.DB.equals(da.db())) {
      wa = wb;
    } else if (Ycsb017Logs.DB.equals(db.db())) {
      wb = wa;
    }
    RunCatalog catalog = new RunCatalog();
    catalog.add(new ReportRun(da, na, wa));
    catalog.add(new ReportRun(db, nb, wb));
    return catalog;
  }

  /** The last {@code depth} elements of a directory's real path, joined by "/". */
  private static String name(Path dir, int depth) {
    Path p = dir.toAbsolutePath().normalize();
    int n = p.getNameCount();
    return n == 0 ? p.toString() : p.subpath(Math.max(0, n - depth), n).toString();
  }

  private void add(ReportRun run) {
    Map<String, ReportRun> runs = byConfig.computeIfAbsent(run.configuration, k -> new LinkedHashMap<>());
    ReportRun earlier = runs.get(run.workload);
    if (earlier != null) {
      ReportRun keep = run.dir.startEpochMs() >= earlier.dir.startEpochMs() ? run : earlier;
      warnings.add("several results for " + run.configuration + " / " + run.workload + " (" + earlier.dir + ", "
          + run.dir + "); showing the later " + keep.dir + " (merge the clients of one run with 'ycsb merge')");
      runs.put(run.workload, keep);
    } else {
      runs.put(run.workload, run);
    }
  }

  List<String> warnings() {
    return warnings;
  }

  List<String> configurations() {
    return new ArrayList<>(byConfig.keySet());
  }

  /** Workload columns in report order: load, A..F, then others alphabetically. */
  List<String> workloads() {
    Set<String> all = new LinkedHashSet<>();
    byConfig.values().forEach(m -> all.addAll(m.keySet()));
    List<String> out = new ArrayList<>(all);
    out.sort(Comparator.comparing(RunCatalog::workloadRank).thenComparing(Comparator.naturalOrder()));
    return out;
  }

  private static int workloadRank(String w) {
    if (w.equals("load")) {
      return 0;
    }
    return w.length() == 1 && w.charAt(0) >= 'A' && w.charAt(0) <= 'F' ? 1 : 2;
  }

  ReportRun get(String configuration, String workload) {
    Map<String, ReportRun> runs = byConfig.get(configuration);
    return runs == null ? null : runs.get(workload);
  }

  List<ReportRun> runs() {
    List<ReportRun> out = new ArrayList<>();
    for (String c : configurations()) {
      for (String w : workloads()) {
        ReportRun r = get(c, w);
        if (r != null) {
          out.add(r);
        }
      }
    }
    return out;
  }

  /** Keeps only the given configurations, in the given order. */
  RunCatalog select(List<String> configurations) throws UsageException {
    RunCatalog out = new RunCatalog();
    out.warnings.addAll(warnings);
    for (String c : configurations) {
      if (!byConfig.containsKey(c)) {
        throw new UsageException("no configuration named '" + c + "'; found: " + String.join(", ", byConfig.keySet()));
      }
      out.byConfig.put(c, byConfig.get(c));
    }
    return out;
  }
}
