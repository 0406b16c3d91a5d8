package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Arrays;
import java.util.List;

/**
 * The merged form of the clients' lateness verdicts and their measures (summary.json's {@code health.verdict} and
 * {@code health.causes}; each client's own stay in {@code health.perClient}). The merged cause is the first of
 * machine, client, database, unexplained, start-up, failures that any client names — a step one client's machine
 * disturbed is disturbed, whatever the others say — with the hosts of each cause; the measures are summed (the threads'
 * wait for a CPU and their time on one, threads, cores) or their maximum taken (load, the busy share, service p99.9,
 * longest call and pauses: the worst client).
 */
final class LagCauses {
  /** Causes in the order the merged verdict takes them. */
  static final List<String> PRIORITY = Arrays.asList("machine", "client", "database", "unexplained", "startup",
      "failures", "none");
  private static final List<String> SUMMED = Arrays.asList("cpuWaitSec", "cpuRunSec", "cpuCores", "threads",
      "workloadOutsideCallsSec");
  private static final List<String> MAXIMA = Arrays.asList("loadAverage", "threadsBusyInCalls", "serviceP999Us",
      "longestCallUs", "heldEveryThreadUs", "processPauseMaxUs", "gcMaxPauseUs");

  private LagCauses() {
  }

  /** Adds {@code verdict} and {@code causes} to the merged health {@code h}, when any client has them. */
  static void merge(List<ResultDir> dirs, ObjectNode h) {
    String cause = null;
    boolean machineBusy = false;
    ObjectNode hosts = Json.object();
    boolean any = false;
    for (ResultDir d : dirs) {
      JsonNode v = d.summary().path("health").path("verdict");
      if (!v.isObject()) {
        continue;
      }
      any = true;
      String c = v.path("cause").asText("none");
      machineBusy |= v.path("machineBusy").asBoolean(false);
      ArrayNode list = hosts.has(c) ? (ArrayNode) hosts.get(c) : hosts.putArray(c);
      list.add(d.host());
      if (cause == null || rank(c) < rank(cause)) {
        cause = c;
      }
    }
    if (!any) {
      return;
    }
    ObjectNode verdict = h.putObject("verdict");
    verdict.put("cause", cause);
    verdict.putNull("text"); // each client's line is in warnings and perClient
    verdict.put("machineBusy", machineBusy);
    verdict.set("hostsByCause", hosts);
    h.set("causes", causes(dirs));
  }

  private static int rank(String cause) {
    int i = PRIORITY.indexOf(cause);
    return i < 0 ? PRIORITY.size() : i;
  }

  private static ObjectNode causes(List<ResultDir> dirs) {
    ObjectNode out = Json.object();
    boolean allMeasured = true;
    for (ResultDir d : dirs) {
      allMeasured &= d.summary().path("health").path("causes").path("cpuWaitMeasured").asBoolean(false);
    }
    out.put("cpuWaitMeasured", allMeasured);
    for (String f : SUMMED) {
      double sum = 0;
      boolean seen = false;
      for (ResultDir d : dirs) {
        JsonNode v = d.summary().path("health").path("causes").get(f);
        if (v != null && v.isNumber()) {
          sum += v.asDouble();
          seen = true;
        }
      }
      if (!seen || !allMeasured && f.startsWith("cpu") && f.endsWith("Sec")) {
        out.putNull(f); // a sum over some clients only would understate the wait
      } else if (f.endsWith("Sec")) {
        out.put(f, sum);
      } else {
        out.put(f, (long) sum);
      }
    }
    for (String f : MAXIMA) {
      JsonNode best = null;
      for (ResultDir d : dirs) {
        JsonNode v = d.summary().path("health").path("causes").get(f);
        if (v != null && v.isNumber() && (best == null || v.asDouble() > best.asDouble())) {
          best = v;
        }
      }
      if (best == null) {
        out.putNull(f);
      } else {
        out.set(f, best.deepCopy());
      }
    }
    return out;
  }
}
