package site.ycsb.db.griddb;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs {@code site.ycsb.Client} in a child JVM (as a user would) and reads its result lines. */
final class YcsbRun {
  private static final Pattern RETURN = Pattern.compile("^\\[([A-Z\\-]+)\\], Return=([A-Z_]+), (\\d+)$",
      Pattern.MULTILINE);

  final int exitCode;
  final String output;

  private YcsbRun(int exitCode, String output) {
    this.exitCode = exitCode;
    this.output = output;
  }

  /**
   * Runs the client to its end.
   *
   * @param classpath  classpath of the child JVM
   * @param props      properties written to a file passed with -P (so no password is on the command line)
   * @param args       Client arguments (e.g. -load, -threads 4)
   */
  static YcsbRun run(String classpath, Properties props, String... args) throws IOException, InterruptedException {
    try (Started started = start(classpath, props, args)) {
      return started.finish();
    }
  }

  /** Starts the client in the background (see {@link #run}); closing the handle kills it if it still runs. */
  static Started start(String classpath, Properties props, String... args) throws IOException {
    Path dir = Files.createTempDirectory("ycsb-griddb-it");
    File propsFile = dir.resolve("run.properties").toFile();
    try (OutputStream out = new FileOutputStream(propsFile)) {
      props.store(out, "GridDB integration test");
    }
    List<String> cmd = new ArrayList<>(Arrays.asList(
        new File(System.getProperty("java.home"), "bin/java").getPath(), "-cp", classpath, "site.ycsb.Client"));
    cmd.addAll(Arrays.asList(args));
    cmd.add("-P");
    cmd.add(propsFile.getPath());
    File log = dir.resolve("output.txt").toFile();
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log).start();
    return new Started(p, cmd, propsFile, log);
  }

  /** What the client prints once every thread is initialised, just before the operations start. */
  static final String OPERATIONS_START = "client threads initialised in";

  /** A client running in the background. */
  static final class Started implements AutoCloseable {
    private final Process process;
    private final List<String> cmd;
    private final File propsFile;
    private final File log;

    private Started(Process process, List<String> cmd, File propsFile, File log) {
      this.process = process;
      this.cmd = cmd;
      this.propsFile = propsFile;
      this.log = log;
    }

    /**
     * Waits until the output contains {@code text}, so that a test acts on the run when it has reached a point,
     * however slowly the machine started it; fails with the output if the run ends first or the wait times out.
     */
    void awaitOutput(String text, long timeout, TimeUnit unit) throws IOException, InterruptedException {
      long deadline = System.nanoTime() + unit.toNanos(timeout);
      while (true) {
        boolean ended = !process.isAlive();
        String output = output();
        if (output.contains(text)) {
          return;
        }
        if (ended || System.nanoTime() > deadline) {
          throw new AssertionError("'" + text + "' not in the output of the run (" + (ended ? "it ended, exit "
              + process.exitValue() : "still running after " + timeout + " " + unit) + "):\n" + output);
        }
        Thread.sleep(100);
      }
    }

    /** Waits for the end of the run (10 minutes at most) and returns its result. */
    YcsbRun finish() throws IOException, InterruptedException {
      if (!process.waitFor(10, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException("YCSB run did not finish in 10 minutes: " + cmd);
      }
      propsFile.delete();
      return new YcsbRun(process.exitValue(), output());
    }

    private String output() throws IOException {
      return new String(Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
      if (process.isAlive()) {
        process.destroyForcibly();
      }
      propsFile.delete();
    }
  }

  /** Operation and status to count, from lines such as {@code [READ], Return=OK, 500}. */
  TreeMap<String, Long> returns() {
    TreeMap<String, Long> out = new TreeMap<>();
    Matcher m = RETURN.matcher(output);
    while (m.find()) {
      out.merge(m.group(1) + " " + m.group(2), Long.parseLong(m.group(3)), Long::sum);
    }
    return out;
  }

  /** Result lines whose status is not OK (BATCHED_OK counts as OK). */
  List<String> nonOk() {
    List<String> bad = new ArrayList<>();
    for (String k : returns().keySet()) {
      if (!k.endsWith(" OK") && !k.endsWith(" BATCHED_OK")) {
        bad.add(k);
      }
    }
    return bad;
  }

  /** The tail of the output, for assertion messages. */
  String tail() {
    return output.length() > 4000 ? output.substring(output.length() - 4000) : output;
  }

  /** The test JVM's classpath as Maven computed it (dependency:build-classpath) plus the binding's classes. */
  static String itClasspath() throws IOException {
    String file = System.getProperty("griddb.it.classpathFile");
    String classes = System.getProperty("griddb.it.classesDir");
    if (file == null || classes == null) {
      throw new IllegalStateException("run through Maven failsafe (griddb.it.* system properties missing)");
    }
    return classes + File.pathSeparator
        + new String(Files.readAllBytes(new File(file).toPath()), StandardCharsets.UTF_8).trim();
  }
}
