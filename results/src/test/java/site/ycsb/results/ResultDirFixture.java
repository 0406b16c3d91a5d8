package site.ycsb.results;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.output.RecordFiles;

/**
 * Test input: writes a result directory the way the engine does (format ycsb-result/1), from known latencies per
 * status interval, so that every merged or reported figure can be checked against an independent computation.
 */
final class ResultDirFixture {
  String host = "client-1";
  String label = "";
  String phase = "run";
  String workloadName = "workloada";
  String workload = "site.ycsb.workloads.CoreWorkload";
  String db = "site.ycsb.BasicDB";
  String version = "1.0.0-SNAPSHOT";
  int threads = 4;
  long startEpochMs = 1_790_000_000_000L;
  int intervalSec = 10;
  /** The length of the last interval in ms (a run that ended mid-interval); 0: a full one. */
  long lastIntervalMs = 0;
  boolean writeHdr = true;
  boolean clientLimited = false;
  List<String> healthWarnings = new ArrayList<>();
  /** The engine's lateness verdict (health.verdict.cause) and its line; null: none (an older engine). */
  String cause;
  String verdictText;
  /** The threads' wait for a CPU and time on one (health.causes), s; negative: not measured. */
  double cpuWaitSec = -1;
  double cpuRunSec = -1;
  double threadsBusyInCalls = 0.1;
  long longestCallUs = 2_000;
  Long scheduleLagMaxUs;
  /** Schedule lags (us) written as schedule-lag.hdr, as the engine does; null: no such log (older engine). */
  long[] scheduleLags;
  /** The warm-up before the measurement, as summary.json records it. */
  long warmupOps = 0;
  long warmupMs = 0;
  int exitCode = 0;
  String exitReason = "completed";
  /** The signal that interrupted the run (summary.json's interruptedBy), or null. */
  String interruptedBy;
  /** summary.json's lostOperations and unfinishedOperations (asynchronous path). */
  long lostOps;
  long unfinishedOps;
  final Map<String, String> properties = new LinkedHashMap<>();
  /** summary.json's database.nodeEvents, each {node, state, epoch ms}. */
  final List<Object[]> nodeEvents = new ArrayList<>();
  /** status.log's lines as the engine writes them; null: no status.log. */
  List<String> statusLog;
  /** measurement -> per interval latencies (us). */
  final Map<String, List<long[]>> latencies = new LinkedHashMap<>();
  /** The binding's retries per interval (timeseries.csv's retries on the OVERALL row); null: the cell left empty. */
  long[] retries;
  /** measurement -> extra non-OK return counts, e.g. NOT_FOUND. */
  final Map<String, Map<String, Long>> otherReturns = new LinkedHashMap<>();

  ResultDirFixture interval(String measurement, long... values) {
    latencies.computeIfAbsent(measurement, k -> new ArrayList<>()).add(values);
    return this;
  }

  /**
   * Adds {@code intervals} intervals of READ and Intended-READ, each of {@code values} latencies spread over three
   * decades (100 us to 100 ms; the intended ones up to 1 ms later), so that each interval's histogram takes about
   * 64 kB: the shape of a long run whose held histograms would not fit a small heap.
   */
  ResultDirFixture threeDecadeIntervals(java.util.Random random, int intervals, int values) {
    for (int i = 0; i < intervals; i++) {
      long[] service = new long[values];
      long[] intended = new long[values];
      for (int k = 0; k < values; k++) {
        service[k] = 100 + (long) Math.pow(10, 2 + 3 * random.nextDouble());
        intended[k] = service[k] + random.nextInt(1_000);
      }
      interval("READ", service);
      interval("Intended-READ", intended);
    }
    return this;
  }

  int intervals() {
    int n = 0;
    for (List<long[]> l : latencies.values()) {
      n = Math.max(n, l.size());
    }
    return n;
  }

  long endEpochMs() {
    return endOf(intervals() - 1);
  }

  /** The end of interval i (epoch ms): the last one may be partial ({@link #lastIntervalMs}). */
  long endOf(int i) {
    long full = startEpochMs + (i + 1) * intervalSec * 1000L;
    return i == intervals() - 1 && lastIntervalMs > 0 ? full - intervalSec * 1000L + lastIntervalMs : full;
  }

  double secondsOf(int i) {
    return (endOf(i) - startEpochMs - i * intervalSec * 1000L) / 1000.0;
  }

