package site.ycsb.testserver.cassandra;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One forked Cassandra JVM: starting it until CQL answers, pausing, resuming, stopping and killing it.
 *
 * <p>Thread-safe: the thread that started the server and a shutdown hook may stop it at once (synchronized).
 */
final class ServerProcess {
  static final long STOP_TIMEOUT_MILLIS = 30_000;
  static final String START_TIMEOUT_PROPERTY = "ycsb.cassandra.startTimeoutSeconds";
  /** Generous: a cluster node took over 120 s to answer CQL at load 40 on a shared 2-core machine (30 s when idle). */
  private static final int DEFAULT_START_TIMEOUT_SECONDS = 300;
  private static final int PROBE_TIMEOUT_MILLIS = 2_000;
  private static final int MAX_PORT_ATTEMPTS = 3;
  private static final int MAX_GOSSIP_ATTEMPTS = 3;
  private static final int LOG_TAIL_LINES = 25;
  static final String CLUSTER_NAME = "ycsb-local";

  private final ServerSpec spec;
  private final Process process;
  private final long pid;
  private final long startMillis;
  private boolean stopped;

  private ServerProcess(ServerSpec spec, Process process, long pid, long startMillis) {
    this.spec = spec;
    this.process = process;
    this.pid = pid;
    this.startMillis = startMillis;
  }

