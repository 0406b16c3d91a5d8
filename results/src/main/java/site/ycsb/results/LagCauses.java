package site.ycsb.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Arrays;
import java.util.List;

import site.ycsb.output.SummaryFields;
import site.ycsb.output.SummaryFields.Causes;
import site.ycsb.output.SummaryFields.Health;
import site.ycsb.output.SummaryFields.Verdict;

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
  private static final List<String> SUMMED = Arrays.asList(Causes.CPU_WAIT_SEC, Causes.CPU_RUN_SEC,
      Causes.CPU_CORES, Causes.THREADS, Causes.WORKLOAD_OUTSIDE_CALLS_SEC);
  private static final List<String> MAXIMA = Arrays.asList(Causes.LOAD_AVERAGE, Causes.THREADS_BUSY_IN_CALLS,
      Causes.SERVICE_P999_US, Causes.LONGEST_CALL_US, Causes.HELD_EVERY_THREAD_US, Causes.PROCESS_PAUSE_MAX_US,
      Causes.GC_MAX_PAUSE_US);

  private LagCauses() {
  }

  /** Adds {@code verdict} and {@code causes} to the merged health {@code h}, when any client has them. */
  static void merge(List<ResultDir> dirs, ObjectNode h) {
    String cause = null;
    boolean machineBusy = false;
    ObjectNode hosts = Json.object();
    boolean any = false;
    for (ResultDir d : dirs) {
      JsonNode v = d.summary().path(SummaryFields.HEALTH).path(Health.VERDICT);
      if (!v.isObject()) {
        continue;
      }
      any = true;
      String c = v.path(Verdict.CAUSE).asText("none");
      machineBusy |= v.path(Verdict.MACHINE_BUSY).asBoolean(false);
      ArrayNode list = hosts.has(c) ? (ArrayNode) hosts.get(c) : hosts.putArray(c);
      list.add(d.host());
      if (cause == null || rank(c) < rank(cause)) {
        cause = c;
      }
    }
    if (!any) {
      return;
    }
    ObjectNode verdict = h.putObject(Health.VERDICT);
    verdict.put(Verdict.CAUSE, cause);
    verdict.putNull(Verdict.TEXT); // each client's line is in warnings and perClient
    verdict.put(Verdict.MACHINE_BUSY, machineBusy);
    verdict.set(Verdict.HOSTS_BY_CAUSE, hosts);
    h.set(Health.CAUSES, causes(dirs));
  }

  private static int rank(String cause) {
    int i = PRIORITY.indexOf(cause);
    return i < 0 ? PRIORITY.size() : i;
  }

  private static ObjectNode causes(List<ResultDir> dirs) {
    ObjectNode out = Json.object();
    boolean allMeasured = true;
    for (ResultDir d : dirs) {
      allMeasured &= d.summary().path(SummaryFields.HEALTH).path(Health.CAUSES).path(Causes.CPU_WAIT_MEASURED)
          .asBoolean(false);
    }
    out.put(Causes.CPU_WAIT_MEASURED, allMeasured);
    for (String f : SUMMED) {
      double sum = 0;
      boolean seen = false;
      for (ResultDir d : dirs) {
        JsonNode v = d.summary().path(SummaryFields.HEALTH).path(Health.CAUSES).get(f);
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
        JsonNode v = d.summary().path(SummaryFields.HEALTH).path(Health.CAUSES).get(f);
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
