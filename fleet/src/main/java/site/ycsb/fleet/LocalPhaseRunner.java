package site.ycsb.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/** Runs each phase as a fresh engine process through {@code <home>/bin/ycsb load|run <binding> ...}. */
final class LocalPhaseRunner implements PhaseRunner {
  private final Path home;
  private final String binding;
  private final List<String> clientArgs;

  LocalPhaseRunner(Path home, String binding, List<String> clientArgs) {
    this.home = home;
    this.binding = binding;
    this.clientArgs = clientArgs;
  }

  @Override
  public void prepare(List<Phase> phases) throws UsageException {
    for (Phase p : phases) {
      workloadFile(p);
    }
  }

  /** The workload file as given if it exists, else relative to the YCSB directory (workloads/workloada). */
  Path workloadFile(Phase phase) throws UsageException {
    Path given = Paths.get(phase.workloadFile());
    if (Files.isRegularFile(given)) {
      return given.toAbsolutePath();
    }
    if (!given.isAbsolute() && Files.isRegularFile(home.resolve(given))) {
      return home.resolve(given);
    }
    throw new UsageException("workload file " + phase.workloadFile() + " of phase " + phase.name()
        + " not found (here or in " + home + ")");
  }

  /** The engine command line of one phase. */
  List<String> command(Phase phase, Path dir) throws UsageException {
    List<String> cmd = new ArrayList<>();
    cmd.add(home.resolve("bin/ycsb").toString());
    cmd.add(phase.engineCommand());
    cmd.add(binding);
    String workload = workloadFile(phase).toString();
    cmd.addAll(PhaseProperties.workloadFirst(workload));
    cmd.addAll(clientArgs);
    cmd.addAll(PhaseProperties.runName(workload));
    cmd.add("-p");
    cmd.add("results.dir=" + dir.toAbsolutePath());
    return cmd;
  }

  @Override
  public PhaseOutcome run(Phase phase, int repeat, Path dir) throws IOException, InterruptedException {
    List<String> cmd;
    try {
      cmd = command(phase, dir);
    } catch (UsageException e) {
      return PhaseOutcome.failed(2, e.getMessage());
    }
    int code = new ProcessBuilder(cmd).inheritIO().start().waitFor();
    return code == 0 ? PhaseOutcome.ok()
        : PhaseOutcome.failed(code, "failed: the engine exited with code " + code + " (" + EngineExit.describe(code)
            + ")");
  }
}
