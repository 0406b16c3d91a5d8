package site.ycsb.fleet.suite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.results.ResultDir;

/**
 * Each client's verdict on a run's lateness and the measures of its causes, as a result directory records them
 * (summary.json's {@code health.verdict} and {@code health.causes}; a merged directory keeps each client's under
 * {@code health.perClient}): for the suite, fleet and findmax summaries. Immutable.
 */
public final class ClientVerdicts {
  /** One client's verdict. */
  public static final class Verdict {
    public final String host;
    /** "machine", "client", "database", "unexplained", "startup", "failures", "none", or "" when not recorded. */
    public final String cause;
    /** The verdict's line, or "" when there is none (the schedule was kept). */
    public final String text;
    /** The measures in a few words, e.g. "CPU wait 1.20 s (ran 0.40 s), load 9.0 on 2 cores", or "". */
    public final String measures;

    Verdict(String host, JsonNode health) {
      this.host = host;
      JsonNode v = health.path("verdict");
      this.cause = v.path("cause").asText("");
      this.text = v.hasNonNull("text") ? v.path("text").asText() : "";
      this.measures = measures(health.path("causes"));
    }

    /** "on time" for a kept schedule, else the cause, e.g. "machine"; "" when not recorded. */
    String causeWords() {
      return cause.equals("none") ? "on time" : cause;
    }
  }

  private ClientVerdicts() {
  }

  /** The verdict of every client of the run in {@code dir} (one for an unmerged run); empty when unreadable. */
  public static List<Verdict> of(java.nio.file.Path dir) {
    try {
      ResultDir r = ResultDir.load(dir);
      return of(r.summary().path("health"), r.host());
    } catch (site.ycsb.results.UsageException e) {
      return Collections.emptyList();
    }
  }

  /** The clients' verdicts in a run's {@code health}; {@code host} names an unmerged run's only client. */
  public static List<Verdict> of(JsonNode health, String host) {
    List<Verdict> out = new ArrayList<>();
    JsonNode clients = health.path("perClient");
    if (clients.size() > 0) {
      for (JsonNode c : clients) {
        out.add(new Verdict(c.path("host").asText("?"), c));
      }
    } else {
      out.add(new Verdict(host, health));
    }
    return out;
  }

  /** A client's measures of the causes of lateness in a few words; "" when the record has none. */
  static String measures(JsonNode c) {
    if (!c.isObject()) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    if (c.path("cpuWaitSec").isNumber()) {
      parts.add(String.format(Locale.ROOT, "CPU wait %.2f s (ran %.2f s)", c.path("cpuWaitSec").asDouble(),
          c.path("cpuRunSec").asDouble()));
    } else if (c.has("cpuWaitMeasured")) {
      parts.add("CPU wait not measured");
    }
    if (c.path("loadAverage").isNumber()) {
      parts.add(String.format(Locale.ROOT, "load %.1f on %d cores", c.path("loadAverage").asDouble(),
          c.path("cpuCores").asInt()));
    }
    if (c.path("threadsBusyInCalls").isNumber()) {
      parts.add(String.format(Locale.ROOT, "threads busy %.0f%%", 100 * c.path("threadsBusyInCalls").asDouble()));
    }
    if (c.path("longestCallUs").isNumber()) {
      parts.add(String.format(Locale.ROOT, "longest call %.1f ms", c.path("longestCallUs").asDouble() / 1000));
    }
    if (c.path("processPauseMaxUs").isNumber()) {
      parts.add(String.format(Locale.ROOT, "longest pause %.1f ms", c.path("processPauseMaxUs").asDouble() / 1000));
    }
    return String.join(", ", parts);
  }
}
