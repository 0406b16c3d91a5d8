package site.ycsb.distribution;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import site.ycsb.testsupport.ChildProcess;

/** The distribution's commands run with a timeout and their output captured ({@link ChildProcess}). */
final class Processes {
  private static final long DEFAULT_TIMEOUT_SECONDS = 180;

  private Processes() {
  }

  static ChildProcess.Result run(Path workDir, List<String> command) throws IOException, InterruptedException {
    return run(workDir, command, DEFAULT_TIMEOUT_SECONDS);
  }

  static ChildProcess.Result run(Path workDir, List<String> command, long timeoutSeconds)
      throws IOException, InterruptedException {
    return run(workDir, command, timeoutSeconds, "");
  }

  /** Runs {@code command}, writing {@code input} to its stdin and then closing it. */
  static ChildProcess.Result run(Path workDir, List<String> command, long timeoutSeconds, String input)
      throws IOException, InterruptedException {
    return ChildProcess.command(command).directory(workDir).input(input).run(timeoutSeconds);
  }

  /**
   * Runs bin/ycsb of the distribution in {@code home} the way a user on a bare machine would: {@code env -i} with
   * only PATH (system directories) and JAVA_HOME (the JDK running this test).
   */
  static ChildProcess.Result ycsb(Path home, String... args) throws IOException, InterruptedException {
    return ycsbWithEnv(home, new ArrayList<String>(), args);
  }

  /** As {@link #ycsb}, with extra {@code NAME=value} environment entries. */
  static ChildProcess.Result ycsbWithEnv(Path home, List<String> env, String... args)
      throws IOException, InterruptedException {
    return ycsbWithInput(home, env, "", args);
  }

  /** As {@link #ycsbWithEnv}, with {@code input} on stdin. */
  static ChildProcess.Result ycsbWithInput(Path home, List<String> env, String input, String... args)
      throws IOException, InterruptedException {
    return ChildProcess.launcher(home, env, Arrays.asList(args)).input(input).run(DEFAULT_TIMEOUT_SECONDS);
  }

  /** True when {@code program} is an executable file in a PATH directory of this JVM. */
  static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      File candidate = new File(dir, program);
      if (candidate.isFile() && candidate.canExecute()) {
        return true;
      }
    }
    return false;
  }
}
