package site.ycsb.testserver.griddb;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One real GridDB node on 127.0.0.1, started from a {@link GridDBInstallation} in its own directory (conf/, data,
 * logs) and joined to its single-node cluster, ready for clients. Two lifetimes:
 * <ul>
 *   <li>{@link #startTiedToThisJvm}: the node runs under a watchdog shell whose standard input is a pipe from this
 *       JVM; when the JVM ends for any reason (kill -9 included) the pipe closes and the watchdog stops the node,
 *       so tests leave no orphan.</li>
 *   <li>{@link #startDetached}: the node outlives this JVM (bin/ycsb griddb-server start); stopped by
 *       {@link #stop(Path)}.</li>
 * </ul>
 * Not thread-safe; one instance per node.
 *
 * <p>Thread-safe to share once started (the tests of a JVM share one node): its directory, ports and watchdog process
 * do not change; {@link #close} stops the node.
 */
public final class GridDBServer implements AutoCloseable {
  public static final String CLUSTER = "ycsbCluster";
  public static final String USER = "admin";
  /** The administrator's password of a test node (loopback only, for tests and local tries). */
  public static final String PASSWORD = "admin";
  private static final long START_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(90);
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Path dir;
  private final NodePorts ports;
  private final Process watchdog;

  private GridDBServer(Path dir, NodePorts ports, Process watchdog) {
    this.dir = dir;
    this.ports = ports;
    this.watchdog = watchdog;
  }

  /** Starts a node that stops when this JVM ends (tests). */
  public static GridDBServer startTiedToThisJvm(GridDBInstallation installation, Path dir, NodePorts ports)
      throws IOException {
    prepare(dir, ports);
    // sh reads its standard input (a pipe from this JVM) until EOF, which comes when the JVM closes it or dies.
    String script = "cd \"$1\" && GS_HOME=\"$1\" GS_LOG=\"$1/log\" \"$2\" --conf \"$1/conf\" >\"$1/log/gsserver.out\" "
        + "2>&1 & server=$!; echo $server >\"$1/server.pid\"; cat >/dev/null; kill -TERM $server 2>/dev/null; "
        + "i=0; while kill -0 $server 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done; "
        + "kill -KILL $server 2>/dev/null; exit 0";
    Process p = new ProcessBuilder("sh", "-c", script, "griddb-watchdog", dir.toString(),
        installation.gsserver().toString()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("log").resolve("watchdog.out").toFile()).start();
    GridDBServer server = new GridDBServer(dir, ports, p);
    try {
      server.awaitReady();
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
    return server;
  }

  /** Starts a node that keeps running after this JVM exits (stop it with {@link #stop(Path)}). */
  public static GridDBServer startDetached(GridDBInstallation installation, Path dir, NodePorts ports)
      throws IOException {
    prepare(dir, ports);
    String script = "cd \"$1\" && GS_HOME=\"$1\" GS_LOG=\"$1/log\" exec \"$2\" --conf \"$1/conf\" "
        + ">\"$1/log/gsserver.out\" 2>&1 </dev/null";
    Process p = new ProcessBuilder("sh", "-c", "(" + script + ") & echo $! >\"$1/server.pid\"", "griddb-start",
        dir.toString(), installation.gsserver().toString()).start();
    try {
      p.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while starting GridDB");
    }
    GridDBServer server = new GridDBServer(dir, ports, null);
    server.awaitReady();
    return server;
  }

  private static void prepare(Path dir, NodePorts ports) throws IOException {
    Files.createDirectories(dir.resolve("log"));
    for (int port : ports.all()) {
      if (listening(port)) {
        throw new IOException("port " + port + " on 127.0.0.1 is already in use (another server?)");
      }
    }
    NodeConfig.write(dir.resolve("conf"), ports, CLUSTER, USER, PASSWORD);
    Properties p = new Properties();
    ports.store(p);
    try (OutputStream out = Files.newOutputStream(dir.resolve("ports.properties"))) {
      p.store(out, "ports of the GridDB node in this directory");
    }
  }

  /** Waits for the REST port, joins the cluster, and waits until the node is the active master. */
  private void awaitReady() throws IOException {
    long deadline = System.nanoTime() + START_TIMEOUT_NS;
    while (!listening(ports.system)) {
      checkAlive(deadline);
      sleep(200);
    }
    long lastJoinNs = 0;
    while (true) {
      JsonNode stat = json(rest("GET", "/node/stat", null));
      if (status(stat, "nodeStatus").equals("ACTIVE") && status(stat, "clusterStatus").equals("MASTER")
          && listening(ports.transaction)) {
        return;
      }
      // A join sent while the node is still recovering is ignored: ask again every 2 s while it is inactive.
      if (status(stat, "nodeStatus").equals("INACTIVE")
          && System.nanoTime() - lastJoinNs > TimeUnit.SECONDS.toNanos(2)) {
        rest("POST", "/node/join", "clusterName=" + CLUSTER + "&minNodeNum=1");
        lastJoinNs = System.nanoTime();
      }
      checkAlive(deadline);
      sleep(300);
    }
  }

  private void checkAlive(long deadline) throws IOException {
    if (watchdog != null && !watchdog.isAlive()) {
      throw new IOException("GridDB exited during start-up; see " + dir.resolve("log"));
    }
    if (System.nanoTime() > deadline) {
      throw new IOException("GridDB did not become ready within "
          + TimeUnit.NANOSECONDS.toSeconds(START_TIMEOUT_NS) + " s; see " + dir.resolve("log"));
    }
  }

  /** A REST call on the system port; null when the node does not answer (yet). */
  private String rest(String method, String path, String form) {
    try {
      HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + ports.system + path).openConnection();
      c.setRequestMethod(method);
      c.setConnectTimeout(2000);
      c.setReadTimeout(10000);
      c.setRequestProperty("Authorization", "Basic "
          + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8)));
      if (form != null) {
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
        try (OutputStream out = c.getOutputStream()) {
          out.write(form.getBytes(StandardCharsets.UTF_8));
        }
      }
      int code = c.getResponseCode();
      InputStream in = code < 400 ? c.getInputStream() : c.getErrorStream();
      if (in == null) {
        return "";
      }
      try (InputStream body = in) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int n; (n = body.read(buf)) > 0; ) {
          b.write(buf, 0, n);
        }
        return new String(b.toByteArray(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      return null;
    }
  }

  /** A REST answer as JSON; null when there is none or it is not JSON (a node still starting). */
  static JsonNode json(String body) {
    if (body == null || body.isEmpty()) {
      return null;
    }
    try {
      return MAPPER.readTree(body);
    } catch (IOException e) {
      return null;
    }
  }

  /** The text of the first field {@code name} anywhere in {@code stat} (the node's /node/stat), or "". */
  static String status(JsonNode stat, String name) {
    JsonNode v = stat == null ? null : stat.findValue(name);
    return v == null || !v.isValueNode() ? "" : v.asText();
  }

  static boolean listening(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The binding's connection properties for this node (fixed list, SQL member, cluster, user, password). */
  public Properties bindingProperties() {
    Properties p = new Properties();
    p.setProperty("griddb.notificationmember", "127.0.0.1:" + ports.transaction);
    p.setProperty("griddb.sqlmember", "127.0.0.1:" + ports.sql);
    p.setProperty("griddb.clustername", CLUSTER);
    p.setProperty("griddb.user", USER);
    p.setProperty("griddb.password", PASSWORD);
    return p;
  }

  public Path dir() {
    return dir;
  }

  /** The node's process id (from the file the start wrote), or -1. */
  public static long pid(Path dir) {
    try {
      return Long.parseLong(new String(Files.readAllBytes(dir.resolve("server.pid")), StandardCharsets.UTF_8)
          .trim());
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /** Whether the node of {@code dir} is running (its process exists). */
  public static boolean running(Path dir) {
    long pid = pid(dir);
    return pid > 0 && Files.exists(java.nio.file.Paths.get("/proc", Long.toString(pid)));
  }

  /** Stops the node of {@code dir} (SIGTERM, then SIGKILL after 30 s); true if one was running. */
  public static boolean stop(Path dir) throws IOException {
    long pid = pid(dir);
    if (pid <= 0 || !running(dir)) {
      return false;
    }
    signal("TERM", pid);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (running(dir) && System.nanoTime() < deadline) {
      sleep(100);
    }
    if (running(dir)) {
      signal("KILL", pid);
    }
    return true;
  }

  private static void signal(String name, long pid) throws IOException {
    try {
      new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops a node started tied to this JVM (closing the watchdog's pipe) and waits for it. */
  @Override
  public void close() {
    if (watchdog == null) {
      return;
    }
    try {
      watchdog.getOutputStream().close();
      if (!watchdog.waitFor(40, TimeUnit.SECONDS)) {
        watchdog.destroyForcibly();
      }
    } catch (IOException e) {
      watchdog.destroyForcibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      watchdog.destroyForcibly();
    }
  }
}
