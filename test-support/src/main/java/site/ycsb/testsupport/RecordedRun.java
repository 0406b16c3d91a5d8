package site.ycsb.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One engine run's record (its results.dir) and the checks of what a real Prometheus stored of its live figures
 * against it: counts against output.txt, p99s against timeseries.csv.
 */
public final class RecordedRun {
  public final Path results;
  /** summary.json's runId, the run_id label of its series. */
  public final String runId;

  public RecordedRun(Path results) throws IOException {
    this.results = results;
    this.runId = new ObjectMapper().readTree(results.resolve("summary.json").toFile()).path("runId").asText();
  }

  private static void assertTrue(boolean condition, String message) {
    if (!condition) {
      throw new AssertionError(message);
    }
  }

  private static void assertEquals(long expected, long actual, String message) {
    assertTrue(expected == actual, message + ": expected " + expected + " but was " + actual);
  }

  /** The {@code [OP], Operations, N} of the run's output.txt. */
  public long operations(String op) throws IOException {
    for (String line : Files.readAllLines(results.resolve("output.txt"), StandardCharsets.UTF_8)) {
      if (line.startsWith("[" + op + "], Operations, ")) {
        return Long.parseLong(line.substring(line.lastIndexOf(' ') + 1).trim());
      }
    }
    throw new AssertionError("no [" + op + "], Operations line in output.txt");
  }

  /** The p99_us of every timeseries.csv row of {@code measurement}, in order; null for an interval without one. */
  public List<Long> intervalP99s(String measurement) throws IOException {
    List<String> lines = Files.readAllLines(results.resolve("timeseries.csv"), StandardCharsets.UTF_8);
    List<String> header = Arrays.asList(lines.get(0).split(","));
    int metric = header.indexOf("metric");
    int p99 = header.indexOf("p99_us");
    List<Long> out = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      if (f[metric].equals(measurement)) {
        out.add(f[p99].isEmpty() ? null : Long.valueOf(f[p99]));
      }
    }
    return out;
  }

  /**
   * Waits until Prometheus holds the run's final figures (ycsb_run_ended 1), then checks that its READ and UPDATE
   * counts equal the run's summary and that every p99 it stored is one of the run's interval p99s, the last one the
   * run's last.
   */
  public void checkAgainst(PrometheusApi server) throws IOException, InterruptedException {
    String run = "run_id=\"" + runId + "\"";
    long deadline = System.currentTimeMillis() + 30_000;
    String end;
    while ((end = firstEndedSample(server, run)) == null) {
      assertTrue(System.currentTimeMillis() < deadline, "Prometheus never stored ycsb_run_ended 1 of run " + runId);
      Thread.sleep(250);
    }
    PrometheusApi prometheus = server.at(end);
    for (String op : new String[] {"READ", "UPDATE"}) {
      double served = prometheus.scalar("sum(ycsb_operations_total{" + run + ",operation=\"" + op + "\"})");
      assertEquals(operations(op), (long) served, op + " count in Prometheus against output.txt");
      checkP99(server, prometheus, run, op);
    }
  }

  /** The time (epoch seconds, as Prometheus wrote it) of the first sample that says the run has ended, or null. */
  private static String firstEndedSample(PrometheusApi prometheus, String run) throws IOException {
    JsonNode series = prometheus.query("ycsb_run_ended{" + run + "}[10m]");
    for (JsonNode s : series) {
      for (JsonNode v : s.path("values")) {
        if (v.get(1).asDouble() == 1.0) {
          return v.get(0).asText();
        }
      }
    }
    return null;
  }

  /**
   * Every p99 Prometheus stored must be one of the run's interval p99s (timeseries.csv), and what it holds at the end
   * must be the last interval's: its p99, or none when that interval had no operation of the kind (a run that ends on
   * its time limit often ends with a sliver of an interval). Scrapes and intervals both come every second but are not
   * aligned, so an interval between two scrapes may go unseen; which ones are seen is not checked. The served
   * quantile and the results' p99 come from the same interval figures (whole microseconds): a value read back times
   * 1e6 and rounded must be one of them exactly; the tolerance of 0.5 us only absorbs the decimal printing of
   * microseconds as seconds.
   */
  private void checkP99(PrometheusApi server, PrometheusApi atEnd, String run, String op) throws IOException {
    List<Long> csv = intervalP99s("Intended-" + op);
    Set<Long> allowed = new HashSet<>(csv);
    String selector = "ycsb_latency_seconds{" + run + ",operation=\"" + op
        + "\",latency=\"intended\",quantile=\"0.99\"}";
    JsonNode series = server.query(selector + "[10m]");
    assertEquals(1, series.size(), "one intended p99 series of " + op + ": " + series);
    JsonNode values = series.get(0).path("values");
    assertTrue(values.size() >= 3, "Prometheus stored the p99 of " + op + " at least 3 times: " + values);
    for (JsonNode v : values) {
      double seconds = v.get(1).asDouble();
      long us = Math.round(seconds * 1e6);
      assertTrue(Math.abs(us - seconds * 1e6) <= 0.5, seconds + " s is not a whole number of microseconds");
      assertTrue(allowed.contains(us), op + " p99 " + us + " us served, not among the run's interval p99s " + csv);
    }
    Long last = csv.get(csv.size() - 1);
    JsonNode now = atEnd.query(selector);
    if (last == null) {
      assertEquals(0, now.size(), "the last interval had no " + op + ": no p99 at the end, but " + now);
    } else {
      assertEquals(1, now.size(), "the last interval's p99 of " + op + " at the end: " + now);
      assertEquals(last.longValue(), Math.round(now.get(0).path("value").get(1).asDouble() * 1e6),
          "the p99 of " + op + " at the end is the last interval's; served " + values + ", intervals " + csv);
    }
  }
}
