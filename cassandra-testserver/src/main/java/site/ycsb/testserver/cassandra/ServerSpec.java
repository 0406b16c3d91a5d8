package site.ycsb.testserver.cassandra;

import java.nio.file.Path;

/** What to start: directory, address, ports, authentication and how the process is tied to its parent. */
final class ServerSpec {
  static final String HOST = "127.0.0.1";

  final Path dir;
  final String host;
  final int nativePort;
  final int storagePort;
  /** True when the ports were picked here, so a start that loses a port race may retry with fresh ones. */
  final boolean portsChosen;
  final boolean auth;
  /** Test servers exit when the parent's pipe closes; a detached (CLI) server must outlive its launcher. */
  final boolean detached;
  /** Empty the directory first (test servers always start from scratch). */
  final boolean wipe;

  private ServerSpec(Path dir, int nativePort, int storagePort, boolean portsChosen, boolean auth, boolean detached,
                     boolean wipe) {
    this.dir = dir.toAbsolutePath().normalize();
    this.host = HOST;
    this.nativePort = nativePort;
    this.storagePort = storagePort;
    this.portsChosen = portsChosen;
    this.auth = auth;
    this.detached = detached;
    this.wipe = wipe;
  }

  static ServerSpec forTests(Path dir, boolean auth) {
    int nativePort = FreePorts.pick();
    return new ServerSpec(dir, nativePort, FreePorts.pickOtherThan(nativePort), true, auth, false, true);
  }

  /** A server for {@link LocalCassandra}: fixed CQL port, data kept across restarts, not tied to the launcher. */
  static ServerSpec detached(Path dir, int nativePort, boolean auth) {
    return new ServerSpec(dir, nativePort, FreePorts.pickOtherThan(nativePort), false, auth, true, false);
  }

  ServerSpec withFreshPorts() {
    int nativePort = FreePorts.pick();
    return new ServerSpec(dir, nativePort, FreePorts.pickOtherThan(nativePort), true, auth, detached, wipe);
  }

  Path yamlFile() {
    return dir.resolve("cassandra.yaml");
  }

  Path logbackFile() {
    return dir.resolve("logback.xml");
  }

  Path dataDir() {
    return dir.resolve("data");
  }

  Path triggersDir() {
    return dir.resolve("triggers");
  }

  Path logDir() {
    return dir.resolve("logs");
  }

  /** Everything the server JVM writes to stdout/stderr (its log goes to the console appender). */
  Path logFile() {
    return logDir().resolve("server.log");
  }

  Path pidFile() {
    return dir.resolve("server.pid");
  }
}