  /** Starts the server and returns once a CQL session (with the default superuser, if auth) can be opened. */
  static ServerProcess start(ServerSpec spec) {
    Path javaHome = JavaHomeLocator.locate();
    Path lib = CassandraLibrary.resolve();
    ServerSpec current = spec;
    for (int attempt = 1; ; attempt++) {
      try {
        return startOnce(current, javaHome, lib);
      } catch (PortTakenException e) {
        if (!current.portsChosen || attempt >= MAX_PORT_ATTEMPTS) {
          throw e;
        }
        current = current.withFreshPorts();
      } catch (PeersUnansweredException e) {
        // The short ring delay of a test cluster gives a joining node's first gossip round about one second: on a
        // busy machine the peers may answer later, and the node gives up. Nothing is wrong with the cluster.
        if (attempt >= MAX_GOSSIP_ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  private static ServerProcess startOnce(ServerSpec spec, Path javaHome, Path lib) {
    prepareDirectory(spec);
    boolean root = "root".equals(System.getProperty("user.name"));
    List<String> cmd = ServerCommand.build(spec, javaHome, lib, ownClasspath(),
        root && Signals.onPath("setpriv"), spec.detached && Signals.onPath("setsid"));
    ProcessBuilder builder = new ProcessBuilder(cmd).directory(spec.dir.toFile()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(spec.logFile().toFile()));
    long logOffset = spec.logFile().toFile().length(); // the log is appended to across restarts
    long startMillis = System.currentTimeMillis();
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new TestServerException("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
    }
    try {
      awaitReady(spec, process, logOffset);
      long pid = readPid(spec);
      return new ServerProcess(spec, process, pid, startMillis);
    } catch (RuntimeException e) {
      process.destroyForcibly();
      waitQuietly(process, 10_000);
      throw e;
    }
  }

  private static void prepareDirectory(ServerSpec spec) {
    try {
      if (spec.wipe) {
        ServerDirectories.deleteRecursively(spec.dir);
      }
      Files.createDirectories(spec.dataDir());
      Files.createDirectories(spec.logDir());
      Files.createDirectories(spec.triggersDir());
      Files.deleteIfExists(spec.pidFile());
      // Fixed name: Cassandra refuses to start on data saved under another cluster name (a CLI restart may change
      // the port).
      Files.write(spec.yamlFile(), CassandraYaml.render(spec).getBytes(StandardCharsets.UTF_8));
      Files.write(spec.logbackFile(), CassandraYaml.logback().getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new TestServerException("cannot prepare server directory " + spec.dir + ": " + e.getMessage(), e);
    }
  }

  private static void awaitReady(ServerSpec spec, Process process, long logOffset) {
    int timeoutSeconds = Integer.getInteger(START_TIMEOUT_PROPERTY, DEFAULT_START_TIMEOUT_SECONDS);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
    String user = spec.auth ? CassandraTestServer.DEFAULT_SUPERUSER : null;
    String lastProbe = "no answer yet";
    while (true) {
      if (!process.isAlive()) {
        String what = "Cassandra " + CassandraTestServer.CASSANDRA_VERSION + " exited with code "
            + process.exitValue() + " while starting on " + spec.host + ":" + spec.nativePort;
        if (LogTail.containsAfter(spec.logFile(), logOffset, "Address already in use")) {
          throw new PortTakenException(what + " (a port was taken)" + LogTail.describe(spec.logFile(),
              LOG_TAIL_LINES));
        }
        if (spec.clustered && LogTail.containsAfter(spec.logFile(), logOffset, "Unable to gossip with any peers")) {
          throw new PeersUnansweredException(what + " (its peers did not answer its first gossip round in time)"
              + LogTail.describe(spec.logFile(), LOG_TAIL_LINES));
        }
        throw new TestServerException(what + LogTail.describe(spec.logFile(), LOG_TAIL_LINES));
      }
      // With authentication the default superuser appears shortly after the port opens: retry the login.
      try (CqlWireClient probe = CqlWireClient.connect(spec.host, spec.nativePort, user, user, PROBE_TIMEOUT_MILLIS)) {
        return;
      } catch (TestServerException e) {
        lastProbe = e.getMessage();
      }
      if (System.nanoTime() > deadline) {
        throw new TestServerException("Cassandra " + CassandraTestServer.CASSANDRA_VERSION
            + " did not accept CQL sessions on " + spec.host + ":" + spec.nativePort + " within " + timeoutSeconds
            + " s (last probe: " + lastProbe + ")" + LogTail.describe(spec.logFile(), LOG_TAIL_LINES));
      }
      sleep(250);
    }
  }

  private static long readPid(ServerSpec spec) {
    try {
      return Long.parseLong(new String(Files.readAllBytes(spec.pidFile()), StandardCharsets.US_ASCII).trim());
    } catch (IOException | NumberFormatException e) {
      throw new TestServerException("server started but its pid file " + spec.pidFile() + " is unreadable", e);
    }
  }

  /** This library's jar or classes directory, which holds {@link ServerMain}. */
  static Path ownClasspath() {
    try {
      return Paths.get(ServerMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | NullPointerException | SecurityException e) {
      throw new TestServerException("cannot locate the jar of " + ServerMain.class.getName(), e);
    }
  }

  ServerSpec spec() {
    return spec;
  }

  long pid() {
    return pid;
  }

  long startMillis() {
    return startMillis;
  }

  /**
   * How long a signal's effect (every thread stopped, running again, the process gone) may take to show: moments on a
   * quiet machine, but a SIGKILLed node was once still there 10 s later on a machine at load average 47.
   */
  static final long SIGNAL_WAIT_SECONDS = 60;

  /** Sends SIGSTOP and returns once every thread of the server has stopped. */
  synchronized void pause() {
    requireRunning("pause");
    Signals.stopAndWait(pid, TimeUnit.SECONDS.toMillis(SIGNAL_WAIT_SECONDS));
  }

  /** Sends SIGCONT and returns once the server process is no longer in the stopped state. */
  synchronized void resume() {
    requireRunning("resume");
    Signals.continueAndWait(pid, TimeUnit.SECONDS.toMillis(SIGNAL_WAIT_SECONDS));
  }

  /**
   * Releases a server started for the CLI from the watchdog, so that it outlives this JVM. Until this is called, the
   * server exits when this JVM does, even when the JVM is killed in the middle of starting a cluster.
   */
  synchronized void detach() {
    OutputStream stdin = process.getOutputStream();
    try {
      stdin.write((ServerMain.DETACH + "\n").getBytes(StandardCharsets.US_ASCII));
      stdin.flush();
      stdin.close();
    } catch (IOException e) {
      throw new TestServerException("cannot release the server (pid " + pid + ") from its watchdog: "
          + e.getMessage(), e);
    }
  }

  /** True while the server process exists (also while paused). */
  boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL, as a crash would; returns once the process is gone. Idempotent. */
  synchronized void kill() {
    stopped = true;
    if (!process.isAlive()) {
      return;
    }
    try {
      Signals.send("KILL", pid);
    } catch (TestServerException e) {
      if (process.isAlive()) {
        throw e;
      }
    }
    if (!waitQuietly(process, TimeUnit.SECONDS.toMillis(SIGNAL_WAIT_SECONDS))) {
      throw new TestServerException("server pid " + pid + " still alive " + SIGNAL_WAIT_SECONDS
          + " s after SIGKILL");
    }
  }

  /** SIGTERM (after SIGCONT, in case it is paused), then SIGKILL if it has not exited in time. Idempotent. */
  synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    if (!process.isAlive()) {
      return;
    }
    try {
      Signals.send("CONT", pid);
    } catch (TestServerException ignored) {
      // it may have exited in between; the destroy below copes either way
    }
    process.destroy();
    if (!waitQuietly(process, STOP_TIMEOUT_MILLIS)) {
      process.destroyForcibly();
      waitQuietly(process, 10_000);
    }
  }

  /** Stops the given servers in parallel (nulls skipped); returns once all have exited. */
  static void stopAll(Collection<ServerProcess> servers) {
    List<Thread> stoppers = new ArrayList<>();
    for (ServerProcess server : servers) {
      if (server != null) {
        Thread t = new Thread(server::stop, "cassandra-testserver-stop");
        t.start();
        stoppers.add(t);
      }
    }
    for (Thread t : stoppers) {
      try {
        t.join(STOP_TIMEOUT_MILLIS + 15_000L);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Stops a server this JVM did not start (a detached one), by pid. Returns false if it had to be killed. */
  static boolean stopDetached(long pid, long timeoutMillis) {
    if (!Signals.isAlive(pid)) {
      return true;
    }
    try {
      Signals.send("CONT", pid);
      Signals.send("TERM", pid);
    } catch (TestServerException e) {
      if (!Signals.isAlive(pid)) {
        return true;
      }
      throw e;
    }
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (System.currentTimeMillis() < deadline) {
      if (!Signals.isAlive(pid)) {
        return true;
      }
      sleep(100);
    }
    Signals.send("KILL", pid);
    return false;
  }

  private void requireRunning(String operation) {
    if (stopped || !process.isAlive()) {
      throw new IllegalStateException("cannot " + operation + ": the server on port " + spec.nativePort
          + " is not running");
    }
  }

  private static boolean waitQuietly(Process process, long millis) {
    try {
      return process.waitFor(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestServerException("interrupted while waiting for Cassandra");
    }
  }

  /** The server died because one of its ports was taken by another process meanwhile. */
  static final class PortTakenException extends TestServerException {
    private static final long serialVersionUID = 1L;

    PortTakenException(String message) {
      super(message);
    }
  }

  /** A node of a cluster gave up at start because its peers did not answer its gossip in time; worth a retry. */
  static final class PeersUnansweredException extends TestServerException {
    private static final long serialVersionUID = 1L;

    PeersUnansweredException(String message) {
      super(message);
    }
  }
}
