package site.ycsb.metrics;

import java.io.IOException;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import site.ycsb.cli.EngineOptions;
import site.ycsb.cli.ListenAddress;
import site.ycsb.cli.PropertyReader;
import site.ycsb.cli.UsageException;
import site.ycsb.observe.LiveFigures;
import site.ycsb.observe.RunLabels;
import site.ycsb.observe.RunObserver;

/**
 * The engine's live observer: serves the run's {@link LiveMetric}s at {@code metrics.listen} and pushes them to
 * {@code metrics.pushgateway} ({@link GatewayPusher}). After the run the endpoint serves the final figures until a
 * scrape has read them, at most {@code metrics.linger}.
 *
 * <p>Thread-safe: fed by the engine's status thread, read by the server's threads.
 */
public final class PrometheusObserver implements RunObserver {
  /** After the final figures were read, the time left for the response to reach the scraper before the server stops. */
  static final long RESPONSE_GRACE_MS = 500;
  private final LiveRegistry live;
  private final HTTPServer server;
  private final GatewayPusher pusher;
  private final long lingerNs;
  private volatile boolean ended;

  /**
   * Starts serving (and pushing) as {@code props} ask.
   *
   * @throws UsageException when the address cannot be listened on (a port in use, an address not of this machine)
   */
  public PrometheusObserver(Properties props, RunLabels labels) throws UsageException {
    PropertyReader r = new PropertyReader(props);
    live = new LiveRegistry(labels);
    lingerNs = r.get(EngineOptions.METRICS_LINGER);
    String listen = r.get(EngineOptions.METRICS_LISTEN);
    server = listen.isEmpty() ? null : listen(ListenAddress.parse(EngineOptions.METRICS_LISTEN.name(), listen));
    String gateway = r.get(EngineOptions.METRICS_PUSHGATEWAY);
    pusher = gateway.isEmpty() ? null : GatewayPusher.start(gateway, labels, live,
        r.get(EngineOptions.METRICS_PUSH_INTERVAL));
  }

  private HTTPServer listen(ListenAddress at) throws UsageException {
    try {
      HTTPServer s = HTTPServer.builder().inetAddress(at.host()).port(at.port()).registry(live.registry())
          .buildAndStart();
      String host = at.host().getHostAddress();
      System.err.println("Live metrics: http://" + (host.contains(":") ? "[" + host + "]" : host) + ":"
          + s.getPort() + "/metrics (" + EngineOptions.METRICS_LISTEN + ")");
      return s;
    } catch (IOException e) {
      throw new UsageException(EngineOptions.METRICS_LISTEN + "=" + at + ": cannot listen there (" + e.getMessage()
          + "); choose another port, or an address of this machine");
    }
  }

  @Override
  public void interval(LiveFigures figures) {
    live.interval(figures);
  }

  @Override
  public void ended(String verdict, int exitCode) {
    live.end(verdict, exitCode);
    ended = true;
  }

  @Override
  public void close() {
    if (pusher != null) {
      pusher.stop(ended);
    }
    if (server == null) {
      return;
    }
    if (ended) {
      awaitFinalScrape();
    }
    server.close();
  }

  /** Serves the final figures until a scrape has read them, at most {@code metrics.linger}; an interrupt ends it. */
  private void awaitFinalScrape() {
    long before = live.finalReads();
    long deadline = System.nanoTime() + lingerNs;
    if (lingerNs > 0) {
      System.err.println("Live metrics: serving the final figures until they are scraped, at most "
          + TimeUnit.NANOSECONDS.toSeconds(lingerNs) + " s (" + EngineOptions.METRICS_LINGER + ").");
    }
    try {
      while (live.finalReads() == before && System.nanoTime() - deadline < 0) {
        Thread.sleep(50);
      }
      if (live.finalReads() > before) {
        Thread.sleep(RESPONSE_GRACE_MS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The port served, or -1 when not serving: for tests. */
  int port() {
    return server == null ? -1 : server.getPort();
  }
}
