package site.ycsb.testserver.cassandra;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The directory of jars that runs Cassandra: {@code cassandra-all} and its runtime dependencies from Maven Central,
 * downloaded once by running Maven on a small pom shipped in this jar. The directory appears atomically (built
 * under a temporary name, then renamed) under a file lock, so concurrent JVMs never see a partial one.
 *
 * <p>Thread-safe: resolving the library is synchronized within a JVM, and its files are moved into place atomically, so
 * JVMs that need it at once share one copy.
 */
final class CassandraLibrary {
  static final String PROPERTY_AND_ENV = "YCSB_CASSANDRA_LIB";
  static final String POM_RESOURCE = "server-deps-pom.xml";
  private static final long MAVEN_TIMEOUT_MINUTES = 20;

  private CassandraLibrary() {
  }

  static Path defaultDirectory() {
    return Paths.get(System.getProperty("user.home"), ".cache", "ycsb",
        "cassandra-" + CassandraTestServer.CASSANDRA_VERSION, "lib");
  }

  /** The configured directory: system property, then environment variable YCSB_CASSANDRA_LIB, then the default. */
  static Path configuredDirectory(Map<String, String> env) {
    String configured = System.getProperty(PROPERTY_AND_ENV);
    if (configured == null || configured.trim().isEmpty()) {
      configured = env.get(PROPERTY_AND_ENV);
    }
    if (configured == null || configured.trim().isEmpty()) {
      return defaultDirectory();
    }
    return Paths.get(configured.trim()).toAbsolutePath().normalize();
  }

  static boolean isComplete(Path lib) {
    return Files.isRegularFile(lib.resolve("cassandra-all-" + CassandraTestServer.CASSANDRA_VERSION + ".jar"));
  }

  /** The jar directory, downloading it first if needed. */
  static Path resolve() {
    return resolve(configuredDirectory(System.getenv()), System.getenv());
  }

  static synchronized Path resolve(Path lib, Map<String, String> env) {
    if (isComplete(lib)) {
      return lib;
    }
    Path parent = lib.toAbsolutePath().getParent();
    try {
      Files.createDirectories(parent);
      try (FileChannel channel = FileChannel.open(parent.resolve(lib.getFileName() + ".lock"),
          StandardOpenOption.CREATE, StandardOpenOption.WRITE);
           FileLock ignored = channel.lock()) {
        if (isComplete(lib)) {
          return lib;
        }
        download(lib, env);
        return lib;
      }
    } catch (IOException e) {
      throw new TestServerException("cannot prepare Cassandra jars in " + lib + ": " + e.getMessage(), e);
    }
  }

  private static void download(Path lib, Map<String, String> env) throws IOException {
    Path mvn = findMaven(env);
    Path work = Files.createTempDirectory(lib.toAbsolutePath().getParent(), lib.getFileName() + ".tmp-");
    try {
      Path pom = work.resolve("pom.xml");
      try (InputStream in = CassandraLibrary.class.getResourceAsStream(POM_RESOURCE)) {
        if (in == null) {
          throw new TestServerException("resource " + POM_RESOURCE + " is missing from the test server jar");
        }
        Files.copy(in, pom);
      }
      Path out = work.resolve("lib");
      Path log = work.resolve("mvn.log");
      List<String> cmd = new ArrayList<>();
      cmd.add(mvn.toString());
      cmd.add("-B");
      cmd.add("-q");
      cmd.add("-Dstyle.color=never");
      cmd.add("-f");
      cmd.add(pom.toString());
      cmd.add("-Dcassandra.version=" + CassandraTestServer.CASSANDRA_VERSION);
      String repoLocal = System.getProperty("maven.repo.local");
      if (repoLocal != null) {
        cmd.add("-Dmaven.repo.local=" + repoLocal);
      }
      cmd.add("dependency:copy-dependencies");
      cmd.add("-DoutputDirectory=" + out);
      Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
          .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
      boolean finished;
      try {
        finished = p.waitFor(MAVEN_TIMEOUT_MINUTES, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
        throw new TestServerException("interrupted while Maven downloaded Cassandra jars");
      }
      if (!finished) {
        p.destroyForcibly();
        Path kept = keepLog(log, lib);
        throw new TestServerException("Maven did not finish downloading Cassandra jars within "
            + MAVEN_TIMEOUT_MINUTES + " minutes (output: " + kept + ")" + LogTail.describe(kept, 20));
      }
      if (p.exitValue() != 0 || !isComplete(out)) {
        Path kept = keepLog(log, lib);
        throw new TestServerException("Maven could not download org.apache.cassandra:cassandra-all:"
            + CassandraTestServer.CASSANDRA_VERSION + " (exit " + p.exitValue() + ", output: " + kept + ")"
            + LogTail.describe(kept, 20));
      }
      try {
        Files.move(out, lib, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(out, lib);
      }
    } finally {
      ServerDirectories.deleteRecursively(work);
    }
  }

  /** Keeps Maven's output next to the cache directory, since the temporary directory is deleted. */
  private static Path keepLog(Path log, Path lib) throws IOException {
    Path kept = lib.toAbsolutePath().getParent().resolve(lib.getFileName() + "-download-failed.log");
    Files.copy(log, kept, StandardCopyOption.REPLACE_EXISTING);
    return kept;
  }

  /** mvn from MAVEN_HOME (or M2_HOME, or the maven.home property), else from PATH. */
  static Path findMaven(Map<String, String> env) {
    for (String home : new String[] {env.get("MAVEN_HOME"), env.get("M2_HOME"), System.getProperty("maven.home")}) {
      if (home != null && !home.trim().isEmpty()) {
        Path mvn = Paths.get(home.trim(), "bin", "mvn");
        if (Files.isExecutable(mvn)) {
          return mvn;
        }
      }
    }
    String path = env.get("PATH");
    if (path != null) {
      for (String entry : path.split(File.pathSeparator)) {
        if (entry.isEmpty()) {
          continue;
        }
        Path mvn = Paths.get(entry, "mvn");
        if (Files.isExecutable(mvn)) {
          return mvn;
        }
      }
    }
    throw new TestServerException("Maven (mvn) is needed once to download Cassandra "
        + CassandraTestServer.CASSANDRA_VERSION + " into " + configuredDirectory(env)
        + ": put mvn on PATH, set MAVEN_HOME, or point " + PROPERTY_AND_ENV + " at a directory of its jars");
  }
}
