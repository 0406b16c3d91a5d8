package site.ycsb.fleet;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;

/** What the integration tests read from a phase's result directory: its summary.json, as merge and report read it. */
public final class PhaseSummaries {
  private PhaseSummaries() {
  }

  /** summary.json of a result directory, read as merge and report read it. */
  public static JsonNode summary(Path dir) throws Exception {
    return site.ycsb.results.ResultDir.load(dir).summary();
  }

  /** A top-level number of a summary, rounded. */
  public static long number(JsonNode summary, String field) {
    assertTrue(summary.path(field).isNumber(), field + " not in " + summary);
    return Math.round(summary.path(field).asDouble());
  }

  /** The operations of the warm-up ("warmup": {"operations": N, ...}). */
  public static long warmupOperations(JsonNode summary) {
    assertTrue(summary.path("warmup").path("operations").isNumber(), "no warmup in " + summary);
    return summary.path("warmup").path("operations").asLong();
  }

  /** How many clients a merged summary lists. */
  public static int clients(JsonNode summary) {
    assertTrue(summary.path("clients").isArray(), "no clients list in merged summary");
    return summary.path("clients").size();
  }
}
