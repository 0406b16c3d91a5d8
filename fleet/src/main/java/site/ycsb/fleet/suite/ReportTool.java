package site.ycsb.fleet.suite;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts the results module's tools ({@code bin/ycsb merge}, {@code bin/ycsb report}) as child processes. */
public final class ReportTool {
  private ReportTool() {
  }

  /** {@code bin/ycsb report -o OUT DIR...}; output to this process's output. */
  public static SuiteRunner.ReportStep report(Path home) {
    return (outDir, dirs) -> {
      List<String> cmd = new ArrayList<>();
      cmd.add(home.resolve("bin/ycsb").toString());
      cmd.add("report");
      cmd.add("-o");
      cmd.add(outDir.toString());
      for (Path d : dirs) {
        cmd.add(d.toString());
      }
      return new ProcessBuilder(cmd).inheritIO().start().waitFor();
    };
  }

  /** {@code bin/ycsb merge -o OUT DIR...}; the merged output.txt goes to {@code log}, warnings to stderr. */
  public static int merge(Path home, Path outDir, List<Path> inputs, Path log)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(home.resolve("bin/ycsb").toString());
    cmd.add("merge");
    cmd.add("-o");
    cmd.add(outDir.toString());
    for (Path d : inputs) {
      cmd.add(d.toString());
    }
    return new ProcessBuilder(cmd).redirectOutput(log.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT)
        .start().waitFor();
  }
}
