package site.ycsb.testsupport;

import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Debian-packaged Prometheus server or pushgateway started for one test: loopback only, a free port, its own
 * directory and log; stopped by {@link #close} within a deadline.
 */
public final class LocalServer implements AutoCloseable {
  /** Where the servers must be present (CI sets it: .ci/run installs them): their absence fails instead of skipping. */
  public static final String REQUIRE = "YCSB_REQUIRE_PROMETHEUS";
  private static final long START_DEADLINE_MS = 60_000;
  private static final long STOP_DEADLINE_MS = 15_000;
  public final int port;
  private final Process process;
  private final Path log;

  private LocalServer(int port, Process process, Path log) {
    this.port = port;
    this.process = process;
    this.log = log;
  }

  /**
   * Why a test that needs {@code tool} must skip (one line), or null when it can run; where {@value #REQUIRE} is
   * {@code true} (CI, which installs the packages) an absent tool is an error, not a skip nobody reads.
   */
  public static String skipReason(String tool, String debianPackage) {
    String reason = unavailableReason(tool, debianPackage);
    if (reason != null && Boolean.parseBoolean(System.getenv(REQUIRE))) {
      throw new IllegalStateException(REQUIRE + " is set, but " + reason);
    }
    return reason;
  }

  /** Why {@code tool} cannot be started here (one line), or null when it can. */
  static String unavailableReason(String tool, String debianPackage) {
    for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
      if (Files.isExecutable(Paths.get(d, tool))) {
        return null;
      }
    }
    return tool + " not on PATH (Debian: apt-get install -y " + debianPackage + ")";
  }

  /** A port that was free a moment ago. */
  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** Starts {@code command} with {@code --web.listen-address=127.0.0.1:PORT} added; returns once it is ready. */
  public static LocalServer start(Path dir, String... command) throws IOException, InterruptedException {
    int port = freePort();
    List<String> cmd = new ArrayList<>(Arrays.asList(command));
    cmd.add("--web.listen-address=127.0.0.1:" + port);
    Files.createDirectories(dir);
    Path log = dir.resolve(command[0] + ".log");
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    LocalServer server = new LocalServer(port, p, log);
    try {
      server.awaitReady();
      return server;
    } catch (IOException | InterruptedException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  private void awaitReady() throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + START_DEADLINE_MS;
    while (System.currentTimeMillis() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("exited with " + process.exitValue() + ": " + tail());
      }
      try {
        HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/-/ready").openConnection();
        c.setConnectTimeout(1000);
        c.setReadTimeout(1000);
        int code = c.getResponseCode();
        c.disconnect();
        if (code == 200) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("not ready within " + START_DEADLINE_MS + " ms: " + tail());
  }

  /** The last lines of the server's log, for a failure message. */
  public String tail() throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(STOP_DEADLINE_MS, TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      process.waitFor(STOP_DEADLINE_MS, TimeUnit.MILLISECONDS);
    }
  }
}
