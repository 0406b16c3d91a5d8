package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;

import site.ycsb.testsupport.ChildProcess;

/** The tarball built by this module's package phase, unpacked with the system tar into an empty directory. */
final class UnpackedDistribution {
  static final Path TARBALL = Paths.get(required("dist.tarball"));
  static final String NAME = required("dist.name");
  static final String VERSION = required("dist.version");

  private UnpackedDistribution() {
  }

  /** Unpacks the tarball into {@code emptyDir} and returns the distribution's base directory. */
  static Path unpackInto(Path emptyDir) throws IOException, InterruptedException {
    assertTrue(Files.isRegularFile(TARBALL), "tarball not built: " + TARBALL);
    try (java.util.stream.Stream<Path> entries = Files.list(emptyDir)) {
      assertEquals(0, entries.count(), "unpack target must be empty: " + emptyDir);
    }
    ChildProcess.Result tar = Processes.run(emptyDir, Arrays.asList("tar", "xzf", TARBALL.toString()));
    assertEquals(0, tar.exitCode, tar.toString());
    Path home = emptyDir.resolve(NAME);
    assertTrue(Files.isDirectory(home), "tarball has no base directory " + NAME);
    return home;
  }

  private static String required(String property) {
    String value = System.getProperty(property);
    if (value == null || value.isEmpty()) {
      throw new IllegalStateException("system property " + property + " is not set (run through mvn verify)");
    }
    return value;
  }
}
