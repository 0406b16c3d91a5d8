package site.ycsb.metrics;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLEncoder;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import site.ycsb.cli.EngineOptions;
import site.ycsb.observe.RunLabels;

/**
 * Pushes the run's figures to a Prometheus pushgateway every interval and once at the end, under the grouping key
 * {@code job=ycsb, run_id, host}: each run and client has its own group, so pushes never replace another's. The last
 * push carries {@code ycsb_run_ended 1}: the group stays (a Prometheus scraping the gateway still sees the final
 * figures) and says that the run is over; delete it with the gateway's API when it is no longer wanted.
 *
 * <p>Thread-safe: pushes run on one daemon thread; {@link #stop} is called once by the engine's main thread.
 */
final class GatewayPusher {
  /** A gateway that does not answer within this holds up neither the run nor its end for longer. */
  static final int TIMEOUT_MS = 5000;
  private final URL groupUrl;
  private final LiveRegistry live;
  private final ScheduledExecutorService timer;
  private volatile boolean failedOnce;

  private GatewayPusher(URL groupUrl, LiveRegistry live) {
    this.groupUrl = groupUrl;
    this.live = live;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "ycsb-metrics-push");
      t.setDaemon(true);
      return t;
    });
  }

  static GatewayPusher start(String gateway, RunLabels labels, LiveRegistry live, long intervalNs) {
    GatewayPusher p = new GatewayPusher(groupUrl(gateway, labels), live);
    p.timer.scheduleAtFixedRate(p::pushQuietly, intervalNs, intervalNs, TimeUnit.NANOSECONDS);
    return p;
  }

  static URL groupUrl(String gateway, RunLabels labels) {
    String base = gateway.endsWith("/") ? gateway.substring(0, gateway.length() - 1) : gateway;
    try {
      return new URL(base + "/metrics/job/ycsb/run_id/" + encode(labels.runId) + "/host/" + encode(labels.host));
    } catch (IOException e) {
      throw new IllegalArgumentException(EngineOptions.METRICS_PUSHGATEWAY + ": " + e.getMessage());
    }
  }

  private static String encode(String s) throws UnsupportedEncodingException {
    return URLEncoder.encode(s, "UTF-8").replace("+", "%20");
  }

  /** Stops the periodic pushes; with {@code last} (the run ended) pushes the final figures once more. */
  void stop(boolean last) {
    timer.shutdownNow();
    try {
      timer.awaitTermination(TIMEOUT_MS * 2L, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (last) {
      try {
        push();
      } catch (IOException e) {
        System.err.println("WARNING: the final push to " + EngineOptions.METRICS_PUSHGATEWAY + " failed: "
            + e.getMessage());
      }
    }
  }

  private void pushQuietly() {
    try {
      push();
    } catch (IOException e) {
      if (!failedOnce) {
        failedOnce = true; // said once: a gateway that is down must not flood the status lines
        System.err.println("WARNING: cannot push to " + EngineOptions.METRICS_PUSHGATEWAY + " (" + e.getMessage()
            + "); the run goes on, further failures are not reported");
      }
    }
  }

  /** Replaces the group's figures with the current ones (PUT). */
  void push() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(body, live.registry().scrape(), EscapingScheme.UNDERSCORE_ESCAPING);
    HttpURLConnection c = (HttpURLConnection) groupUrl.openConnection();
    try {
      c.setConnectTimeout(TIMEOUT_MS);
      c.setReadTimeout(TIMEOUT_MS);
      c.setRequestMethod("PUT");
      c.setDoOutput(true);
      c.setRequestProperty("Content-Type", PrometheusTextFormatWriter.CONTENT_TYPE);
      try (OutputStream out = c.getOutputStream()) {
        body.writeTo(out);
      }
      int code = c.getResponseCode();
      if (code / 100 != 2) {
        throw new IOException("HTTP " + code + " from " + groupUrl.getHost() + ":" + groupUrl.getPort());
      }
    } finally {
      InputStream in = c.getErrorStream();
      if (in != null) {
        in.close();
      }
      c.disconnect();
    }
  }
}
