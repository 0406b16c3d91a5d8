package site.ycsb.testsupport;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A process a test starts — a JVM running a main class ({@link #java}), the launcher {@code bin/ycsb} as a user on a
 * bare machine runs it ({@link #launcher}), or any command — with its standard output and error captured line by
 * line as they come, and a deadline on every wait: a process that does not finish in time is killed and the test
 * fails with what it printed.
 *
 * <p>The captured lines are safe to read from the test's thread while the process runs (the pumps add them).
 */
public final class ChildProcess implements AutoCloseable {
  /** How a child process is started; {@link #start} or {@link #run} it. */
  public static final class Builder {
    private final List<String> command;
    private File directory;
    private String input = "";
    private boolean mergeErrors;
    private Consumer<String> onOutputLine;
    private Consumer<String> onErrorLine;

    private Builder(List<String> command) {
      this.command = new ArrayList<>(command);
    }

    /** The working directory (default: the test's). */
    public Builder directory(Path dir) {
      this.directory = dir.toFile();
      return this;
    }

    /** Text written to the standard input, which is then closed (default: closed at once). */
    public Builder input(String text) {
      this.input = text;
      return this;
    }

    /** Standard error goes into the standard output, in the order written (as a terminal shows them). */
    public Builder mergeErrors() {
      this.mergeErrors = true;
      return this;
    }

    /** Called with every line of standard output as it comes, on the pump's thread. */
    public Builder onOutputLine(Consumer<String> each) {
      this.onOutputLine = each;
      return this;
    }

    /** Called with every line of standard error as it comes, on the pump's thread. */
    public Builder onErrorLine(Consumer<String> each) {
      this.onErrorLine = each;
      return this;
    }

    public ChildProcess start() throws IOException {
      return new ChildProcess(this);
    }

    /** Starts the process and waits at most {@code timeoutSeconds} for its end. */
    public Result run(long timeoutSeconds) throws IOException, InterruptedException {
      try (ChildProcess p = start()) {
        return p.finish(timeoutSeconds);
      }
    }
  }

  /** What a finished process left: its exit code and everything it printed. */
  public static final class Result {
    public final int exitCode;
    public final String stdout;
    public final String stderr;

    Result(int exitCode, String stdout, String stderr) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + tail(stdout) + "\n--- stderr\n" + tail(stderr);
    }
  }

  private final List<String> command;
  private final Process process;
  private final List<String> out = new CopyOnWriteArrayList<>();
  private final List<String> err = new CopyOnWriteArrayList<>();
  private final Thread outPump;
  private final Thread errPump;

  private ChildProcess(Builder b) throws IOException {
    this.command = b.command;
    ProcessBuilder pb = new ProcessBuilder(b.command).redirectErrorStream(b.mergeErrors);
    if (b.directory != null) {
      pb.directory(b.directory);
    }
    process = pb.start();
    try (OutputStream stdin = process.getOutputStream()) {
      stdin.write(b.input.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      // the process closed its input (it does not read it)
    }
    outPump = pump(process.getInputStream(), out, b.onOutputLine);
    errPump = b.mergeErrors ? null : pump(process.getErrorStream(), err, b.onErrorLine);
  }

  /** {@code java -cp classpath mainClass args...} with the JVM running the test. */
  public static Builder java(String classpath, String mainClass, List<String> args) {
    return java(Collections.<String>emptyList(), classpath, mainClass, args);
  }

  /** As {@link #java(String, String, List)}, with JVM options before the class path. */
  public static Builder java(List<String> jvmOptions, String classpath, String mainClass, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin" + File.separator + "java").getPath());
    cmd.addAll(jvmOptions);
    cmd.addAll(Arrays.asList("-cp", classpath, mainClass));
    cmd.addAll(args);
    return new Builder(cmd);
  }

  /**
   * {@code bin/ycsb args...} of the installation or checkout {@code home}, run the way a user on a bare machine runs
   * it: {@code env -i} with only PATH (system directories), JAVA_HOME (the JDK running the test) and {@code env}
   * ({@code NAME=value} entries); in {@code home}.
   */
  public static Builder launcher(Path home, List<String> env, List<String> args) {
    List<String> cmd = new ArrayList<>(Arrays.asList("env", "-i", "PATH=/usr/bin:/bin",
        "JAVA_HOME=" + System.getProperty("java.home")));
    cmd.addAll(env);
    cmd.add(home.resolve("bin").resolve("ycsb").toString());
    cmd.addAll(args);
    return new Builder(cmd).directory(home);
  }

  /** Any command. */
  public static Builder command(List<String> command) {
    return new Builder(command);
  }

  private static Thread pump(InputStream in, List<String> into, Consumer<String> each) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          into.add(line);
          if (each != null) {
            each.accept(line);
          }
        }
      } catch (IOException e) {
        // the process ended; keep what was read
      }
    }, "child-process-output");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** The lines of standard output so far, growing while the process runs (with the errors, when merged). */
  public List<String> outputLines() {
    return Collections.unmodifiableList(out);
  }

  /** The lines of standard error so far, growing while the process runs. */
  public List<String> errorLines() {
    return Collections.unmodifiableList(err);
  }

  /** The standard output so far (with the errors, when merged). */
  public String outputSoFar() {
    return String.join("\n", out);
  }

  /** The standard error so far. */
  public String errorsSoFar() {
    return String.join("\n", err);
  }

  /**
   * Waits until the output (standard output, then error) holds {@code text}, so that a test acts on a run when it
   * has reached a point, however slowly the machine started it; fails with the output if the process ends first or
   * the wait times out.
   */
  public void awaitOutput(String text, long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (true) {
      boolean ended = !process.isAlive();
      if (outputSoFar().contains(text) || errorsSoFar().contains(text)) {
        return;
      }
      if (ended || System.nanoTime() > deadline) {
        throw new AssertionError("'" + text + "' not in the output of " + command + " (" + (ended ? "it ended, exit "
            + process.exitValue() : "still running after " + timeout + " " + unit) + "):\n" + tail(outputSoFar())
            + "\n" + tail(errorsSoFar()));
      }
      Thread.sleep(100);
    }
  }

  /**
   * Waits until a line of the output (standard output, then error) passes {@code test} ({@code what} names it in the
   * failure); fails with the output if the process ends first or the wait times out.
   */
  public void awaitLine(java.util.function.Predicate<String> test, String what, long timeout, TimeUnit unit)
      throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (true) {
      boolean ended = !process.isAlive();
      for (List<String> lines : Arrays.asList(out, err)) {
        for (String line : lines) {
          if (test.test(line)) {
            return;
          }
        }
      }
      if (ended || System.nanoTime() > deadline) {
        throw new AssertionError(what + " not in the output of " + command + " (" + (ended ? "it ended, exit "
            + process.exitValue() : "still running after " + timeout + " " + unit) + "):\n" + tail(outputSoFar())
            + "\n" + tail(errorsSoFar()));
      }
      Thread.sleep(50);
    }
  }

  /**
   * SIGTERM, as {@code kill} sends it, so that the process's shutdown hooks run. Sent with the shell's kill rather
   * than Process.destroy(), which also closes the streams and would lose what the process prints while stopping.
   */
  public void terminate() throws IOException, InterruptedException {
    signal("TERM");
  }

  /** Sends the signal {@code name} ({@code INT}, {@code TERM}, {@code STOP}, {@code CONT}, ...) with kill. */
  public void signal(String name) throws IOException, InterruptedException {
    long pid = pid();
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new AssertionError("kill -" + name + " " + pid + " failed");
    }
  }

  /** The process id. */
  public long pid() {
    try {
      // Process.pid() is Java 9+; this module compiles for Java 8 and the tests run on 17+
      return (Long) Process.class.getMethod("pid").invoke(process);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("no process id on this JVM", e);
    }
  }

  /** Waits at most {@code timeoutSeconds} for the end; a process still running is killed and the test fails. */
  public Result finish(long timeoutSeconds) throws InterruptedException {
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("did not finish within " + timeoutSeconds + " s: " + command + "\n--- stdout\n"
          + tail(outputSoFar()) + "\n--- stderr\n" + tail(errorsSoFar()));
    }
    outPump.join(5000);
    if (errPump != null) {
      errPump.join(5000);
    }
    return new Result(process.exitValue(), lines(out), lines(err));
  }

  /**
   * Kills the process if it still runs and waits up to 10 s for its end (a test that failed half-way leaves nothing
   * behind).
   */
  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static String lines(List<String> lines) {
    return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
  }

  /** The end of a long output, for assertion messages. */
  static String tail(String text) {
    return text.length() <= 8000 ? text : "..." + text.substring(text.length() - 8000);
  }
}
