package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Causes;
import site.ycsb.output.SummaryFields.Health;
import site.ycsb.output.SummaryFields.Measurement;

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
    line(out, "OVERALL", "RunTime(ms)", Long.toString(summary.path(SummaryFields.RUNTIME_MS).asLong()));
    line(out, "OVERALL", "Throughput(ops/sec)", Double.toString(summary.path(SummaryFields.THROUGHPUT).asDouble()));
    line(out, "OVERALL", "InitTime(ms)", Long.toString(summary.path(SummaryFields.INIT_MS).asLong()));
    line(out, "OVERALL", "CleanupTime(ms)", Long.toString(summary.path(SummaryFields.CLEANUP_MS).asLong()));
    JsonNode warmup = summary.path(SummaryFields.WARMUP);
    if (warmup.path(SummaryFields.Warmup.OPERATIONS).asLong(0) > 0
        || warmup.path(SummaryFields.Warmup.DURATION_MS).asLong(0) > 0) {
      line(out, "WARMUP", "Operations", Long.toString(warmup.path(SummaryFields.Warmup.OPERATIONS).asLong()));
      line(out, "WARMUP", "RunTime(ms)", Long.toString(warmup.path(SummaryFields.Warmup.DURATION_MS).asLong()));
    }
    JsonNode health = summary.path(SummaryFields.HEALTH);
    if (summary.path(SummaryFields.TARGET).asDouble(0) > 0 && health.has(Health.SCHEDULE_LAG_MAX_US)) {
      if (health.has(Health.SCHEDULE_LAG_P99_US)) {
        line(out, "SCHEDULE", "LagP99(us)", Long.toString(health.path(Health.SCHEDULE_LAG_P99_US).asLong()));
      }
      line(out, "SCHEDULE", "LagMax(us)", Long.toString(health.path(Health.SCHEDULE_LAG_MAX_US).asLong()));
      if (health.path(Health.SCHEDULE_LAGS_ABOVE_1H).asLong(0) > 0) {
        line(out, "SCHEDULE", "LagsAbove1h(recordedAs1h)",
            Long.toString(health.path(Health.SCHEDULE_LAGS_ABOVE_1H).asLong()));
      }
      causes(out, health.path(Health.CAUSES));
    }
    if (health.has(Health.GC_COUNT)) {
      line(out, "TOTAL_GCs", "Count", Long.toString(health.path(Health.GC_COUNT).asLong()));
      line(out, "TOTAL_GC_TIME", "Time(ms)", Long.toString(health.path(Health.GC_TIME_MS).asLong()));
    }
    // service-time measurements first, then intended ones, as the engine prints them
    for (String kind : new String[] {Measurement.KIND_SERVICE, Measurement.KIND_INTENDED}) {
      List<String> names = new ArrayList<>();
      Iterator<Map.Entry<String, JsonNode>> it = summary.path(SummaryFields.MEASUREMENTS).fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        if (kind.equals(e.getValue().path(Measurement.KIND).asText(Measurement.KIND_SERVICE))) {
          names.add(e.getKey());
        }
      }
      names.sort(null);
      for (String name : names) {
        measurement(out, name, summary.path(SummaryFields.MEASUREMENTS).path(name));
      }
    }
    return out.toString();
  }

  /** The {@code [HEALTH]} lines the engine prints beside the schedule's, from the measures of lateness's causes. */
  private static void causes(StringBuilder out, JsonNode c) {
    if (c.path(Causes.CPU_WAIT_SEC).isNumber()) {
      line(out, "HEALTH", "CpuWait(ms)", Long.toString(Math.round(c.path(Causes.CPU_WAIT_SEC).asDouble() * 1000)));
      line(out, "HEALTH", "CpuRun(ms)", Long.toString(Math.round(c.path(Causes.CPU_RUN_SEC).asDouble() * 1000)));
    }
    if (c.path(Causes.LOAD_AVERAGE).isNumber()) {
      line(out, "HEALTH", "LoadAverage", Double.toString(c.path(Causes.LOAD_AVERAGE).asDouble()));
    }
    if (c.path(Causes.THREADS_BUSY_IN_CALLS).isNumber()) {
      line(out, "HEALTH", "ThreadsBusy(%)",
          Double.toString(Math.round(c.path(Causes.THREADS_BUSY_IN_CALLS).asDouble() * 1000) / 10.0));
    }
    String[][] longs = {{Causes.SERVICE_P999_US, "ServiceP999(us)"}, {Causes.LONGEST_CALL_US, "LongestCall(us)"},
        {Causes.PROCESS_PAUSE_MAX_US, "ProcessPauseMax(us)"}, {Causes.GC_MAX_PAUSE_US, "GcPauseMax(us)"}};
    for (String[] f : longs) {
      if (c.path(f[0]).isNumber()) {
        line(out, "HEALTH", f[1], Long.toString(c.path(f[0]).asLong()));
      }
    }
  }

  private static void measurement(StringBuilder out, String name, JsonNode m) {
    line(out, name, "Operations", Long.toString(m.path(Measurement.OPERATIONS).asLong()));
    line(out, name, "AverageLatency(us)", Double.toString(m.path(Measurement.AVERAGE_US).asDouble()));
    line(out, name, "MinLatency(us)", Long.toString(m.path(Measurement.MIN_US).asLong()));
    line(out, name, "MaxLatency(us)", Long.toString(m.path(Measurement.MAX_US).asLong()));
    List<String> keys = new ArrayList<>();
    m.path(Measurement.PERCENTILES_US).fieldNames().forEachRemaining(keys::add);
    keys.sort(Percentiles.NUMERIC);
    for (String key : keys) {
      line(out, name, Percentiles.textLabel(Double.parseDouble(key)) + "PercentileLatency(us)",
          Long.toString(m.path(Measurement.PERCENTILES_US).path(key).asLong()));
    }
    if (m.path(Measurement.CLAMPED_ABOVE_1H).asLong(0) > 0) {
      line(out, name, "LatenciesAbove1h(recordedAs1h)", Long.toString(m.path(Measurement.CLAMPED_ABOVE_1H).asLong()));
    }
    Iterator<Map.Entry<String, JsonNode>> it = m.path(Measurement.RETURNS).fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      line(out, name, "Return=" + e.getKey(), Long.toString(e.getValue().asLong()));
    }
  }

  private static void line(StringBuilder out, String metric, String measurement, String value) {
    out.append('[').append(metric).append("], ").append(measurement).append(", ").append(value).append('\n');
  }
}
