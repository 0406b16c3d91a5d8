package site.ycsb.metrics;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import site.ycsb.measurements.IntervalStats;
import site.ycsb.observe.LiveFigures;
import site.ycsb.observe.RunLabels;

/** Test helpers: one scrape of an endpoint, and figures as the engine would hand them over. */
final class Scrape {
  static final RunLabels LABELS = new RunLabels("run-1", "client-a", "site.ycsb.BasicDB",
      "site.ycsb.workloads.CoreWorkload", "run");

  private Scrape() {
  }

  /** The body of GET http://127.0.0.1:port/metrics. */
  static String get(int port) throws IOException {
    HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/metrics").openConnection();
    c.setConnectTimeout(5000);
    c.setReadTimeout(5000);
    try (InputStream in = c.getInputStream()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      for (int n; (n = in.read(buf)) > 0;) {
        out.write(buf, 0, n);
      }
      return new String(out.toByteArray(), StandardCharsets.UTF_8);
    } finally {
      c.disconnect();
    }
  }

  /** The value of the one sample line whose name is {@code name} and which holds every {@code labels} pair. */
  static double value(String body, String name, String... labels) {
    Double found = null;
    for (String line : body.split("\n")) {
      if (!line.startsWith(name + "{") && !line.startsWith(name + " ")) {
        continue;
      }
      boolean all = true;
      for (int i = 0; i < labels.length; i += 2) {
        all &= line.contains(labels[i] + "=\"" + labels[i + 1] + "\"");
      }
      if (all) {
        if (found != null) {
          throw new AssertionError("more than one " + name + " line with those labels in:\n" + body);
        }
        found = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    if (found == null) {
      throw new AssertionError("no " + name + " line with those labels in:\n" + body);
    }
    return found;
  }

  /** Figures of one interval: READ (service and intended) with the given counts, p99 in microseconds. */
  static LiveFigures figures(long readOk, long readNotFound, long intervalCount, long p99Us) {
    return figures(readOk, readNotFound, intervalCount, p99Us, 7, null, nodes("127.0.0.1:9042", "ReadStage pending",
        3.0), nodes("127.0.0.1", "cpu_pct", 12.5));
  }

  /** One node's one figure, as the engine hands the database view and the node samples over. */
  static Map<String, Map<String, Double>> nodes(String node, String figure, double value) {
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put(figure, value);
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    out.put(node, figures);
    return out;
  }

  /** As {@link #figures(long, long, long, long)}, with the operations in flight, the cause and the nodes' figures. */
  static LiveFigures figures(long readOk, long readNotFound, long intervalCount, long p99Us, long inFlight,
      String cause, Map<String, Map<String, Double>> databaseView, Map<String, Map<String, Double>> nodeSamples) {
    Map<String, IntervalStats> intervals = new LinkedHashMap<>();
    intervals.put("READ", new IntervalStats(intervalCount, 10, 9000, 100.0, 50, 90, p99Us, p99Us + 1, p99Us + 2));
    intervals.put("Intended-READ", new IntervalStats(intervalCount, 20, 9000, 200.0, 60, 95, 2 * p99Us, 2 * p99Us,
        2 * p99Us));
    Map<String, Map<String, Long>> counts = new HashMap<>();
    Map<String, Long> read = new LinkedHashMap<>();
    read.put("OK", readOk);
    read.put("NOT_FOUND", readNotFound);
    counts.put("READ", read);
    Map<String, Long> retries = new LinkedHashMap<>();
    retries.put("READ", readNotFound + 1);
    return new LiveFigures(intervals, counts, 1.0, 1234.5, 2000, 0.25, 3, 0.5, 0.125, 0.002, retries, inFlight, cause,
        databaseView, nodeSamples);
  }
}
