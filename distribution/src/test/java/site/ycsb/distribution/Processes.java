package site.ycsb.distribution;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs external commands with a timeout and captures their output. */
final class Processes {
  private static final long DEFAULT_TIMEOUT_SECONDS = 180;

  private Processes() {
  }

  static CommandResult run(Path workDir, List<String> command) throws IOException, InterruptedException {
    return run(workDir, command, DEFAULT_TIMEOUT_SECONDS);
  }

  static CommandResult run(Path workDir, List<String> command, long timeoutSeconds)
      throws IOException, InterruptedException {
    return run(workDir, command, timeoutSeconds, "");
  }

  /** Runs {@code command}, writing {@code input} to its stdin and then closing it. */
  static CommandResult run(Path workDir, List<String> command, long timeoutSeconds, String input)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
    Process process = builder.start();
    try (java.io.OutputStream stdin = process.getOutputStream()) {
      stdin.write(input.getBytes(StandardCharsets.UTF_8));
    }
    StreamCollector out = new StreamCollector(process.getInputStream());
    StreamCollector err = new StreamCollector(process.getErrorStream());
    out.start();
    err.start();
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("timed out after " + timeoutSeconds + " s: " + command);
    }
    out.join();
    err.join();
    return new CommandResult(process.exitValue(), out.text(), err.text());
  }

  /**
   * Runs bin/ycsb of the distribution in {@code home} the way a user on a bare machine would: {@code env -i} with
   * only PATH (system directories) and JAVA_HOME (the JDK running this test).
   */
  static CommandResult ycsb(Path home, String... args) throws IOException, InterruptedException {
    return ycsbWithEnv(home, new ArrayList<String>(), args);
  }

  /** As {@link #ycsb}, with extra {@code NAME=value} environment entries. */
  static CommandResult ycsbWithEnv(Path home, List<String> env, String... args)
      throws IOException, InterruptedException {
    return ycsbWithInput(home, env, "", args);
  }

  /** As {@link #ycsbWithEnv}, with {@code input} on stdin. */
  static CommandResult ycsbWithInput(Path home, List<String> env, String input, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(Arrays.asList(
        "env", "-i", "PATH=/usr/bin:/bin", "JAVA_HOME=" + System.getProperty("java.home")));
    command.addAll(env);
    command.add(home.resolve("bin").resolve("ycsb").toString());
    command.addAll(Arrays.asList(args));
    return run(home, command, DEFAULT_TIMEOUT_SECONDS, input);
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

  /** Drains one stream on its own thread so that a chatty process never blocks on a full pipe. */
  private static final class StreamCollector extends Thread {
    private final InputStream in;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

    StreamCollector(InputStream in) {
      this.in = in;
      setDaemon(true);
    }

    @Override
    public void run() {
      byte[] chunk = new byte[8192];
      try {
        int n;
        while ((n = in.read(chunk)) >= 0) {
          buffer.write(chunk, 0, n);
        }
      } catch (IOException e) {
        // The process ended; keep what was read.
      }
    }

    String text() {
      return new String(buffer.toByteArray(), StandardCharsets.UTF_8);
    }
  }
}
