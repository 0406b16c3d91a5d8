package site.ycsb.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** A real Prometheus server for a test ({@link LocalServer}): its config (scrape every second), its query API. */
public final class PrometheusApi {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final int port;
  /** The evaluation time of instant queries (epoch seconds), or null for now. */
  private final String time;

  public PrometheusApi(int port) {
    this(port, null);
  }

  private PrometheusApi(int port, String time) {
    this.port = port;
    this.time = time;
  }

  /**
   * The same server, its instant queries evaluated at {@code epochSec}: once the engine has exited, its target's
   * failed scrapes mark every series stale, so the final figures are read at the time of the final scrape.
   */
  public PrometheusApi at(String epochSec) {
    return new PrometheusApi(port, epochSec);
  }

  /** A config that scrapes {@code target} (HOST:PORT) every second; {@code honorLabels} for a pushgateway. */
  public static Path config(Path dir, String target, boolean honorLabels) throws IOException {
    Files.createDirectories(dir);
    Path f = dir.resolve("prometheus.yml");
    String yml = "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n"
        + "  - job_name: ycsb\n    honor_labels: " + honorLabels + "\n    static_configs:\n"
        + "      - targets: ['" + target + "']\n";
    Files.write(f, yml.getBytes("UTF-8"));
    return f;
  }

  /**
   * A config that follows the Prometheus {@code file_sd} file {@code targets} (re-read every second) and scrapes its
   * targets every second.
   */
  public static Path fileSdConfig(Path dir, Path targets) throws IOException {
    Files.createDirectories(dir);
    Path f = dir.resolve("prometheus.yml");
    String yml = "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n"
        + "  - job_name: ycsb\n    file_sd_configs:\n      - files: ['" + targets + "']\n"
        + "        refresh_interval: 1s\n";
    Files.write(f, yml.getBytes("UTF-8"));
    return f;
  }

  /** The arguments of a server with that config, its data in {@code dir}. */
  public static String[] command(Path dir, Path config) {
    return new String[] {"prometheus", "--config.file=" + config, "--storage.tsdb.path=" + dir.resolve("data"),
        "--log.level=warn"};
  }

  /** The {@code data.result} of an instant query. */
  public JsonNode query(String promql) throws IOException {
    URL url = new URL("http://127.0.0.1:" + port + "/api/v1/query?query=" + URLEncoder.encode(promql, "UTF-8")
        + (time == null ? "" : "&time=" + time));
    HttpURLConnection c = (HttpURLConnection) url.openConnection();
    c.setConnectTimeout(5000);
    c.setReadTimeout(10_000);
    try (InputStream in = c.getResponseCode() == 200 ? c.getInputStream() : c.getErrorStream()) {
      JsonNode body = JSON.readTree(in);
      if (!"success".equals(body.path("status").asText())) {
        throw new IOException("query " + promql + " failed: " + body);
      }
      return body.path("data").path("result");
    } finally {
      c.disconnect();
    }
  }

  /** The one value of an instant query's only series, or NaN when it has none yet. */
  public double scalar(String promql) throws IOException {
    JsonNode r = query(promql);
    if (r.size() == 0) {
      return Double.NaN;
    }
    if (r.size() > 1) {
      throw new AssertionError(promql + " has " + r.size() + " series: " + r);
    }
    return r.get(0).path("value").get(1).asDouble();
  }
}
