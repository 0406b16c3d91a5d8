package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;
import site.ycsb.testsupport.MetricLines;

/**
 * bin/quickstart from the unpacked tarball: a real local Cassandra, workload A loaded and run with cassandra-cql, the
 * server stopped. Needs the cassandra-binding and cassandra-testserver directories in the tarball.
 */
class QuickstartIT {
  /** Cassandra's first start may download it from Maven Central; later starts take about 20 s here. */
  private static final long QUICKSTART_TIMEOUT_SECONDS = 600;

  @TempDir
  Path emptyDir;

  @Test
  void should_load_run_and_stop_a_local_cassandra_when_quickstart_is_started_from_the_tarball() throws Exception {
    Path home = UnpackedDistribution.unpackInto(emptyDir);
    assumeTrue(Files.isDirectory(home.resolve("cassandra-binding/lib"))
        && Files.isDirectory(home.resolve("cassandra-testserver/lib")),
        "cassandra-binding or cassandra-testserver is not in this tarball yet");
    Path serverDir = emptyDir.resolve("server");

    ChildProcess.Result result = Processes.run(home, java.util.Arrays.asList("env", "-i", "PATH=/usr/bin:/bin",
        "JAVA_HOME=" + System.getProperty("java.home"), "HOME=" + System.getProperty("user.home"),
        home.resolve("bin/quickstart").toString(), "--port", Integer.toString(freePort()),
        "--records", "500", "--operations", "500", "--dir", serverDir.toString()), QUICKSTART_TIMEOUT_SECONDS);

    assertEquals(0, result.exitCode, result.toString());
    assertEquals(500, operations(result.stdout, "INSERT"), result.toString());
    assertEquals(500, operations(result.stdout, "READ") + operations(result.stdout, "UPDATE"), result.toString());
    assertTrue(result.stderr.contains("stopped"), "server not stopped:\n" + result.toString());
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static long operations(String output, String operation) {
    return MetricLines.of(output).longValue(operation, "Operations", 0);
  }
}
