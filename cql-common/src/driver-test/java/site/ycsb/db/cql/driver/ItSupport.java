package site.ycsb.db.cql.driver;


import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.testsupport.ChildProcess;
import site.ycsb.testsupport.MetricLines;

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
    return MetricLines.of(output).longValue(metric, name, -1);
  }

  public static Path workDir(String name) throws IOException {
    Path dir = Paths.get(System.getProperty("test.workdir", "target/it-work"), name);
    Files.createDirectories(dir);
    return dir;
  }

  /** Runs {@code java -Xmx512m -cp classpath mainClass args...} in {@code dir}; at most {@code timeoutSeconds}. */
  public static ChildProcess.Result java(String classpath, String mainClass, List<String> args, Path dir,
      long timeoutSeconds) throws IOException, InterruptedException {
    return ChildProcess.java(Arrays.asList("-Xmx512m"), classpath, mainClass, args).directory(dir)
        .run(timeoutSeconds);
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

}
