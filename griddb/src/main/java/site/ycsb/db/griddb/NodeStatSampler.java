package site.ycsb.db.griddb;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import site.ycsb.support.DatabaseReports;
import site.ycsb.support.Periodic;
import site.ycsb.support.RateLimitedLog;

/**
 * Samples each GridDB node's own statistics — {@code GET http://<member host>:<griddb.systemport>/node/stat}, what
 * {@code gs_stat} reads — every {@value #INTERVAL_MILLIS} ms on one daemon thread, and hands the figures ({@link
 * NodeStatFigures}) to the engine through {@link DatabaseReports#nodeGauges}. Started only when {@code
 * griddb.systemport} is set and an engine listens (this project's; in a YCSB 0.17.0 install nothing runs).
 *
 * <p>GridDB lets only administrator users read the statistics, with HTTP basic authentication: the binding's user and
 * password are sent, over plain HTTP as {@code gs_stat} sends them; a user who may not read them is named once and
 * sampling stops. Each request is bounded ({@value #TIMEOUT_MILLIS} ms to connect and to answer); a node that does not
 * answer is skipped for that round (a rate-limited line says so). Nothing here fails an operation or the run, and the
 * password never appears in a message.
 *
 * <p>Thread-safe: {@link #close} may be called from any thread; the rounds run on the sampler's own thread.
 */
final class NodeStatSampler {
  static final long INTERVAL_MILLIS = 1000;
  static final long TIMEOUT_MILLIS = 2000;
  /** An answer is about 3 KB; anything past this is not the statistics. */
  private static final int MAX_ANSWER_BYTES = 1 << 20;
  private static final long LOG_INTERVAL_SECONDS = 60;

  private final List<String> nodes;
  private final String user;
  private final String authorization;
  private final Consumer<String> warn;
  private final RateLimitedLog log;
  private final Map<String, NodeStatFigures> readings = new LinkedHashMap<>();
  /** Set just after the first run has started; used by {@link #close} only. */
  private volatile Periodic thread;
  private volatile boolean stopped;

  private NodeStatSampler(List<String> nodes, String user, String password, Consumer<String> warn) {
    this.nodes = new ArrayList<>(nodes);
    this.user = user;
    this.authorization = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
        .getBytes(StandardCharsets.UTF_8));
    this.warn = warn;
    this.log = new RateLimitedLog(warn::accept, LOG_INTERVAL_SECONDS, TimeUnit.SECONDS, System::nanoTime);
  }

  /** Starts sampling {@code config}'s system members now and every second; null when there is nothing to do. */
  static NodeStatSampler startIfWanted(GridDBConfig config, Consumer<String> warn) {
    if (config.getSystemPort() == 0 || !DatabaseReports.listened()) {
      return null;
    }
    NodeStatSampler s = new NodeStatSampler(config.getSystemMembers(), config.getUser(), config.getPassword(), warn);
    s.thread = Periodic.start("griddb-node-stat", INTERVAL_MILLIS, TIMEOUT_MILLIS, s::round);
    return s;
  }

  /** Stops sampling (a request under way is abandoned). */
  void close() {
    stopped = true;
    thread.close();
  }

  /** One round: every node asked in turn; false when sampling ends. */
  private boolean round() {
    for (String node : nodes) {
      if (stopped) {
        return false;
      }
      try {
        take(node);
      } catch (RuntimeException e) {
        log.log("node-stat-failed " + node, "GridDB: node " + node + " gave no usable " + NodeStatFigures.SOURCE
            + ": " + RateLimitedLog.describe(e) + "; skipped for that round");
      }
    }
    return !stopped;
  }

  private void take(String node) {
    HttpURLConnection c = null;
    try {
      c = (HttpURLConnection) new URL("http://" + node + NodeStatFigures.SOURCE).openConnection();
      c.setConnectTimeout((int) TIMEOUT_MILLIS);
      c.setReadTimeout((int) TIMEOUT_MILLIS);
      c.setUseCaches(false);
      c.setRequestProperty("Authorization", authorization);
      int code = c.getResponseCode();
      if (code == HttpURLConnection.HTTP_UNAUTHORIZED || code == HttpURLConnection.HTTP_FORBIDDEN) {
        stop(node, "the user '" + user + "' may not read them (GridDB lets administrator users only; HTTP " + code
            + ")");
        return;
      }
      if (code != HttpURLConnection.HTTP_OK) {
        log.log("node-stat-http " + node, "GridDB: node " + node + " answered " + NodeStatFigures.SOURCE + " with HTTP "
            + code + "; skipped for that round");
        return;
      }
      String body = read(c.getInputStream());
      long at = System.nanoTime();
      Map<String, Double> figures = readings.computeIfAbsent(node, n -> new NodeStatFigures()).figures(body, at);
      DatabaseReports.nodeGauges("griddb", node, NodeStatFigures.SOURCE, figures);
    } catch (IOException e) {
      log.log("node-stat-io " + node, "GridDB: node " + node + " did not give its statistics within " + TIMEOUT_MILLIS
          + " ms (" + RateLimitedLog.describe(e) + "); skipped for that round");
    } finally {
      if (c != null) {
        c.disconnect();
      }
    }
  }

  private static String read(InputStream in) throws IOException {
    try (InputStream body = in) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      int n;
      while ((n = body.read(buf)) > 0) {
        out.write(buf, 0, n);
        if (out.size() > MAX_ANSWER_BYTES) {
          throw new IOException("an answer longer than " + MAX_ANSWER_BYTES + " bytes");
        }
      }
      return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }
  }

  private void stop(String node, String reason) {
    if (stopped) {
      return;
    }
    stopped = true;
    warn.accept("GridDB: the node statistics (" + NodeStatFigures.SOURCE + ") of " + node + " cannot be read: "
        + reason + "; not sampled (unset " + GridDBConfig.SYSTEM_PORT + " to stop trying)");
  }
}
