package site.ycsb.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The Grafana dashboard shipped in the distribution asks only for series that the endpoint serves. */
class DashboardTest {
  static final Path DASHBOARD = Paths.get("src/main/dashboards/ycsb-live-dashboard.json");
  private static final Pattern NAME = Pattern.compile("\\bycsb_[a-z0-9_]+");

  /** Every expression of the dashboard: its panels' queries and its variables' queries. */
  private static List<String> expressions(JsonNode dash) {
    List<String> out = new ArrayList<>();
    for (JsonNode panel : dash.path("panels")) {
      for (JsonNode t : panel.path("targets")) {
        out.add(t.path("expr").asText());
      }
    }
    for (JsonNode v : dash.path("templating").path("list")) {
      if (v.path("type").asText().equals("query")) {
        out.add(v.path("query").asText());
      }
    }
    return out;
  }

  @Test
  void should_name_only_metrics_the_endpoint_serves_when_its_queries_are_read() throws Exception {
    JsonNode dash = new ObjectMapper().readTree(DASHBOARD.toFile());
    Properties p = new Properties();
    p.setProperty("metrics.listen", "127.0.0.1:0");
    p.setProperty("metrics.linger", "0");
    PrometheusObserver o = new PrometheusObserver(p, Scrape.LABELS);
    Set<String> served = new TreeSet<>();
    try {
      o.interval(Scrape.figures(5, 1, 6, 100));
      o.ended("NONE", 0);
      for (String line : Scrape.get(o.port()).split("\n")) {
        if (!line.startsWith("#") && !line.isEmpty()) {
          served.add(line.split("[{ ]")[0]);
        }
      }
    } finally {
      o.close();
    }
    Set<String> asked = new TreeSet<>();
    for (String expr : expressions(dash)) {
      Matcher m = NAME.matcher(expr);
      boolean any = false;
      while (m.find()) {
        asked.add(m.group());
        any = true;
      }
      assertTrue(any, "a query that names no ycsb_ series: " + expr);
    }
    Set<String> unknown = new TreeSet<>(asked);
    unknown.removeAll(served);
    assertEquals(new TreeSet<String>(), unknown, "the dashboard asks for series the endpoint does not serve; served: "
        + served);
    assertTrue(asked.size() >= 8, "the dashboard's panels: " + asked);
  }

  @Test
  void should_ask_only_for_labels_the_series_carry_when_grouping() throws Exception {
    JsonNode dash = new ObjectMapper().readTree(DASHBOARD.toFile());
    Set<String> known = new TreeSet<>();
    for (String l : (LiveMetric.RUN_LABELS + ", quantile").split(", ")) {
      known.add(l);
    }
    for (LiveMetric metric : LiveMetric.values()) {
      for (String l : metric.labels().split(", ")) {
        known.add(l);
      }
    }
    Pattern by = Pattern.compile("by \\(([^)]*)\\)");
    for (String expr : expressions(dash)) {
      Matcher m = by.matcher(expr);
      while (m.find()) {
        for (String label : m.group(1).split(",")) {
          assertTrue(known.contains(label.trim()), "grouping by an unknown label " + label + " in " + expr);
        }
      }
    }
  }
}
