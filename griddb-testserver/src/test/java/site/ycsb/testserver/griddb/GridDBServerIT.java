package site.ycsb.testserver.griddb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real node from {@code YCSB_GRIDDB_HOME}: starts, serves, and leaves no process behind. */
class GridDBServerIT {
  @TempDir
  Path dir;

  private static GridDBInstallation installation() {
    GridDBInstallation i = GridDBInstallation.fromEnvironment();
    Assumptions.assumeTrue(i != null, "GridDB server tests skipped: " + GridDBInstallation.ENV + " is not set");
    return i;
  }

  @Test
  void should_serve_on_its_ports_and_stop_without_a_trace_when_closed() throws Exception {
    GridDBInstallation installation = installation();
    NodePorts ports = NodePorts.free();
    long pid;
    try (GridDBServer server = GridDBServer.startTiedToThisJvm(installation, dir, ports)) {
      assertTrue(GridDBServer.listening(ports.transaction));
      assertTrue(GridDBServer.listening(ports.sql));
      pid = GridDBServer.pid(dir);
      assertTrue(pid > 0);
      assertTrue(server.bindingProperties().getProperty("griddb.notificationmember").endsWith(":" + ports.transaction));
    }
    assertFalse(Files.exists(java.nio.file.Paths.get("/proc", Long.toString(pid))), "gsserver still running");
    assertFalse(GridDBServer.listening(ports.transaction));
  }

  @Test
  void should_stop_the_node_when_the_jvm_that_started_it_is_killed() throws Exception {
    GridDBInstallation installation = installation();
    // A separate JVM starts a node tied to it, then is killed with SIGKILL: no shutdown hook runs.
    Path child = dir.resolve("node");
    Process jvm = new ProcessBuilder(System.getProperty("java.home") + "/bin/java", "-cp",
        System.getProperty("java.class.path"), StartAndWait.class.getName(), installation.home().toString(),
        child.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("jvm.out").toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (!Files.exists(dir.resolve("ready")) && System.nanoTime() < deadline && jvm.isAlive()) {
      Thread.sleep(200);
    }
    assertTrue(Files.exists(dir.resolve("ready")), new String(Files.readAllBytes(dir.resolve("jvm.out"))));
    long pid = GridDBServer.pid(child);
    jvm.destroyForcibly().waitFor();
    long stopBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
    while (GridDBServer.running(child) && System.nanoTime() < stopBy) {
      Thread.sleep(200);
    }
    assertFalse(Files.exists(java.nio.file.Paths.get("/proc", Long.toString(pid))),
        "gsserver " + pid + " outlived the killed JVM");
  }

  /** Starts a node tied to this JVM, says so with a file, and waits to be killed. */
  public static final class StartAndWait {
    public static void main(String[] args) throws Exception {
      GridDBServer.startTiedToThisJvm(GridDBInstallation.at(java.nio.file.Paths.get(args[0])),
          java.nio.file.Paths.get(args[1]), NodePorts.free());
      Files.createFile(java.nio.file.Paths.get(args[1]).getParent().resolve("ready"));
      Thread.sleep(Long.MAX_VALUE);
    }
  }
}
