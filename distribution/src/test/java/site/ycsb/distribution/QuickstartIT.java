package site.ycsb.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import site.ycsb.testsupport.ChildProcess;
import site.ycsb.testsupport.MetricLines;

/**
 * bin/quickstart from the unpacked tarball: a real local Cassandra (one server, or a 3-node cluster with
 * {@code --nodes 3}), workload A loaded and run with cassandra-cql, the servers stopped. Needs the
 * cassandra-binding and cassandra-testserver directories in the tarball.
 */
class QuickstartIT {
  /** Cassandra's first start may download it from Maven Central; later starts take about 20 s here. */
  private static final long QUICKSTART_TIMEOUT_SECONDS = 600;

  @TempDir
  Path emptyDir;

  @Test
  void should_load_run_and_stop_a_local_cassandra_when_quickstart_is_started_from_the_tarball() throws Exception {
    Path home = unpackWithCassandra();
    Path serverDir = emptyDir.resolve("server");

    ChildProcess.Result result = quickstart(home, "--port", Integer.toString(freePort(1)), "--records", "500",
        "--operations", "500", "--dir", serverDir.toString());

    assertEquals(0, result.exitCode, result.toString());
    assertEquals(500, operations(result.stdout, "INSERT"), result.toString());
    assertEquals(500, operations(result.stdout, "READ") + operations(result.stdout, "UPDATE"), result.toString());
    assertTrue(result.stderr.contains("stopped"), "server not stopped:\n" + result.toString());
  }

  @Test
  void should_run_at_quorum_against_three_nodes_and_stop_them_all_when_quickstart_is_given_nodes_3()
      throws Exception {
    Path home = unpackWithCassandra();
    Path serverDir = emptyDir.resolve("cluster");

    ChildProcess.Result result = quickstart(home, "--nodes", "3", "--port", Integer.toString(freePort(3)), "--records",
        "300", "--operations", "300", "--dir", serverDir.toString());

    assertEquals(0, result.exitCode, result.toString());
    assertTrue(result.stderr.contains("keyspace ycsb (NetworkTopologyStrategy, datacenter1: 3)"), result.toString());
    assertTrue(result.stderr.contains("cassandra.writeconsistencylevel=QUORUM"), result.toString());
    assertEquals(300, operations(result.stdout, "INSERT"), result.toString());
    assertEquals(300, operations(result.stdout, "READ") + operations(result.stdout, "UPDATE"), result.toString());
    for (int node = 1; node <= 3; node++) {
      assertTrue(result.stderr.contains("stopped node " + node + " 127.0.0." + node), "node " + node
          + " not stopped:\n" + result.toString());
    }
  }

  @Test
  void should_exit_2_with_one_line_and_start_nothing_when_a_value_is_empty_or_out_of_its_range() throws Exception {
    Path home = UnpackedDistribution.unpackInto(emptyDir);
    String[][] wrong = {{"--nodes", "0"}, {"--nodes", "6"}, {"--nodes", "three"}, {"--nodes", "-1"},
        {"--nodes", ""}, {"--nodes"}, {"--nodes", "2.5"}, {"--dir", ""}, {"--port", ""},
        // Values the engine or the server would refuse only after a Cassandra start: zero, past the bound, too
        // long for the shell's arithmetic, not decimal.
        {"--records", "0"}, {"--records", "000"}, {"--operations", "0"}, {"--records", "2147483648"},
        {"--operations", "99999999999999999999999"}, {"--port", "0"}, {"--port", "65536"}, {"--port", "0x50"},
        {"--records", "1e4"}, {"--operations", " 5"}};
    for (String[] args : wrong) {
      ChildProcess.Result result = quickstart(home, args);
      assertEquals(2, result.exitCode, result.toString());
      assertEquals(1, result.stderr.trim().split("\n").length, result.toString());
      assertTrue(result.stderr.startsWith("quickstart: "), result.toString());
      assertTrue(!result.stderr.contains("starting"), result.toString());
    }
  }

  private Path unpackWithCassandra() throws IOException, InterruptedException {
    Path home = UnpackedDistribution.unpackInto(emptyDir);
    assumeTrue(Files.isDirectory(home.resolve("cassandra-binding/lib"))
        && Files.isDirectory(home.resolve("cassandra-testserver/lib")),
        "cassandra-binding or cassandra-testserver is not in this tarball yet");
    return home;
  }

  /** bin/quickstart the way a user on a bare machine runs it: only PATH, JAVA_HOME and HOME. */
  private static ChildProcess.Result quickstart(Path home, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(Arrays.asList("env", "-i", "PATH=/usr/bin:/bin",
        "JAVA_HOME=" + System.getProperty("java.home"), "HOME=" + System.getProperty("user.home"),
        home.resolve("bin/quickstart").toString()));
    command.addAll(Arrays.asList(args));
    return Processes.run(home, command, QUICKSTART_TIMEOUT_SECONDS);
  }

  /** A port free on 127.0.0.1 .. 127.0.0.{addresses} (other tests' clusters use the same addresses). */
  private static int freePort(int addresses) throws IOException {
    for (int attempt = 0; attempt < 50; attempt++) {
      int port;
      try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
        port = socket.getLocalPort();
      }
      boolean free = true;
      for (int i = 2; i <= addresses && free; i++) {
        try (ServerSocket other = new ServerSocket(port, 1, InetAddress.getByName("127.0.0." + i))) {
          free = other.isBound();
        } catch (IOException e) {
          free = false;
        }
      }
      if (free) {
        return port;
      }
    }
    throw new IOException("no port free on 127.0.0.1.." + addresses);
  }

  private static long operations(String output, String operation) {
    return MetricLines.of(output).longValue(operation, "Operations", 0);
  }
}
