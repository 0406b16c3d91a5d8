package site.ycsb.fleet;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The tarball the integration tests install on their clients: the distribution's
 * ({@code distribution/target/ycsb-VERSION.tar.gz}) when it has been built; otherwise, because the reactor builds
 * this module before the distribution, one with the same layout packed here from the modules' own targets
 * ({@code bin/}, {@code workloads/}, {@code lib/} = core + HdrHistogram + binding-support, {@code results/lib/}, {@code fleet/lib/}
 * (fleet, results, Jackson),
 * and {@code cassandra-binding/lib/} when cassandra2 has been built).
 */
public final class TestTarball {
  public final Path file;
  public final String how;

  private TestTarball(Path file, String how) {
    this.file = file;
    this.how = how;
  }

  /** A fresh working directory {@code name} under the ITs' work root (property {@code fleet.it.work}), emptied first. */
  public static Path freshWork(String name) throws IOException {
    Path work = Paths.get(System.getProperty("fleet.it.work", "target/it-work")).toAbsolutePath().resolve(name);
    deleteTree(work);
    Files.createDirectories(work);
    return work;
  }

  /** The tarball, or the calling test is skipped (a JUnit assumption) with the reason none can be had. */
  public static TestTarball findOrSkip(Path work) throws Exception {
    try {
      return find(work);
    } catch (IllegalStateException e) {
      org.junit.jupiter.api.Assumptions.assumeTrue(false, e.getMessage());
      throw e; // not reached: the assumption ends the test
    }
  }

