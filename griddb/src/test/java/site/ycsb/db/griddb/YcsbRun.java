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

import site.ycsb.testsupport.ChildProcess;
import site.ycsb.testsupport.MetricLines;

/** Runs {@code site.ycsb.Client} in a child JVM (as a user would) and reads its result lines. */
final class YcsbRun {

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
    List<String> argv = new ArrayList<>(Arrays.asList(args));
    argv.add("-P");
    argv.add(propsFile.getPath());
    return new Started(ChildProcess.java(classpath, "site.ycsb.Client", argv).mergeErrors().start(), propsFile);
  }

  /** What the client prints once every thread is initialised, just before the operations start. */
  static final String OPERATIONS_START = "client threads initialised in";

  /** A client running in the background. */
  static final class Started implements AutoCloseable {
    private final ChildProcess process;
    private final File propsFile;

    private Started(ChildProcess process, File propsFile) {
      this.process = process;
      this.propsFile = propsFile;
    }

    /**
     * Waits until the output contains {@code text}, so that a test acts on the run when it has reached a point,
     * however slowly the machine started it; fails with the output if the run ends first or the wait times out.
     */
    void awaitOutput(String text, long timeout, TimeUnit unit) throws InterruptedException {
      process.awaitOutput(text, timeout, unit);
    }

    /** Waits for the end of the run (10 minutes at most) and returns its result. */
    YcsbRun finish() throws InterruptedException {
      ChildProcess.Result r = process.finish(TimeUnit.MINUTES.toSeconds(10));
      propsFile.delete();
      return new YcsbRun(r.exitCode, r.stdout);
    }

    @Override
    public void close() {
      process.close();
      propsFile.delete();
    }
  }

  /** Operation and status to count, from lines such as {@code [READ], Return=OK, 500}. */
  TreeMap<String, Long> returns() {
    return MetricLines.of(output).returns();
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
