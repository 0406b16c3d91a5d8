package site.ycsb.fleet.suite;

import java.util.ArrayList;
import java.util.List;

import site.ycsb.cli.EngineCommandLine;
import site.ycsb.cli.EngineFlag;
import site.ycsb.cli.EngineOptions;

/**
 * Where a phase's workload file stands among the user's options, for {@code suite} and {@code fleet} alike. The
 * engine applies YCSB 0.17.0's rule (later {@code -P} files win, {@code -p} beats every file); the phase's workload
 * file ({@code workloads/workloada}) is given <em>first</em>, so that every {@code -P} file the user wrote overrides
 * it (a method file's {@code recordcount}/{@code operationcount} beats workloada's) and every {@code -p} overrides
 * both. The run is still named after the phase's workload file ({@code -p ycsb.workloadfile=workloada}).
 */
final class PhaseProperties {
  private PhaseProperties() {
  }

  /** The -P files in the order the engine reads them: the phase's workload file, then the user's, as given. */
  static List<String> fileOrder(String workloadFile, List<String> userFiles) {
    List<String> files = new ArrayList<>();
    files.add(workloadFile);
    files.addAll(userFiles);
    return files;
  }

  /** {@code -P workloadFile}: the arguments that go before every user option. */
  static List<String> workloadFirst(String workloadFile) {
    return EngineFlag.PROPERTY_FILE.with(workloadFile);
  }

  /** {@code -p ycsb.workloadfile=NAME}, NAME the workload file's name: after the user options. */
  static List<String> runName(String workloadFile) {
    String base = workloadFile.substring(Math.max(workloadFile.lastIndexOf('/'), workloadFile.lastIndexOf('\\')) + 1);
    return EngineCommandLine.set(EngineOptions.WORKLOAD_FILE_NAME, base);
  }
}
