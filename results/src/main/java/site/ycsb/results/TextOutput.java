package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Renders a summary in the engine's text exporter format ({@code [METRIC], measurement, value}): run time,
 * throughput, init/cleanup time, schedule lag (with a target), GC totals, then each measurement with the
 * percentiles its summary holds (the engine's configured list) and its Return= counts.
 */
final class TextOutput {
  private TextOutput() {
  }

  static String render(JsonNode summary) {
    StringBuilder out = new StringBuilder();
    line(out, "OVERALL", "RunTime(ms)", Long.toString(summary.path("runtimeMs").asLong()));
    line(out, "OVERALL", "Throughput(ops/sec)", Double.toString(summary.path("throughput").asDouble()));
    line(out, "OVERALL", "InitTime(ms)", Long.toString(summary.path("initMs").asLong()));
    line(out, "OVERALL", "CleanupTime(ms)", Long.toString(summary.path("cleanupMs").asLong()));
    JsonNode warmup = summary.path("warmup");
    if (warmup.path("operations").asLong(0) > 0 || warmup.path("durationMs").asLong(0) > 0) {
      line(out, "WARMUP", "Operations", Long.toString(warmup.path("operations").asLong()));
      line(out, "WARMUP", "RunTime(ms)", Long.toString(warmup.path("durationMs").asLong()));
    }
    JsonNode health = summary.path("health");
    if (summary.path("target").asDouble(0) > 0 && health.has("scheduleLagMaxUs")) {
      if (health.has("scheduleLagP99Us")) {
        line(out, "SCHEDULE", "LagP99(us)", Long.toString(health.path("scheduleLagP99Us").asLong()));
      }
      line(out, "SCHEDULE", "LagMax(us)", Long.toString(health.path("scheduleLagMaxUs").asLong()));
      if (health.path("scheduleLagsAbove1h").asLong(0) > 0) {
        line(out, "SCHEDULE", "LagsAbove1h(recordedAs1h)", Long.toString(health.path("scheduleLagsAbove1h").asLong()));
      }
      causes(out, health.path("causes"));
    }
    if (health.has("gcCount")) {
      line(out, "TOTAL_GCs", "Count", Long.toString(health.path("gcCount").asLong()));
      line(out, "TOTAL_GC_TIME", "Time(ms)", Long.toString(health.path("gcTimeMs").asLong()));
    }
    // service-time measurements first, then intended ones, as the engine prints them
    for (String kind : new String[] {"service", "intended"}) {
      List<String> names = new ArrayList<>();
      Iterator<Map.Entry<String, JsonNode>> it = summary.path("measurements").fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        if (kind.equals(e.getValue().path("kind").asText("service"))) {
          names.add(e.getKey());
        }
      }
      names.sort(null);
      for (String name : names) {
        measurement(out, name, summary.path("measurements").path(name));
      }
    }
    return out.toString();
  }

  /** The {@code [HEALTH]} lines the engine prints beside the schedule's, from the measures of lateness's causes. */
  private static void causes(StringBuilder out, JsonNode c) {
    if (c.path("cpuWaitSec").isNumber()) {
      line(out, "HEALTH", "CpuWait(ms)", Long.toString(Math.round(c.path("cpuWaitSec").asDouble() * 1000)));
      line(out, "HEALTH", "CpuRun(ms)", Long.toString(Math.round(c.path("cpuRunSec").asDouble() * 1000)));
    }
    if (c.path("loadAverage").isNumber()) {
      line(out, "HEALTH", "LoadAverage", Double.toString(c.path("loadAverage").asDouble()));
    }
    if (c.path("threadsBusyInCalls").isNumber()) {
      line(out, "HEALTH", "ThreadsBusy(%)", Double.toString(Math.round(c.path("threadsBusyInCalls").asDouble() * 1000)
          / 10.0));
    }
    String[][] longs = {{"serviceP999Us", "ServiceP999(us)"}, {"longestCallUs", "LongestCall(us)"},
        {"processPauseMaxUs", "ProcessPauseMax(us)"}, {"gcMaxPauseUs", "GcPauseMax(us)"}};
    for (String[] f : longs) {
      if (c.path(f[0]).isNumber()) {
        line(out, "HEALTH", f[1], Long.toString(c.path(f[0]).asLong()));
      }
    }
  }

  private static void measurement(StringBuilder out, String name, JsonNode m) {
    line(out, name, "Operations", Long.toString(m.path("operations").asLong()));
    line(out, name, "AverageLatency(us)", Double.toString(m.path("averageUs").asDouble()));
    line(out, name, "MinLatency(us)", Long.toString(m.path("minUs").asLong()));
    line(out, name, "MaxLatency(us)", Long.toString(m.path("maxUs").asLong()));
    List<String> keys = new ArrayList<>();
    m.path("percentilesUs").fieldNames().forEachRemaining(keys::add);
    keys.sort(Percentiles.NUMERIC);
    for (String key : keys) {
      line(out, name, Percentiles.textLabel(Double.parseDouble(key)) + "PercentileLatency(us)",
          Long.toString(m.path("percentilesUs").path(key).asLong()));
    }
    if (m.path(Merger.CLAMPED).asLong(0) > 0) {
      line(out, name, "LatenciesAbove1h(recordedAs1h)", Long.toString(m.path(Merger.CLAMPED).asLong()));
    }
    Iterator<Map.Entry<String, JsonNode>> it = m.path("returns").fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      line(out, name, "Return=" + e.getKey(), Long.toString(e.getValue().asLong()));
    }
  }

  private static void line(StringBuilder out, String metric, String measurement, String value) {
    out.append('[').append(metric).append("], ").append(measurement).append(", ").append(value).append('\n');
  }
}
