package site.ycsb;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a class's main method in a fresh JVM (the current one's java) and captures its output. */
final class JavaProcess {
  final int exitCode;
  final String output;

  private JavaProcess(int exitCode, String output) {
    this.exitCode = exitCode;
    this.output = output;
  }

  static JavaProcess run(File workDir, String classpath, String mainClass, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.add(mainClass);
    cmd.addAll(Arrays.asList(args));
    File log = File.createTempFile("java-process", ".log", workDir);
    Process p = new ProcessBuilder(cmd).directory(workDir).redirectErrorStream(true)
        .redirectOutput(log).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("timed out: " + cmd);
    }
    return new JavaProcess(p.exitValue(), new String(Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "exit " + exitCode + ":\n" + output;
  }
}