  /** The tarball, or throws IllegalStateException with a one-line reason when none can be had. */
  public static TestTarball find(Path work) throws Exception {
    String version = System.getProperty("fleet.it.version", "1.0.0-SNAPSHOT");
    Path dist = Paths.get(System.getProperty("fleet.it.tarballDir", "../distribution/target"));
    Path real = dist.resolve("ycsb-" + version + ".tar.gz");
    if (Files.isRegularFile(real)) {
      return new TestTarball(real, "the distribution's " + real);
    }
    Path checkout = Paths.get(System.getProperty("fleet.it.checkout", "..")).toAbsolutePath().normalize();
    Path resultsJar = checkout.resolve("results/target/results-" + version + ".jar");
    if (!Files.isRegularFile(resultsJar) || !Files.isDirectory(checkout.resolve("results/target/lib"))) {
      throw new IllegalStateException("no tarball at " + real + " and no built results module to pack one ("
          + "mvn -B -pl distribution -am package -DskipTests)");
    }
    Path base = work.resolve("pack").resolve("ycsb-" + version);
    Files.createDirectories(base.resolve("lib"));
    copyTree(checkout.resolve("bin"), base.resolve("bin"));
    copyTree(checkout.resolve("workloads"), base.resolve("workloads"));
    Files.copy(jarOf("site.ycsb.Client"), base.resolve("lib/core-" + version + ".jar"));
    Path hdr = jarOf("org.HdrHistogram.Histogram");
    Files.copy(hdr, base.resolve("lib").resolve(hdr.getFileName()));
    // core's asynchronous binding API (site.ycsb.async), shipped in lib/ as the distribution does
    Path support = jarOf("site.ycsb.async.AsyncDB");
    Files.copy(support, base.resolve("lib").resolve("binding-support-" + version + ".jar"));
    // the live-metrics observer and the Prometheus client, in lib/ as the distribution has them
    Path metricsJar = checkout.resolve("metrics/target/metrics-" + version + ".jar");
    if (Files.isRegularFile(metricsJar)) {
      Files.copy(metricsJar, base.resolve("lib").resolve(metricsJar.getFileName()));
      try (DirectoryStream<Path> jars = Files.newDirectoryStream(checkout.resolve("metrics/target/lib"), "*.jar")) {
        for (Path j : jars) {
          if (!Files.exists(base.resolve("lib").resolve(j.getFileName()))) {
            Files.copy(j, base.resolve("lib").resolve(j.getFileName()));
          }
        }
      }
    }
    Files.createDirectories(base.resolve("results/lib"));
    Files.copy(resultsJar, base.resolve("results/lib").resolve(resultsJar.getFileName()));
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(checkout.resolve("results/target/lib"), "*.jar")) {
      for (Path j : jars) {
        if (!j.getFileName().toString().startsWith("HdrHistogram")) {
          Files.copy(j, base.resolve("results/lib").resolve(j.getFileName()));
        }
      }
    }
    // the CQL binding, when its module has been built in this checkout (for FleetCassandraIT)
    Path cql = checkout.resolve("cassandra2/target/cassandra-binding-" + version + ".jar");
    if (Files.isRegularFile(cql)) {
      Path lib = base.resolve("cassandra-binding/lib");
      Files.createDirectories(lib);
      Files.copy(cql, lib.resolve(cql.getFileName()));
      Path deps = checkout.resolve("cassandra2/target/dependency");
      if (Files.isDirectory(deps)) {
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(deps, "*.jar")) {
          for (Path j : jars) {
            String n = j.getFileName().toString();
            if (!n.startsWith("HdrHistogram") && !n.startsWith("core-")) {
              Files.copy(j, lib.resolve(n));
            }
          }
        }
      }
    }
    Path fleetJar = jarOf(ToolMain.class.getName());
    if (Files.isRegularFile(fleetJar)) {
      Files.createDirectories(base.resolve("fleet/lib"));
      Files.copy(fleetJar, base.resolve("fleet/lib/fleet-" + version + ".jar"));
      // fleet reads results with the results module (ResultDir, Jackson)
      Files.copy(resultsJar, base.resolve("fleet/lib").resolve(resultsJar.getFileName()));
      try (DirectoryStream<Path> jars = Files.newDirectoryStream(checkout.resolve("results/target/lib"),
          "jackson-*.jar")) {
        for (Path j : jars) {
          Files.copy(j, base.resolve("fleet/lib").resolve(j.getFileName()));
        }
      }
    }
    base.resolve("bin/ycsb").toFile().setExecutable(true);
    Path tar = work.resolve("pack").resolve("ycsb-" + version + ".tar.gz");
    Process p = new ProcessBuilder("tar", "-czf", tar.toString(), "-C", base.getParent().toString(),
        base.getFileName().toString()).inheritIO().start();
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("packing " + tar + " failed");
    }
    return new TestTarball(tar, "packed from the module targets (no " + real + " yet)");
  }

  private static Path jarOf(String className) throws ClassNotFoundException, URISyntaxException {
    return Paths.get(Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }

  /** Unpacks the tarball into {@code dir} (with tar, as a user would) and returns the YCSB directory in it. */
  public Path unpack(Path dir) throws Exception {
    Files.createDirectories(dir);
    Process p = new ProcessBuilder("tar", "-xzf", file.toString(), "-C", dir.toString()).inheritIO().start();
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("unpacking " + file + " failed");
    }
    String name = file.getFileName().toString().replace(".tar.gz", "");
    return dir.resolve(name);
  }

  /** The classpath that runs this module's tools (its classes or jar). */
  static String toolClasspath() throws Exception {
    StringBuilder cp = new StringBuilder();
    for (String c : new String[] {ToolMain.class.getName(), "site.ycsb.Client", "site.ycsb.results.ResultDir",
        "com.fasterxml.jackson.databind.ObjectMapper", "com.fasterxml.jackson.core.JsonParser",
        "com.fasterxml.jackson.annotation.JsonProperty", "org.HdrHistogram.Histogram",
        // binding-support: core uses it (secret names, named operations); the tarball ships it in lib/
        "site.ycsb.support.SecretNames"}) {
      cp.append(jarOf(c)).append(File.pathSeparator);
    }
    return cp.toString();
  }

  /** Deletes {@code p} and everything under it; nothing when it does not exist. */
  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path x : s.sorted((a, b) -> b.compareTo(a)).collect(Collectors.toList())) {
        Files.delete(x);
      }
    }
  }
}
