package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Renders a summary in the engine's text exporter format ({@code [METRIC], measurement, value}). */
final class TextOutput {
  private TextOutput() {
  }

  static String render(JsonNode summary) {
    StringBuilder out = new StringBuilder();
    line(out, "OVERALL", "RunTime(ms)", Long.toString(summary.path("runtimeMs").asLong()));
    line(out, "OVERALL", "Throughput(ops/sec)", Double.toString(summary.path("throughput").asDouble()));
    JsonNode props = summary.path("properties");
    List<Double> percentiles = Percentiles.parseList(
        props.path("hdrhistogram.percentiles").asText(Percentiles.DEFAULT_TEXT_PERCENTILES));
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
        measurement(out, name, summary.path("measurements").path(name), percentiles);
      }
    }
    return out.toString();
  }

  private static void measurement(StringBuilder out, String name, JsonNode m, List<Double> percentiles) {
    line(out, name, "Operations", Long.toString(m.path("operations").asLong()));
    line(out, name, "AverageLatency(us)", Double.toString(m.path("averageUs").asDouble()));
    line(out, name, "MinLatency(us)", Long.toString(m.path("minUs").asLong()));
    line(out, name, "MaxLatency(us)", Long.toString(m.path("maxUs").asLong()));
    JsonNode pct = m.path("percentilesUs");
    for (double p : percentiles) {
      JsonNode v = pct.get(Percentiles.key(p));
      if (v != null) {
        line(out, name, Percentiles.textLabel(p) + "PercentileLatency(us)", Long.toString(v.asLong()));
      }
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
