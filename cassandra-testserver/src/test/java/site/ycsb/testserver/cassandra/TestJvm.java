package site.ycsb.testserver.cassandra;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a main class of this module (or of its tests) in a JVM of its own, as a user or a crashing fork would. */
final class TestJvm {
  private TestJvm() {
  }

  /** Exit code and everything the JVM printed (stdout and stderr together). */
  static final class Run {
    final int exitCode;
    final String output;

    Run(int exitCode, String output) {
      this.exitCode = exitCode;
      this.output = output;
    }

    @Override
    public String toString() {
      return "exit " + exitCode + ":\n" + output;
    }
  }

  /** Runs {@code main} to its end; fails the test if it takes longer than {@code timeoutSeconds}. */
  static Run run(Path workDir, Class<?> main, int timeoutSeconds, String... args) throws Exception {
    Path log = Files.createTempFile(Files.createDirectories(workDir), "run-", ".log");
    Process p = new ProcessBuilder(command(main, args)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(main.getSimpleName() + " " + Arrays.toString(args) + " did not finish in "
          + timeoutSeconds + " s: " + new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
    }
    return new Run(p.exitValue(), new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
  }

  /** Starts {@code main}; its stdout is readable from the process, its stderr goes to this JVM's. */
  static Process start(Class<?> main, String... args) throws IOException {
    return new ProcessBuilder(command(main, args)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  private static List<String> command(Class<?> main, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(ServerProcess.ownClasspath() + File.pathSeparator + location(TestJvm.class));
    cmd.add(main.getName());
    cmd.addAll(Arrays.asList(args));
    return cmd;
  }

  private static Path location(Class<?> c) {
    try {
      return Paths.get(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Waits up to {@code seconds} for {@code pid} to exit; kills it and returns false if it does not. */
  static boolean awaitExit(long pid, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (Signals.isAlive(pid) && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    if (Signals.isAlive(pid)) {
      Signals.send("KILL", pid);
      return false;
    }
    return true;
  }

  static long readPid(Path pidFile) throws IOException {
    return Long.parseLong(new String(Files.readAllBytes(pidFile), StandardCharsets.US_ASCII).trim());
  }
}
