package site.ycsb.testserver.cassandra;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The command line that runs Cassandra in a forked JVM through {@link ServerMain}. */
final class ServerCommand {
  static final int RING_DELAY_MILLIS = 1000;

  /** From Cassandra 5.0's conf/jvm17-server.options: module access its code needs on JDK 17. */
  static final List<String> ADD_EXPORTS = Arrays.asList(
      "java.base/jdk.internal.misc", "java.management.rmi/com.sun.jmx.remote.internal.rmi",
      "java.rmi/sun.rmi.registry", "java.rmi/sun.rmi.server", "java.sql/java.sql", "java.base/java.lang.ref",
      "jdk.unsupported/sun.misc", "jdk.compiler/com.sun.tools.javac.file", "jdk.attach/sun.tools.attach");
  static final List<String> ADD_OPENS = Arrays.asList(
      "java.base/java.lang.module", "java.base/jdk.internal.loader", "java.base/jdk.internal.ref",
      "java.base/jdk.internal.reflect", "java.base/jdk.internal.math", "java.base/jdk.internal.module",
      "java.base/jdk.internal.util.jar", "jdk.management/com.sun.management.internal", "java.base/sun.nio.ch",
      "java.base/java.io", "java.base/java.lang.reflect", "jdk.compiler/com.sun.tools.javac", "java.base/java.lang",
      "java.base/java.util");

  private ServerCommand() {
  }

  /**
   * @param ownClasspath where {@link ServerMain} is (this library's jar or classes directory)
   * @param dropIpcLock run under {@code setpriv --bounding-set=-ipc_lock} so that, as root, Cassandra's mlockall
   *     cannot pin the whole heap (slower start, +1 GB RSS)
   * @param newSession run under {@code setsid} so that a detached server is not hit by the terminal's signals
   */
  static List<String> build(ServerSpec spec, Path javaHome, Path libDir, Path ownClasspath, boolean dropIpcLock,
                            boolean newSession) {
    List<String> cmd = new ArrayList<>();
    if (newSession) {
      cmd.add("setsid");
    }
    if (dropIpcLock) {
      cmd.add("setpriv");
      cmd.add("--bounding-set=-ipc_lock");
    }
    cmd.add(JavaHomeLocator.javaExecutable(javaHome).toString());
    cmd.add("-Xms" + spec.heap);
    cmd.add("-Xmx" + spec.heap);
    cmd.add("-Xss256k");
    cmd.add("-XX:+UseG1GC");
    // Exit rather than limp on in an undefined state (Cassandra's start checks recommend one of these).
    cmd.add("-XX:+ExitOnOutOfMemoryError");
    cmd.add("-Djdk.attach.allowAttachSelf=true");
    for (String export : ADD_EXPORTS) {
      cmd.add("--add-exports=" + export + "=ALL-UNNAMED");
    }
    for (String open : ADD_OPENS) {
      cmd.add("--add-opens=" + open + "=ALL-UNNAMED");
    }
    cmd.add("-Dio.netty.tryReflectionSetAccessible=true");
    cmd.add("-Dcassandra.config=" + spec.yamlFile().toUri());
    cmd.add("-Dcassandra.storagedir=" + spec.dataDir());
    cmd.add("-Dcassandra.logdir=" + spec.logDir());
    cmd.add("-Dcassandra.triggers_dir=" + spec.triggersDir());
    cmd.add("-Dcassandra-foreground=yes");
    cmd.add("-Dcassandra.native_transport_port=" + spec.nativePort);
    cmd.add("-Dcassandra.storage_port=" + spec.storagePort);
    cmd.add("-Dcassandra.superuser_setup_delay_ms=0");
    cmd.add("-Dcassandra.shutdown_announce_in_ms=0");
    if (spec.unsafeSystem) {
      // Only where no restart on the same data can happen: it skips the flush of the system keyspaces after a
      // schema change, so a node killed with SIGKILL would come back with the schema of its last flush (the
      // commit log is replayed only after the schema is loaded).
      cmd.add("-Dcassandra.unsafesystem=true");
    }
    if (spec.clustered) {
      // Nodes with fixed tokens and no bootstrap need not wait 30 s for the ring to settle.
      cmd.add("-Dcassandra.ring_delay_ms=" + RING_DELAY_MILLIS);
      cmd.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    }
    cmd.add("-Dlogback.configurationFile=" + spec.logbackFile().toUri());
    cmd.add("-D" + ServerMain.PROPERTY_PIDFILE + "=" + spec.pidFile());
    // Every server watches its launcher until released; a detached one is released once it is ready.
    cmd.add("-D" + ServerMain.PROPERTY_WATCHDOG + "=true");
    cmd.add("-cp");
    cmd.add(libDir.resolve("*") + File.pathSeparator + ownClasspath);
    cmd.add(ServerMain.class.getName());
    return cmd;
  }
}