  static long[] range(long from, long to, long step) {
    int n = (int) ((to - from) / step) + 1;
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = from + i * step;
    }
    return out;
  }

  Path write(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("hdr"));
    long end = endEpochMs();
    if (scheduleLags != null) {
      Histogram lag = histogram(scheduleLags);
      lag.setStartTimeStamp(startEpochMs);
      lag.setEndTimeStamp(end);
      HdrLog.write(dir.resolve(RecordFiles.SCHEDULE_LAG), "schedule lag", startEpochMs,
          java.util.Collections.singletonList(lag));
      if (scheduleLagMaxUs == null) {
        scheduleLagMaxUs = lag.getMaxValue();
      }
    }
    ObjectNode s = Json.object();
    s.put("format", "ycsb-result/1");
    s.put("version", version);
    s.put("gitCommit", "0123456789ab");
    s.put("host", host);
    s.put("label", label);
    s.put("phase", phase);
    s.put("workload", workload);
    s.put("workloadName", workloadName);
    s.put("db", db);
    s.put("threads", threads);
    s.put("target", 0.0);
    s.put("measurementInterval", "op");
    s.put("startEpochMs", startEpochMs);
    s.put("endEpochMs", end);
    s.put("startTime", Instant.ofEpochMilli(startEpochMs).toString());
    s.put("endTime", Instant.ofEpochMilli(end).toString());
    s.put("runtimeMs", end - startEpochMs);
    long ops = 0;
    for (List<long[]> l : latencies.values()) {
      for (long[] v : l) {
        ops += v.length;
      }
    }
    s.put("operations", ops);
    s.put("throughput", 1000.0 * ops / (end - startEpochMs));
    s.put("statusIntervalSec", intervalSec);
    s.put("initMs", 5);
    s.put("cleanupMs", 7);
    s.putObject("warmup").put("operations", warmupOps).put("durationMs", warmupMs);
    s.put("exitCode", exitCode);
    s.put("exitReason", exitReason);
    s.put("interrupted", interruptedBy != null);
    s.put("interruptedBy", interruptedBy);
    s.put("lostOperations", lostOps);
    s.put("unfinishedOperations", unfinishedOps);
    s.put("insertStart", 0);
    s.put("insertCount", 1000);
    s.put("recordCount", 1000);
    s.put("operationCount", ops);
    ObjectNode props = s.putObject("properties");
    props.put("recordcount", "1000");
    properties.forEach(props::put);
    ObjectNode ms = s.putObject("measurements");
    StringBuilder csv = new StringBuilder(String.join(",", TimeseriesCsv.COLUMNS)).append('\n');
    for (int i = 0; i < intervals(); i++) {
      long ts = endOf(i);
      String elapsed = TimeseriesCsv.number((ts - startEpochMs) / 1000.0);
      long all = 0;
      long errors = 0;
      StringBuilder perOp = new StringBuilder();
      for (Map.Entry<String, List<long[]>> e : latencies.entrySet()) {
        long[] v = i < e.getValue().size() ? e.getValue().get(i) : new long[0];
        all += v.length;
        if (v.length == 0) {
          continue;
        }
        Histogram h = histogram(v);
        perOp.append(ts).append(',').append(elapsed).append(',').append(e.getKey()).append(',')
            .append(v.length).append(',').append(TimeseriesCsv.number(v.length / secondsOf(i))).append(',')
            .append(TimeseriesCsv.number(mean(v))).append(',').append(min(v)).append(',').append(max(v));
        for (double p : TimeseriesCsv.PERCENTILES) {
          perOp.append(',').append(h.getValueAtPercentile(p));
        }
        perOp.append(",0,\n");
      }
      csv.append(ts).append(',').append(elapsed).append(",OVERALL,").append(all).append(',')
          .append(TimeseriesCsv.number(all / secondsOf(i))).append(",,,,,,,,,").append(errors).append(',')
          .append(retries == null ? "" : Long.toString(retries[i])).append('\n');
      csv.append(perOp);
    }
    for (Map.Entry<String, List<long[]>> e : latencies.entrySet()) {
      Histogram total = new Histogram(3);
      List<Long> all = new ArrayList<>();
      List<long[]> perInterval = e.getValue();
      for (int i = 0; i < perInterval.size(); i++) {
        total.add(intervalHistogram(perInterval, i));
        for (long v : perInterval.get(i)) {
          all.add(v);
        }
      }
      if (writeHdr) {
        // each interval's histogram made as it is written: a long run's would not fit in memory together
        HdrLog.write(dir.resolve("hdr").resolve(e.getKey() + ".hdr"), "fixture " + host, startEpochMs,
            () -> new java.util.Iterator<Histogram>() {
              private int next;

              @Override
              public boolean hasNext() {
                return next < perInterval.size();
              }

              @Override
              public Histogram next() {
                return intervalHistogram(perInterval, next++);
              }
            });
      }
      long[] values = all.stream().mapToLong(Long::longValue).toArray();
      ObjectNode m = ms.putObject(e.getKey());
      m.put("kind", e.getKey().startsWith("Intended-") ? "intended" : "service");
      m.put("operations", values.length);
      m.put("averageUs", mean(values));
      m.put("minUs", min(values));
      m.put("maxUs", max(values));
      ObjectNode pct = m.putObject("percentilesUs");
      for (String p : new String[] {"50", "90", "95", "99", "99.9", "99.99"}) {
        pct.put(p, total.getValueAtPercentile(Double.parseDouble(p)));
      }
      if (!e.getKey().startsWith("Intended-") && !e.getKey().endsWith("-FAILED")) {
        ObjectNode r = m.putObject("returns");
        r.put("OK", values.length);
        otherReturns.getOrDefault(e.getKey(), new LinkedHashMap<>()).forEach(r::put);
      }
    }
    ObjectNode health = s.putObject("health");
    if (scheduleLagMaxUs != null) {
      health.put("scheduleLagP99Us", scheduleLagMaxUs / 2);
      health.put("scheduleLagMaxUs", scheduleLagMaxUs);
    }
    health.put("cpuUsedSec", 1.5).put("cpuCores", 2).put("cpuUtilisation", clientLimited ? 0.97 : 0.2);
    health.put("gcCount", 3).put("gcTimeMs", 12).put("gcMaxPauseMs", 5);
    health.put("clientLimited", clientLimited);
    if (cause != null) {
      health.putObject("verdict").put("cause", cause).put("text", verdictText).put("machineBusy",
          cpuWaitSec >= 0 && cpuWaitSec >= cpuRunSec);
      ObjectNode c = health.putObject("causes").put("cpuWaitMeasured", cpuWaitSec >= 0);
      if (cpuWaitSec >= 0) {
        c.put("cpuWaitSec", cpuWaitSec).put("cpuRunSec", cpuRunSec);
      } else {
        c.putNull("cpuWaitSec").putNull("cpuRunSec");
      }
      c.put("loadAverage", 3.5).put("cpuCores", 2).put("threads", threads).put("inFlightBound", false)
          .put("threadsBusyInCalls", threadsBusyInCalls).put("serviceP999Us", longestCallUs / 2)
          .put("longestCallUs", longestCallUs).put("processPauseMaxUs", 3_000).put("gcMaxPauseUs", 0);
    }
    healthWarnings.forEach(health.putArray("warnings")::add);
    if (!nodeEvents.isEmpty()) {
      com.fasterxml.jackson.databind.node.ArrayNode events = s.putObject("database").putArray("nodeEvents");
      for (Object[] e : nodeEvents) {
        events.addObject().put("binding", "cassandra").put("node", (String) e[0]).put("state", (String) e[1])
            .put("epochMs", (Long) e[2]).put("nodesUp", 2).put("nodesKnown", 3).put("source", "fixture");
      }
    }
    if (statusLog != null) {
      Files.write(dir.resolve("status.log"), statusLog, StandardCharsets.UTF_8);
    }
    Json.write(dir.resolve("summary.json"), s);
    Files.write(dir.resolve("timeseries.csv"), csv.toString().getBytes(StandardCharsets.UTF_8));
    Files.write(dir.resolve("output.txt"), TextOutput.render(s).getBytes(StandardCharsets.UTF_8));
    return dir;
  }

  /** Interval i's histogram with its timestamps. */
  private Histogram intervalHistogram(List<long[]> perInterval, int i) {
    Histogram h = histogram(perInterval.get(i));
    h.setStartTimeStamp(startEpochMs + i * intervalSec * 1000L);
    h.setEndTimeStamp(endOf(i));
    return h;
  }

  static Histogram histogram(long[] values) {
    Histogram h = new Histogram(3);
    for (long v : values) {
      h.recordValue(v);
    }
    return h;
  }

  static double mean(long[] v) {
    double sum = 0;
    for (long x : v) {
      sum += x;
    }
    return v.length == 0 ? 0 : sum / v.length;
  }

  static long min(long[] v) {
    long m = Long.MAX_VALUE;
    for (long x : v) {
      m = Math.min(m, x);
    }
    return v.length == 0 ? 0 : m;
  }

  static long max(long[] v) {
    long m = 0;
    for (long x : v) {
      m = Math.max(m, x);
    }
    return m;
  }
}
