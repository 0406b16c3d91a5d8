package site.ycsb.distribution;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Finds jar conflicts in an unpacked distribution: two versions of one artifact in a directory, Netty modules of
 * different versions in a directory, a binding or tool directory repeating an artifact of lib/, and one class with
 * two different contents in two jars of the same classpath (lib/ plus one module's lib/). Identical copies of a class
 * (e.g. a small library shaded unchanged into two jars of one vendor release) are not conflicts.
 */
final class JarConflictCheck {
  private static final Pattern VERSIONED_NAME = Pattern.compile("^(.+?)-(\\d.*)\\.jar$");
  private static final Pattern POM_PROPERTIES = Pattern.compile("^META-INF/maven/[^/]+/[^/]+/pom\\.properties$");
  private static final int MAX_CLASS_REPORTS = 5;
  /** The one artifact both lib/ and the binding directories ship on purpose. */
  static final String SHIPPED_WITH_EACH_BINDING = "binding-support";

  private JarConflictCheck() {
  }

  /** One line per problem; empty when the distribution is clean. */
  static List<String> problems(Path home) throws IOException {
    List<String> problems = new ArrayList<>();
    Path lib = home.resolve("lib");
    List<JarId> core = identify(lib);
    problems.addAll(versionConflicts("lib", core));
    problems.addAll(duplicateClasses("lib", core, 0));
    for (Path moduleLib : moduleLibDirs(home)) {
      String where = home.relativize(moduleLib).toString();
      List<JarId> jars = identify(moduleLib);
      problems.addAll(versionConflicts(where, jars));
      for (JarId jar : jars) {
        for (JarId inLib : core) {
          // binding-support is in lib/ (core uses it) and, by design, in each binding's lib/ too (so that the
          // binding directory still drops into a YCSB 0.17.0 install); the very same file is not a conflict.
          boolean byDesign = jar.artifact.equals(SHIPPED_WITH_EACH_BINDING) && jar.file.equals(inLib.file);
          if (jar.artifact.equals(inLib.artifact) && !byDesign) {
            problems.add(where + ": " + jar.file + " repeats " + inLib.file + " of lib/ (lib/ is on every classpath)");
          }
        }
      }
      List<JarId> classpath = new ArrayList<>(core);
      classpath.addAll(jars);
      problems.addAll(duplicateClasses("lib + " + where, classpath, core.size()));
    }
    return problems;
  }

  private static List<Path> moduleLibDirs(Path home) throws IOException {
    List<Path> dirs = new ArrayList<>();
    try (DirectoryStream<Path> children = Files.newDirectoryStream(home)) {
      for (Path child : children) {
        Path lib = child.resolve("lib");
        if (!child.getFileName().toString().equals("lib") && Files.isDirectory(lib)) {
          dirs.add(lib);
        }
      }
    }
    dirs.sort(null);
    return dirs;
  }

  private static List<JarId> identify(Path dir) throws IOException {
    List<JarId> jars = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return jars;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.jar")) {
      for (Path file : files) {
        jars.add(JarId.of(file));
      }
    }
    jars.sort((a, b) -> a.file.compareTo(b.file));
    return jars;
  }

  private static List<String> versionConflicts(String where, List<JarId> jars) {
    List<String> problems = new ArrayList<>();
    Map<String, List<JarId>> byArtifact = new TreeMap<>();
    List<JarId> netty = new ArrayList<>();
    for (JarId jar : jars) {
      byArtifact.computeIfAbsent(jar.artifact, k -> new ArrayList<>()).add(jar);
      if ("io.netty".equals(jar.group) && !jar.artifact.startsWith("netty-tcnative")) {
        netty.add(jar);
      }
    }
    for (Map.Entry<String, List<JarId>> entry : byArtifact.entrySet()) {
      if (distinctVersions(entry.getValue()) > 1) {
        problems.add(where + ": several versions of " + entry.getKey() + ": " + files(entry.getValue()));
      }
    }
    if (distinctVersions(netty) > 1) {
      problems.add(where + ": Netty modules of different versions: " + files(netty));
    }
    return problems;
  }

  /** Versions that differ only by a classifier suffix (4.1.100.Final vs 4.1.100.Final-linux-x86_64) count once. */
  private static int distinctVersions(List<JarId> jars) {
    List<String> kept = new ArrayList<>();
    List<String> versions = new ArrayList<>();
    for (JarId jar : jars) {
      versions.add(jar.version);
    }
    versions.sort((a, b) -> a.length() - b.length());
    for (String version : versions) {
      boolean same = false;
      for (String seen : kept) {
        same |= version.equals(seen) || version.startsWith(seen + "-");
      }
      if (!same) {
        kept.add(version);
      }
    }
    return kept.size();
  }

  /**
   * Classes found with different content (CRC-32 or size) in two jars; reported only when the later jar is at index
   * {@code firstReported} or above.
   */
  private static List<String> duplicateClasses(String where, List<JarId> jars, int firstReported)
      throws IOException {
    List<String> problems = new ArrayList<>();
    Map<String, String> owner = new TreeMap<>();
    Map<String, String> content = new TreeMap<>();
    Map<String, String> clashes = new TreeMap<>();
    for (int i = 0; i < jars.size(); i++) {
      JarId jar = jars.get(i);
      try (ZipFile zip = new ZipFile(jar.path.toFile())) {
        Enumeration<? extends ZipEntry> entries = zip.entries();
        while (entries.hasMoreElements()) {
          ZipEntry entry = entries.nextElement();
          String name = entry.getName();
          if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")) {
            continue;
          }
          String previous = owner.putIfAbsent(name, jar.file);
          String fingerprint = entry.getCrc() + "/" + entry.getSize();
          String previousFingerprint = content.putIfAbsent(name, fingerprint);
          if (previous != null && !previous.equals(jar.file) && i >= firstReported
              && !fingerprint.equals(previousFingerprint)) {
            clashes.putIfAbsent(previous + " and " + jar.file, name);
          }
        }
      }
    }
    int reported = 0;
    for (Map.Entry<String, String> clash : clashes.entrySet()) {
      if (reported++ == MAX_CLASS_REPORTS) {
        problems.add(where + ": ... and " + (clashes.size() - MAX_CLASS_REPORTS) + " more jar pairs sharing classes");
        break;
      }
      problems.add(where + ": " + clash.getKey() + " hold different versions of classes, e.g. " + clash.getValue());
    }
    return problems;
  }

  private static String files(List<JarId> jars) {
    StringBuilder text = new StringBuilder();
    for (JarId jar : jars) {
      text.append(text.length() == 0 ? "" : ", ").append(jar.file);
    }
    return text.toString();
  }

  /** What a jar is: from its single META-INF/maven pom.properties, else from its file name. */
  static final class JarId {
    final Path path;
    final String file;
    final String group;
    final String artifact;
    final String version;

    private JarId(Path path, String group, String artifact, String version) {
      this.path = path;
      this.file = path.getFileName().toString();
      this.group = group;
      this.artifact = artifact;
      this.version = version;
    }

    static JarId of(Path path) throws IOException {
      String file = path.getFileName().toString();
      Matcher name = VERSIONED_NAME.matcher(file);
      String artifact = name.matches() ? name.group(1) : file.substring(0, file.length() - ".jar".length());
      String version = name.matches() ? name.group(2) : "";
      Properties pom = singlePomProperties(path);
      if (pom != null && pom.getProperty("artifactId") != null && pom.getProperty("version") != null) {
        // The file name may carry a classifier; keep it on the version so that classifier jars still pair up.
        String pomVersion = pom.getProperty("version");
        String suffix = version.startsWith(pomVersion + "-") ? version.substring(pomVersion.length()) : "";
        return new JarId(path, pom.getProperty("groupId", ""), pom.getProperty("artifactId"), pomVersion + suffix);
      }
      return new JarId(path, "", artifact, version);
    }

    /** The pom.properties of a jar built from one Maven module; null for none or several (shaded jars). */
    private static Properties singlePomProperties(Path path) throws IOException {
      try (ZipFile zip = new ZipFile(path.toFile())) {
        ZipEntry found = null;
        Enumeration<? extends ZipEntry> entries = zip.entries();
        while (entries.hasMoreElements()) {
          ZipEntry entry = entries.nextElement();
          if (POM_PROPERTIES.matcher(entry.getName()).matches()) {
            if (found != null) {
              return null;
            }
            found = entry;
          }
        }
        if (found == null) {
          return null;
        }
        Properties properties = new Properties();
        try (InputStream in = zip.getInputStream(found)) {
          properties.load(in);
        }
        return properties;
      }
    }
  }
}
