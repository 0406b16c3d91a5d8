package site.ycsb.db.cql.driver;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import site.ycsb.DB;
import site.ycsb.DBException;

/** Helpers for the integration tests: client lifecycle, stdout capture, forked YCSB runs. */
public final class ItSupport {
  private ItSupport() {
  }

  public static DB open(BindingUnderTest binding, Properties properties) throws DBException {
    DB db = binding.newDb();
    db.setProperties(properties);
    db.init();
    return db;
  }

  /** Runs the cleanup and returns what it printed on stdout (the retry summary of the last cleanup). */
  public static String cleanupCapturingStdout(DB db) throws DBException {
    PrintStream original = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true));
    try {
      db.cleanup();
    } finally {
      System.setOut(original);
    }
    String text = new String(captured.toByteArray(), StandardCharsets.UTF_8);
    original.print(text);
    return text;
  }

  /** The value of a {@code [metric], name, value} line, or -1 when absent. */
  public static long metric(String output, String metric, String name) {
    Matcher m = Pattern.compile("^\\[" + Pattern.quote(metric) + "\\], " + Pattern.quote(name) + ", (\\S+)\\s*$",
        Pattern.MULTILINE).matcher(output);
    return m.find() ? (long) Double.parseDouble(m.group(1)) : -1;
  }

  public static Path workDir(String name) throws IOException {
    Path dir = Paths.get(System.getProperty("test.workdir", "target/it-work"), name);
    Files.createDirectories(dir);
    return dir;
  }

  /** The result of a forked java process. */
  public static final class Run {
    public final int exitCode;
    public final String stdout;
    public final String stderr;

    Run(int exitCode, String stdout, String stderr) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + tail(stderr, 4000);
    }
  }

  /** Runs {@code java -cp classpath mainClass args...} and waits (at most {@code timeoutSeconds}). */
  public static Run java(String classpath, String mainClass, List<String> args, Path dir, long timeoutSeconds)
      throws IOException, InterruptedException {
    return start(classpath, mainClass, args, dir).finish(timeoutSeconds);
  }

  /** Starts {@code java -cp classpath mainClass args...} in the background (see {@link Forked}). */
  public static Forked start(String classpath, String mainClass, List<String> args, Path dir) throws IOException {
    List<String> command = new ArrayList<>(Arrays.asList(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-cp", classpath,
        mainClass));
    command.addAll(args);
    File out = dir.resolve("stdout-" + System.nanoTime() + ".txt").toFile();
    File err = dir.resolve("stderr-" + System.nanoTime() + ".txt").toFile();
    Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out).redirectError(err)
        .start();
    return new Forked(mainClass, args, process, out, err);
  }

  /** A forked java process running in the background, its output going to files that can be read meanwhile. */
  public static final class Forked {
    private static final Pattern STATUS = Pattern.compile(" sec: (\\d+) operations;");
    private final String mainClass;
    private final List<String> args;
    private final Process process;
    private final File out;
    private final File err;

    Forked(String mainClass, List<String> args, Process process, File out, File err) {
      this.mainClass = mainClass;
      this.args = args;
      this.process = process;
      this.out = out;
      this.err = err;
    }

    /** What it has written on stderr so far. */
    public String stderrSoFar() throws IOException {
      return read(err);
    }

    /**
     * Waits until the engine's status lines ({@code -s}, {@code status.interval}) count at least {@code operations}
     * measured operations; fails when the process ends first or {@code timeoutSeconds} pass.
     */
    public void awaitOperations(long operations, long timeoutSeconds) throws IOException, InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
      while (true) {
        Matcher m = STATUS.matcher(stderrSoFar());
        long done = -1;
        while (m.find()) {
          done = Long.parseLong(m.group(1));
        }
        if (done >= operations) {
          return;
        }
        if (!process.isAlive()) {
          fail(mainClass + " ended before " + operations + " operations: " + finish(1));
        }
        if (System.nanoTime() - deadline > 0) {
          fail(mainClass + " did not reach " + operations + " operations within " + timeoutSeconds + " s (at "
              + done + "):\n" + tail(stderrSoFar(), 4000));
        }
        Thread.sleep(200);
      }
    }

    /** Waits for the end (at most {@code timeoutSeconds}, then it is killed and the test fails). */
    public Run finish(long timeoutSeconds) throws IOException, InterruptedException {
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        fail("java " + mainClass + " did not finish within " + timeoutSeconds + " s: " + args + "\n"
            + tail(read(err), 4000));
      }
      return new Run(process.exitValue(), read(out), read(err));
    }

    /** Ends it at once (cleanup of a failed test). */
    public void kill() {
      process.destroyForcibly();
    }
  }

  /** Writes a properties file (a YCSB workload file) and returns its path. */
  public static Path writeProperties(Path dir, String name, Properties properties) throws IOException {
    Path file = dir.resolve(name);
    StringBuilder text = new StringBuilder();
    for (String key : properties.stringPropertyNames()) {
      text.append(key).append('=').append(properties.getProperty(key)).append('\n');
    }
    Files.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
    return file;
  }

  private static String read(File file) throws IOException {
    return new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8);
  }

  static String tail(String text, int chars) {
    return text.length() <= chars ? text : "..." + text.substring(text.length() - chars);
  }
}
