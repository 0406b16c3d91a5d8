package site.ycsb.fleet.suite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;

import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Causes;
import site.ycsb.output.SummaryFields.Health;
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
      JsonNode v = health.path(Health.VERDICT);
      this.cause = v.path(SummaryFields.Verdict.CAUSE).asText("");
      this.text = v.hasNonNull(SummaryFields.Verdict.TEXT) ? v.path(SummaryFields.Verdict.TEXT).asText() : "";
      this.measures = measures(health.path(Health.CAUSES));
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
      return of(r.summary().path(SummaryFields.HEALTH), r.host());
    } catch (site.ycsb.results.UsageException e) {
      return Collections.emptyList();
    }
  }

  /** The clients' verdicts in a run's {@code health}; {@code host} names an unmerged run's only client. */
  public static List<Verdict> of(JsonNode health, String host) {
    List<Verdict> out = new ArrayList<>();
    JsonNode clients = health.path(Health.PER_CLIENT);
    if (clients.size() > 0) {
      for (JsonNode c : clients) {
        out.add(new Verdict(c.path(SummaryFields.HOST).asText("?"), c));
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
    if (c.path(Causes.CPU_WAIT_SEC).isNumber()) {
      parts.add(String.format(Locale.ROOT, "CPU wait %.2f s (ran %.2f s)", c.path(Causes.CPU_WAIT_SEC).asDouble(),
          c.path(Causes.CPU_RUN_SEC).asDouble()));
    } else if (c.has(Causes.CPU_WAIT_MEASURED)) {
      parts.add("CPU wait not measured");
    }
    if (c.path(Causes.LOAD_AVERAGE).isNumber()) {
      parts.add(String.format(Locale.ROOT, "load %.1f on %d cores", c.path(Causes.LOAD_AVERAGE).asDouble(),
          c.path(Causes.CPU_CORES).asInt()));
    }
    if (c.path(Causes.THREADS_BUSY_IN_CALLS).isNumber()) {
      parts.add(String.format(Locale.ROOT, "threads busy %.0f%%",
          100 * c.path(Causes.THREADS_BUSY_IN_CALLS).asDouble()));
    }
    if (c.path(Causes.LONGEST_CALL_US).isNumber()) {
      parts.add(String.format(Locale.ROOT, "longest call %.1f ms", c.path(Causes.LONGEST_CALL_US).asDouble() / 1000));
    }
    if (c.path(Causes.PROCESS_PAUSE_MAX_US).isNumber()) {
      parts.add(String.format(Locale.ROOT, "longest pause %.1f ms",
          c.path(Causes.PROCESS_PAUSE_MAX_US).asDouble() / 1000));
    }
    return String.join(", ", parts);
  }
}
