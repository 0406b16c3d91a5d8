package site.ycsb.fleet.suite;

import java.util.ArrayList;
import java.util.List;

import site.ycsb.fleet.UsageException;

/** One step of a suite: the load, or a run of one workload file. */
public final class Phase {
  private final String name;
  private final boolean load;
  private final String workloadFile;

  Phase(String name, boolean load, String workloadFile) {
    this.name = name;
    this.load = load;
    this.workloadFile = workloadFile;
  }

  /** The directory name of the phase's results: {@code load} or the workload file's name ({@code workloada}). */
  public String name() {
    return name;
  }

  public boolean isLoad() {
    return load;
  }

  /** The workload file given to the engine with {@code -P}; relative to the YCSB directory for a shipped one. */
  public String workloadFile() {
    return workloadFile;
  }

  /** The engine's phase flag. */
  public String engineCommand() {
    return load ? "load" : "run";
  }

  @Override
  public String toString() {
    return name;
  }

  /** The published method's order: load, then A, B, C, F, D (D inserts, so it comes late). */
  public static final String DEFAULT_ORDER = "load,a,b,c,f,d";

  /**
   * Phases from a comma-separated list. {@code load} is the load (of {@code loadWorkload}, or of the first run
   * phase's workload file, or workloada); {@code a}..{@code f} or {@code workloada}..{@code workloadf} are the
   * shipped files {@code workloads/workloadX}; anything else is a workload file path.
   */
  public static List<Phase> parseList(String list, String loadWorkload) throws UsageException {
    List<String> tokens = new ArrayList<>();
    for (String t : list.split(",", -1)) {
      String s = t.trim();
      if (s.isEmpty()) {
        throw new UsageException("--workloads " + list + ": empty entry in the list");
      }
      tokens.add(s);
    }
    List<Phase> runs = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (String t : tokens) {
      if (!"load".equals(t)) {
        Phase p = runPhase(t);
        if (names.contains(p.name())) {
          throw new UsageException("--workloads " + list + ": " + p.name() + " appears twice (use --repeat)");
        }
        names.add(p.name());
        runs.add(p);
      }
    }
    String forLoad = loadWorkload != null ? workloadPath(loadWorkload)
        : runs.isEmpty() ? "workloads/workloada" : runs.get(0).workloadFile();
    List<Phase> phases = new ArrayList<>();
    int runIndex = 0;
    boolean loadSeen = false;
    for (String t : tokens) {
      if ("load".equals(t)) {
        if (loadSeen) {
          throw new UsageException("--workloads " + list + ": load appears twice");
        }
        loadSeen = true;
        phases.add(new Phase("load", true, forLoad));
      } else {
        phases.add(runs.get(runIndex++));
      }
    }
    return phases;
  }

  private static Phase runPhase(String token) throws UsageException {
    String path = workloadPath(token);
    String base = path.substring(path.lastIndexOf('/') + 1);
    if (base.isEmpty() || "load".equals(base) || !base.matches("[A-Za-z0-9_.+=-]+")) {
      throw new UsageException("workload '" + token + "': its file name may hold only letters, digits and _.+=-");
    }
    return new Phase(base, false, path);
  }

  private static String workloadPath(String token) {
    if (token.matches("[a-fA-F]")) {
      return "workloads/workload" + token.toLowerCase();
    }
    if (token.matches("workload[a-f]")) {
      return "workloads/" + token;
    }
    return token;
  }
}
