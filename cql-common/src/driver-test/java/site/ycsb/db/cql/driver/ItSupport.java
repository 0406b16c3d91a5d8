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
    List<String> command = new ArrayList<>(Arrays.asList(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-cp", classpath,
        mainClass));
    command.addAll(args);
    File out = dir.resolve("stdout-" + System.nanoTime() + ".txt").toFile();
    File err = dir.resolve("stderr-" + System.nanoTime() + ".txt").toFile();
    Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out).redirectError(err)
        .start();
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail("java " + mainClass + " did not finish within " + timeoutSeconds + " s: " + args + "\n"
          + tail(read(err), 4000));
    }
    return new Run(process.exitValue(), read(out), read(err));
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
