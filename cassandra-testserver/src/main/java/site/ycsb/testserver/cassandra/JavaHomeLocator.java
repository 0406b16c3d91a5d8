package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Picks the JDK that runs the server. Cassandra 5.0 runs on JDK 11 and 17 only (on JDK 25 it fails at start), so a
 * build on a newer JDK must still fork the server on an older one.
 */
final class JavaHomeLocator {
  static final String ENV_JAVA_HOME = "YCSB_CASSANDRA_JAVA_HOME";
  static final Path DEFAULT_JVM_ROOT = Paths.get("/usr/lib/jvm");

  private JavaHomeLocator() {
  }

  static Path locate() {
    return locate(System.getenv(), System.getProperty("java.home"), System.getProperty("java.specification.version"),
        DEFAULT_JVM_ROOT);
  }

  /**
   * @param currentHome java.home of this JVM
   * @param currentSpecVersion java.specification.version of this JVM ("17", "1.8")
   * @param jvmRoot directory whose subdirectories are JDK installations
   */
  static Path locate(Map<String, String> env, String currentHome, String currentSpecVersion, Path jvmRoot) {
    String configured = env.get(ENV_JAVA_HOME);
    if (configured != null && !configured.trim().isEmpty()) {
      Path home = Paths.get(configured.trim());
      if (!Files.isExecutable(javaExecutable(home))) {
        throw new TestServerException(ENV_JAVA_HOME + "=" + configured + " has no executable bin/java");
      }
      int major = majorVersionOf(home);
      if (major > 0 && !isSupported(major)) {
        throw new TestServerException(ENV_JAVA_HOME + "=" + configured + " is JDK " + major + "; Cassandra "
            + CassandraTestServer.CASSANDRA_VERSION + " needs JDK 11 to 17");
      }
      return home;
    }
    int currentMajor = parseMajor(currentSpecVersion);
    if (isSupported(currentMajor) && currentHome != null
        && Files.isExecutable(javaExecutable(Paths.get(currentHome)))) {
      return Paths.get(currentHome);
    }
    List<Path> candidates = installedJdks(jvmRoot);
    for (int wanted : new int[] {17, 11}) {
      for (Path home : candidates) {
        if (majorVersionOf(home) == wanted) {
          return home;
        }
      }
    }
    throw new TestServerException("no JDK 17 or 11 found to run Cassandra " + CassandraTestServer.CASSANDRA_VERSION
        + " (this JVM is " + currentSpecVersion + ", searched " + jvmRoot + "); set " + ENV_JAVA_HOME);
  }

  static boolean isSupported(int major) {
    return major >= 11 && major <= 17;
  }

  static Path javaExecutable(Path home) {
    return home.resolve("bin").resolve("java");
  }

  /** "1.8" gives 8, "17" gives 17, "17.0.15" gives 17; unparseable gives -1. */
  static int parseMajor(String version) {
    if (version == null) {
      return -1;
    }
    String v = version.trim();
    if (v.startsWith("1.")) {
      v = v.substring(2);
    }
    int end = 0;
    while (end < v.length() && Character.isDigit(v.charAt(end))) {
      end++;
    }
    return end == 0 ? -1 : Integer.parseInt(v.substring(0, end));
  }

  /** Major version from the JDK's {@code release} file (JAVA_VERSION="17.0.15"), or -1 if unknown. */
  static int majorVersionOf(Path home) {
    Path release = home.resolve("release");
    if (!Files.isRegularFile(release)) {
      return -1;
    }
    Properties props = new Properties();
    try (InputStream in = Files.newInputStream(release)) {
      props.load(in);
    } catch (IOException | IllegalArgumentException e) {
      return -1;
    }
    String value = props.getProperty("JAVA_VERSION");
    return value == null ? -1 : parseMajor(value.replace("\"", ""));
  }

  /** Subdirectories with an executable bin/java, each installation once (symlinked aliases collapsed), by name. */
  private static List<Path> installedJdks(Path jvmRoot) {
    List<Path> names = new ArrayList<>();
    if (!Files.isDirectory(jvmRoot)) {
      return names;
    }
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(jvmRoot)) {
      for (Path dir : dirs) {
        names.add(dir);
      }
    } catch (IOException e) {
      return names;
    }
    Collections.sort(names);
    Set<Path> unique = new LinkedHashSet<>();
    for (Path dir : names) {
      if (Files.isDirectory(dir) && Files.isExecutable(javaExecutable(dir))) {
        try {
          unique.add(dir.toRealPath());
        } catch (IOException e) {
          unique.add(dir);
        }
      }
    }
    return new ArrayList<>(unique);
  }
}
